import { contracts } from '#domain/contracts/api.ts';
import type { PrizeRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface PrizeFields {
  name: string;
  cost: number;
}

export interface NewPrize extends PrizeFields {
  clientId: number;
}

export const addPrize = (prize: NewPrize): Promise<PrizeRow> => api.call(contracts.addPrize, prize);

export function useAddPrize() {
  return useContractMutation(contracts.addPrize, addPrize);
}
