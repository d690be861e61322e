import useSWR from 'swr';
import type { ClientSport } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export type { ClientSport };

/** A sport as the sidebar and the sport switcher offer it. */
export type SportChoice = Pick<ClientSport, 'sportId' | 'sportName'>;

// One key for the app's sport list and the Clients page: a change to the signed-in user's own client refreshes the
// sidebar too.
export const clientSportsKey = (clientId: number) => ['/api/Client/sport-list', clientId] as const;

export const getClientSports = (clientId: number): Promise<ClientSport[]> =>
  api.call(contracts.clientSportList, { clientId });

/** The sports a client plays, each with its affiliate and pick days; undefined (no user yet) asks for nothing. */
export function useClientSports(clientId: number | undefined) {
  return useSWR<ClientSport[], Error, ReturnType<typeof clientSportsKey> | null>(
    clientId === undefined ? null : clientSportsKey(clientId),
    ([, id]) => getClientSports(id),
  );
}
