import type { Arguments } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';

/**
 * A list read a page at a time behind cursors, the one way the app does it: `keyAt(cursor)` is a page's key (the first
 * page's is asked with no cursor; null: nothing to ask), `next` the cursor a page answers for the page after it (none
 * at the end), and `loadMore` asks for that page.
 */
export function useCursorPages<Page, Key extends Arguments>(
  keyAt: (cursor: string | undefined) => Key | null,
  fetcher: (key: Key) => Promise<Page>,
  next: (page: Page) => string | null | undefined,
  options?: Pick<SWRInfiniteConfiguration, 'initialSize' | 'keepPreviousData' | 'revalidateAll'>,
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
  const loaded = pages.data ?? [];
  const last = loaded.at(-1);
  return {
    pages: loaded,
    hasMore: last ? !!next(last) : pages.size === 0 && keyAt(undefined) !== null,
    loadingMore: pages.isValidating && pages.size > loaded.length,
    loadMore: () => pages.setSize(pages.size + 1),
    swr: pages,
  };
}
