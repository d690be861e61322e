import { contracts } from '#domain/contracts/api.ts';
import type { PrizeRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { PrizeFields } from './add-prize';

export interface PrizeEdit extends PrizeFields {
  id: number;
  clientId: number;
  active: boolean;
  /** The version of the prize the edit was made from (its row's). */
  version: number;
}

export const editPrize = ({ clientId: _clientId, ...edit }: PrizeEdit): Promise<PrizeRow> =>
  api.call(contracts.editPrize, edit);

export function useEditPrize() {
  return useContractMutation(contracts.editPrize, editPrize);
}
