import { contracts } from '#domain/contracts/api.ts';
import type { AdminMessageRow, AdminMessagesPage } from '#domain/contracts/support.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useCursorPages } from '@/lib/use-cursor-pages';

export type { AdminMessageRow };

/** Messages a page asks for. */
export const messagesPerPage = 20;

const pageKey = (cursor: string | undefined) =>
  keyOf(contracts.adminMessageList, cursor ? { limit: messagesPerPage, cursor } : { limit: messagesPerPage });

type PageKey = ReturnType<typeof pageKey>;

export const getAdminMessages = ([, input]: PageKey): Promise<AdminMessagesPage> =>
  api.call(contracts.adminMessageList, input);

/** The messages to the client's administrators, newest first; `loadMore` asks for the older ones a page at a time. */
export function useAdminMessages() {
  const { pages, hasMore, loadingMore, loadMore, swr } = useCursorPages(
    pageKey,
    getAdminMessages,
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
