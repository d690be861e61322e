import useSWR from 'swr';
import type { Team } from '#domain/catalogue/types.ts';
import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export type { Team };

export const teamListKey = (sportId: number) => ['/api/Team/list', sportId] as const;

export const getTeamList = (sportId: number): Promise<Team[]> =>
  api.call(contracts.teamList, { sportId, limit: 100, page: 1 });

/** A sport's teams (names, logos, the team filter); teams change rarely, so no refetch on focus. */
export function useTeamList(sportId: number | undefined) {
  return useSWR<Team[], Error, ReturnType<typeof teamListKey> | null>(
    sportId === undefined ? null : teamListKey(sportId),
    ([, id]) => getTeamList(id),
    { revalidateOnFocus: false },
  );
}
