import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { ClientRow } from '#domain/contracts/clients.ts';
import { api } from '@/lib/api-client';
import { isClientListKey } from './get-clients';

export interface ClientFields {
  name: string;
  domain: string;
}

export const createClientKey = '/api/Client/create';

/** Creates a client with its domain (and, on the server, its Bettor and Company Admin roles). */
export const createClient = (fields: ClientFields): Promise<ClientRow> => api.call(contracts.createClient, fields);

export function useCreateClient() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<ClientRow, Error, typeof createClientKey, ClientFields>(
    createClientKey,
    async (_key, { arg }) => {
      const client = await createClient(arg);
      void mutate(isClientListKey);
      return client;
    },
    { throwOnError: false },
  );
}
