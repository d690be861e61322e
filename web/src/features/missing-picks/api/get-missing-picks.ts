import { contracts } from '#domain/contracts/api.ts';
import type { MissingPick, MissingPicksPage } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useCursorPages } from '@/lib/use-cursor-pages';

export type { MissingPick };

interface Query {
  sportId: number;
  weekId: number;
}

const pageKey = (input: Query & { cursor?: string }) => keyOf(contracts.missingPicks, input);

type PageKey = ReturnType<typeof pageKey>;

export const getMissingPicks = ([, input]: PageKey): Promise<MissingPicksPage> =>
  api.call(contracts.missingPicks, input);

/** Who has not picked the week, page by page; `loadMore` asks for the next page while there is one. */
export function useMissingPicks(query: Query | undefined) {
  const { pages, hasMore, loadingMore, loadMore, swr } = useCursorPages(
    (cursor) => (query ? pageKey(cursor ? { ...query, cursor } : query) : null),
    getMissingPicks,
    (page) => page.cursor,
  );
  return {
    rows: swr.data && pages.flatMap((page) => page.data),
    error: swr.error,
    hasMore,
    loadingMore,
    loadMore,
    reload: () => swr.mutate(),
  };
}
