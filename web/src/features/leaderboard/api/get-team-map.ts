import { useMemo } from 'react';
import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { TeamMapEntry } from '#domain/contracts/catalogue.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { TeamMapEntry };

export const teamMapKey = (sportId: number) => keyOf(contracts.teamMap, { sportId });

/** A sport's teams once per page: cells name teams by id. The browser revalidates it by its ETag (a 304 carries nothing). */
export const getTeamMap = (sportId: number): Promise<TeamMapEntry[]> => api.call(contracts.teamMap, { sportId });

export function useTeamMap(sportId: number | undefined) {
  const { data } = useSWR<TeamMapEntry[], Error, ReturnType<typeof teamMapKey> | null>(
    sportId === undefined ? null : teamMapKey(sportId),
    ([, { sportId: id }]) => getTeamMap(id),
    { revalidateOnFocus: false },
  );
  return useMemo(() => new Map((data ?? []).map((team) => [team.id, team])), [data]);
}
