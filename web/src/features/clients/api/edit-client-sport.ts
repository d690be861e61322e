import type { ClientSport, DayFlags } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

/** New pick days, a new affiliate, or both; what is left out stays. */
export interface ClientSportChange extends Partial<DayFlags> {
  id: number;
  clientId: number;
  affiliateId?: number;
  /** The version the form was opened on: an edit another administrator made since is not undone (409). */
  version: number;
}

/** Changes a client sport's pick days or its affiliate (for the games not started yet). */
export const editClientSport = ({ clientId: _clientId, ...change }: ClientSportChange): Promise<ClientSport> =>
  api.call(contracts.editClientSport, change);

export function useEditClientSport() {
  return useContractMutation(contracts.editClientSport, editClientSport);
}
