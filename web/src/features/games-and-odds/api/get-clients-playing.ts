import useSWR from 'swr';
import { type ClientRow } from '@/lib/api/get-client-choices';
import { getClientSports } from '@/lib/api/get-client-sports';

export const clientsPlayingKey = (sportId: number, clientIds: readonly number[]) =>
  ['/api/Client/sport-list', 'playing', sportId, clientIds.join(',')] as const;

/** The clients, in the order given, that play the sport. */
export async function getClientsPlaying(sportId: number, clients: readonly ClientRow[]): Promise<ClientRow[]> {
  const plays = await Promise.all(
    clients.map(async (client) => (await getClientSports(client.id)).some((sport) => sport.sportId === sportId)),
  );
  return clients.filter((_, index) => plays[index]);
}

/** Undefined clients ask for nothing. */
export function useClientsPlaying(sportId: number, clients: readonly ClientRow[] | undefined) {
  return useSWR<ClientRow[], Error, ReturnType<typeof clientsPlayingKey> | null>(
    clients
      ? clientsPlayingKey(
          sportId,
          clients.map((client) => client.id),
        )
      : null,
    () => getClientsPlaying(sportId, clients!),
  );
}
