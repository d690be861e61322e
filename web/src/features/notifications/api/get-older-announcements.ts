import { contracts } from '#domain/contracts/api.ts';
import type { AnnouncementsPage } from '#domain/contracts/announcements.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useCursorPages } from '@/lib/use-cursor-pages';

const olderKey = (cursor: string) => keyOf(contracts.announcementList, { limit: 20, cursor });

type OlderKey = ReturnType<typeof olderKey>;

export const getOlderAnnouncements = ([, input]: OlderKey): Promise<AnnouncementsPage> =>
  api.call(contracts.announcementList, input);

/**
 * The announcements older than the newest page (which the bell and the dashboard share), a page at a time from its
 * cursor; none is asked for until `loadMore`.
 */
export function useOlderAnnouncements(newest: AnnouncementsPage | undefined) {
  return useCursorPages(
    (cursor) => {
      const from = cursor ?? newest?.cursor;
      return from ? olderKey(from) : null;
    },
    getOlderAnnouncements,
    (page) => page.cursor,
    // A new announcement moves the newest page's cursor: the older pages shown stay, as many read again from the new
    // cursor, and shown as they were meanwhile, so the list does not fold up under a reader.
    { initialSize: 0, persistSize: true, keepPreviousData: true },
  );
}
