import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type AdminMessageInput = RequestOf<typeof contracts.contactAdmin>;

export const contactAdmin = (input: AdminMessageInput): Promise<ResponseOf<typeof contracts.contactAdmin>> =>
  api.call(contracts.contactAdmin, input);

/** Sends the message; an administrator who wrote to the others sees it in their Messages list at once. */
export function useContactAdmin() {
  return useContractMutation(contracts.contactAdmin, contactAdmin);
}
