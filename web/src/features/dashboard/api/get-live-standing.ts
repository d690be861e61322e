import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useLiveView } from '@/lib/live';

export type { LeaderboardPage };

// The first page of the week's Live order, one row long and without picks: read for its `me` and `players`.
const liveQuery = (sportId: number, weekId: number) =>
  ({ sportId, weekId, sort: 'live', direction: 'desc', limit: 1, showRegularGames: false }) as const;

export const liveStandingKey = (sportId: number, weekId: number) =>
  keyOf(contracts.balance, liveQuery(sportId, weekId));

/** Where the caller stands in the week by live points: `me` carries the live rank and points, `players` the field. */
export const getLiveStanding = (sportId: number, weekId: number): Promise<LeaderboardPage> =>
  api.call(contracts.balance, liveQuery(sportId, weekId));

/** The caller's live standing while `live` (a game of the week under way), read again as the week's live version moves. */
export function useLiveStanding(sportId: number | undefined, weekId: number | undefined, live: boolean) {
  const standing = useSWR<LeaderboardPage, Error, ReturnType<typeof liveStandingKey> | null>(
    live && sportId !== undefined && weekId !== undefined ? liveStandingKey(sportId, weekId) : null,
    ([, query]) => getLiveStanding(query.sportId, query.weekId),
  );
  const view = useLiveView(weekId, standing.data, (page) => page.liveGames > 0, standing.mutate);
  return { ...standing, updatedAt: view.updatedAt };
}
