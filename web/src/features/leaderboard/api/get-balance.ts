import useSWR from 'swr';
import type { BetResult } from '#domain/betting/grading.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { LeaderboardCell, LeaderboardPage, LeaderboardRow } from '#domain/contracts/leaderboard.ts';
import { type SlotName, slotNames } from '#domain/scoring/week-scores.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useLiveView } from '@/lib/live';
import { useCursorPages } from '@/lib/use-cursor-pages';

export type { BetResult, LeaderboardCell, LeaderboardPage, LeaderboardRow };

export const pickSlots = slotNames;
export type PickSlot = SlotName;

export interface LeaderboardQuery {
  sportId: number;
  weekId: number;
  sort: 'week' | 'ytd' | 'live';
  direction: 'desc' | 'asc';
}

type PageInput = LeaderboardQuery & { cursor?: string; limit?: number; showRegularGames?: false };

const pageKey = (input: PageInput) => keyOf(contracts.balance, input);

type PageKey = ReturnType<typeof pageKey>;

export const getLeaderboardPage = ([, input]: PageKey): Promise<LeaderboardPage> => api.call(contracts.balance, input);

/** Which week and order a page answers: the pages kept in view while another loads answer another. */
const askedOf = ({ sportId, weekId, sort, direction }: LeaderboardQuery) => `${sportId}/${weekId}/${sort}/${direction}`;
type AskedPage = LeaderboardPage & { asked: string };
const getAskedPage = async (key: PageKey): Promise<AskedPage> => ({
  ...(await getLeaderboardPage(key)),
  asked: askedOf(key[1]),
});

/**
 * A week's leaderboard page by page in rank order: the first page brings the caller's own row; `loadMore` asks for the
 * next. While another week or order loads (or failed to), the rows kept in view are the last one's: `current` is false.
 */
export function useLeaderboard(query: LeaderboardQuery | undefined) {
  const {
    swr: pages,
    hasMore,
    loadingMore,
    loadMore,
  } = useCursorPages(
    (cursor) => (query ? pageKey(cursor ? { ...query, cursor } : query) : null),
    getAskedPage,
    (page) => page.nextCursor,
    // While another week or order loads, the rows of the last one stay in view (dimmed). While a game of
    // the week is live every loaded page is asked again when the week's live version moves (unchanged ones answer 304).
    { keepPreviousData: true, revalidateAll: true },
  );
  const live = useLiveView(query?.weekId, pages.data, (loaded) => (loaded[0]?.liveGames ?? 0) > 0, pages.mutate);
  const first = pages.data?.[0];
  return {
    rows: pages.data?.flatMap((page) => page.rows),
    current: query !== undefined && first?.asked === askedOf(query),
    me: first?.me ?? null,
    players: first?.players ?? 0,
    live: (first?.liveGames ?? 0) > 0,
    updatedAt: live.updatedAt,
    hasMore,
    loadingMore,
    loadMore,
    error: pages.error,
    isLoading: pages.isLoading,
  };
}

/** The top N of a week by week points, without the picks (the dashboard's block): one page. */
export function useTopOfWeek(sportId: number, weekId: number, top: number) {
  return useSWR<LeaderboardPage, Error, PageKey>(
    pageKey({ sportId, weekId, sort: 'week', direction: 'desc', limit: top, showRegularGames: false }),
    getLeaderboardPage,
  );
}
