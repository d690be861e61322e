import useSWR from 'swr';
import type { PlayedSport } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type ClientSport = PlayedSport;

/** A sport as the sidebar and the sport switcher offer it. */
export type SportChoice = Pick<ClientSport, 'sportId' | 'sportName' | 'timeZone'>;

// One key for the app's sport list and the Clients page: a change to the signed-in user's own client refreshes the
// sidebar too.
export const clientSportsKey = (clientId: number) => keyOf(contracts.clientSportList, { clientId });

export const getClientSports = (clientId: number): Promise<ClientSport[]> =>
  api.call(contracts.clientSportList, { clientId });

/** The sports a client plays, each with its affiliate and pick days; undefined (no user yet) asks for nothing. */
export function useClientSports(clientId: number | undefined) {
  return useSWR<ClientSport[], Error, ReturnType<typeof clientSportsKey> | null>(
    clientId === undefined ? null : clientSportsKey(clientId),
    ([, input]) => getClientSports(input.clientId),
  );
}
