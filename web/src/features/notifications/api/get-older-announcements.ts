import useSWRInfinite from 'swr/infinite';
import { contracts } from '#domain/contracts/api.ts';
import type { AnnouncementsPage } from '#domain/contracts/announcements.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

const olderKey = (cursor: string) => keyOf(contracts.announcementList, { limit: 20, cursor });

type OlderKey = ReturnType<typeof olderKey>;

export const getOlderAnnouncements = ([, input]: OlderKey): Promise<AnnouncementsPage> =>
  api.call(contracts.announcementList, input);

/**
 * The announcements older than the newest page (which the bell and the dashboard share), a page at a time from its
 * cursor; none is asked for until `loadMore`.
 */
export function useOlderAnnouncements(newest: AnnouncementsPage | undefined) {
  const pages = useSWRInfinite<
    AnnouncementsPage,
    Error,
    (index: number, previous: AnnouncementsPage | null) => OlderKey | null
  >(
    (index, previous) => {
      const cursor = index === 0 ? newest?.cursor : previous?.cursor;
      return cursor ? olderKey(cursor) : null;
    },
    getOlderAnnouncements,
    { initialSize: 0, revalidateFirstPage: false },
  );
  const last = pages.data?.at(-1) ?? newest;
  return {
    pages: pages.data ?? [],
    hasMore: !!last?.cursor,
    loadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    loadMore: () => pages.setSize(pages.size + 1),
  };
}
