import { useEffect, useRef } from 'react';
import type { Arguments } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';

/** The lists on screen now, each by its first page's key and its ask for every loaded page again. */
const shownLists = new Set<{ key: () => unknown; askAgain: () => unknown }>();

/**
 * Asks every loaded page again of each list on screen whose first page's key `matches` (SWR's key filter, which a
 * change's reads go by in use-contract-mutation.ts, passes a list read page by page over); settles once they are read.
 */
export function askListsAgain(matches: (key: unknown) => boolean): Promise<unknown[]> {
  return Promise.all([...shownLists].filter((list) => matches(list.key())).map((list) => list.askAgain()));
}

/**
 * A list read a page at a time behind cursors, the one way the app does it: `keyAt(cursor)` is a page's key (the first
 * page's is asked with no cursor; null: nothing to ask), `next` the cursor a page answers for the page after it (none
 * at the end), and `loadMore` asks for that page. A list shown again asks its loaded pages again, as a change of what
 * it reads does while it is shown.
 */
export function useCursorPages<Page, Key extends Arguments>(
  keyAt: (cursor: string | undefined) => Key | null,
  fetcher: (key: Key) => Promise<Page>,
  next: (page: Page) => string | null | undefined,
  options?: Pick<SWRInfiniteConfiguration, 'initialSize' | 'persistSize' | 'keepPreviousData' | 'revalidateAll'>,
) {
  const pages = useSWRInfinite<Page, Error, (index: number, previous: Page | null) => Key | null>(
    (index, previous) => {
      if (index === 0) return keyAt(undefined);
      const cursor = previous && next(previous);
      return cursor ? keyAt(cursor) : null;
    },
    // SWR types its fetcher by a conditional over the key, which a generic key leaves unresolved.
    fetcher as never,
    { revalidateFirstPage: false, ...options },
  );
  const latest = useRef({ keyAt, mutate: pages.mutate });
  useEffect(() => {
    latest.current = { keyAt, mutate: pages.mutate };
  });
  useEffect(() => {
    const list = { key: () => latest.current.keyAt(undefined), askAgain: () => latest.current.mutate() };
    shownLists.add(list);
    // Pages kept from an earlier visit are asked again (SWR asks only those not loaded yet).
    if (pages.data) void pages.mutate();
    return () => void shownLists.delete(list);
    // Once per showing: the latest key and mutate are read through the ref.
  }, []);
  // No first page to ask (its key null) lists nothing, whatever pages are kept from before (keepPreviousData).
  const loaded = keyAt(undefined) === null ? [] : (pages.data ?? []);
  const last = loaded.at(-1);
  return {
    pages: loaded,
    hasMore: last ? !!next(last) : pages.size === 0 && keyAt(undefined) !== null,
    loadingMore: pages.isValidating && pages.size > loaded.length,
    loadMore: () => pages.setSize(pages.size + 1),
    swr: pages,
  };
}
