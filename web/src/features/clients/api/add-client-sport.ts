import type { ClientSport, DayFlags } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface NewClientSport extends DayFlags {
  clientId: number;
  sportId: number;
  affiliateId: number;
}

/** Gives a client a sport, with the affiliate its lines come from and its pick days. */
export const addClientSport = (sport: NewClientSport): Promise<ClientSport> =>
  api.call(contracts.addClientSport, sport);

export function useAddClientSport() {
  return useContractMutation(contracts.addClientSport, addClientSport);
}
