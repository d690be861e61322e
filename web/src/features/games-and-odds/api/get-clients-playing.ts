import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { type ClientRow } from '@/lib/api/get-client-choices';
import { getClientSports } from '@/lib/api/get-client-sports';
import { keyOf } from '@/lib/contract-keys';

export const clientsPlayingKey = (sportId: number, clientIds: readonly number[]) =>
  keyOf(contracts.clientSportList, { sportId, clientIds: clientIds.join(',') }, 'playing');

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
