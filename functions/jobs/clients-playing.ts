// The clients a sport's scheduled work is for: the live ones that play it.
import type { Deps } from '../adapters/deps.ts';
import { getClientSport } from '../store/catalogue.ts';
import { listAllClients } from '../store/clients.ts';

/** The live clients that play the sport (of `clientIds` when given, else of every client). */
export async function clientsPlaying(deps: Deps, sportId: number, clientIds?: readonly number[]): Promise<number[]> {
  const candidates =
    clientIds ?? (await listAllClients(deps)).filter((client) => !client.archivedAt).map((client) => client.id);
  const playing: number[] = [];
  for (const clientId of candidates) if (await getClientSport(deps, clientId, sportId)) playing.push(clientId);
  return playing;
}
