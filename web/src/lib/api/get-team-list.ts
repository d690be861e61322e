import useSWR from 'swr';
import type { Team } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { Team };

export const teamListKey = (sportId: number) => keyOf(contracts.teamList, { sportId, limit: 100, page: 1 });

export const getTeamList = ([, input]: ReturnType<typeof teamListKey>): Promise<Team[]> =>
  api.call(contracts.teamList, input);

/** A sport's teams (names, logos, the team filter); teams change rarely, so no refetch on focus. */
export function useTeamList(sportId: number | undefined) {
  return useSWR<Team[], Error, ReturnType<typeof teamListKey> | null>(
    sportId === undefined ? null : teamListKey(sportId),
    getTeamList,
    { revalidateOnFocus: false },
  );
}
