import useSWR from 'swr';
import { api } from '../../../lib/api-client';

/** A sport the client plays, as offered by one affiliate (spec §3, client sport). */
export interface ClientSport {
  id: number;
  sportId: number;
  sportName: string;
  affiliateId: number;
  affiliateName: string;
}

export const clientSportsKey = (clientId: number) => ['/api/Client/sport-list', clientId] as const;

export const getClientSports = (clientId: number): Promise<ClientSport[]> =>
  api.get<ClientSport[]>('/api/Client/sport-list', { query: { clientId } });

export function useClientSports(clientId: number) {
  return useSWR<ClientSport[], Error, ReturnType<typeof clientSportsKey>>(clientSportsKey(clientId), ([, id]) => getClientSports(id));
}
