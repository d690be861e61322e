import { contracts } from '#domain/contracts/api.ts';
import type { ClientRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface ClientFields {
  name: string;
  domain: string;
}

/** Creates a client with its domain (and, on the server, its Bettor and Company Admin roles). */
export const createClient = (fields: ClientFields): Promise<ClientRow> => api.call(contracts.createClient, fields);

export function useCreateClient() {
  return useContractMutation(contracts.createClient, createClient);
}
