import useSWRInfinite from 'swr/infinite';
import { contracts } from '#domain/contracts/api.ts';
import type { MissingPick, MissingPicksPage } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

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
  const pages = useSWRInfinite<
    MissingPicksPage,
    Error,
    (index: number, previous: MissingPicksPage | null) => PageKey | null
  >(
    (index, previous) => {
      if (!query || (previous && !previous.cursor)) return null;
      return pageKey(index === 0 ? query : { ...query, cursor: previous!.cursor! });
    },
    getMissingPicks,
    { revalidateFirstPage: false },
  );
  const last = pages.data?.at(-1);
  return {
    rows: pages.data?.flatMap((page) => page.data),
    error: pages.error as Error | undefined,
    hasMore: !!last?.cursor,
    loadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}
