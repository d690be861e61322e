import useSWR from 'swr';
import type { ClientSport as StoredClientSport } from '../../../../../domain/catalogue/types';
import { api } from '../../../lib/api-client';

/** A sport the client plays, as offered by one affiliate, with its pick and bonus days (spec §3). */
export type ClientSport = Omit<StoredClientSport, 'clientId'>;

export const clientSportsKey = (clientId: number) => ['/api/Client/sport-list', clientId] as const;

export const getClientSports = (clientId: number): Promise<ClientSport[]> =>
  api.get<ClientSport[]>('/api/Client/sport-list', { query: { clientId } });

/** The client's sports; undefined (no user yet) asks for nothing. */
export function useClientSports(clientId: number | undefined) {
  return useSWR<ClientSport[], Error, ReturnType<typeof clientSportsKey> | null>(
    clientId === undefined ? null : clientSportsKey(clientId),
    ([, id]) => getClientSports(id),
  );
}
