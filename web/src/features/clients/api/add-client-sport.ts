import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ClientSport, DayFlags } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { clientSportsKey } from '@/lib/api/get-client-sports';

export interface NewClientSport extends DayFlags {
  clientId: number;
  sportId: number;
  affiliateId: number;
}

export const addClientSportKey = '/api/Client/add-sport';

/** Gives a client a sport, with the affiliate its lines come from and its pick days. */
export const addClientSport = (sport: NewClientSport): Promise<ClientSport> =>
  api.call(contracts.addClientSport, sport);

export function useAddClientSport() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ClientSport, Error, typeof addClientSportKey, NewClientSport>(
    addClientSportKey,
    async (_key, { arg }) => {
      const added = await addClientSport(arg);
      void mutate(clientSportsKey(arg.clientId));
      return added;
    },
    { throwOnError: false },
  );
}
