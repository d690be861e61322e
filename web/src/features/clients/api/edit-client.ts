import { contracts } from '#domain/contracts/api.ts';
import type { ClientRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface ClientEdit {
  id: number;
  /** Left out, the client keeps its name. */
  name?: string;
  /** Left out, the client keeps its domain. */
  domain?: string;
}

/** Renames a client or moves it to a new domain. */
export const editClient = (edit: ClientEdit): Promise<ClientRow> => api.call(contracts.editClient, edit);

export function useEditClient() {
  return useContractMutation(contracts.editClient, editClient);
}
