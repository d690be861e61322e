// @vitest-environment happy-dom
// The Notifications page's older announcements, a page at a time behind the newest page's cursor: a new
// announcement, which moves that cursor, keeps the older pages a reader opened (read again from the new cursor)
// instead of folding the list up under them.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { AnnouncementsPage } from '#domain/contracts/announcements.ts';
import { useOlderAnnouncements } from '@/features/notifications/api/get-older-announcements';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

const row = (id: number) => ({
  id,
  title: `Notice ${id}`,
  body: `Number ${id}.`,
  createdAt: '2026-11-20T12:00:00.000Z',
  authorName: 'Coach',
  sendEmail: false,
});
/** Twenty a page, newest first; a page's cursor is the id its last row has, and the next page starts below it. */
const pageBelow = (cursor: number): AnnouncementsPage => {
  const data = Array.from({ length: Math.min(20, cursor - 1) }, (_, index) => row(cursor - 1 - index));
  const last = data.at(-1)?.id ?? 1;
  return { data, cursor: last > 1 ? String(last) : null, readThrough: 0 };
};

describe('the older announcements shown', () => {
  it('stay shown, a page for a page, when a new announcement moves the newest page', async () => {
    // The pages read from the moved cursor are answered when the test says.
    const gate: { held?: Promise<void>; answer?: () => void } = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const { pathname, searchParams } = new URL(url, 'http://localhost');
        if (pathname !== contracts.announcementList.path) return jsonAnswer(404, { error: 'no', code: 'NOT_FOUND' });
        await gate.held;
        return jsonAnswer(200, pageBelow(Number(searchParams.get('cursor'))));
      }),
    );
    // 60 announcements: the newest page holds 60 to 41.
    const view = renderHook((newest: AnnouncementsPage) => useOlderAnnouncements(newest), {
      initialProps: { data: [], cursor: '41', readThrough: 0 },
      wrapper: ({ children }) => inFreshApp(children),
    });
    await act(() => view.result.current.loadMore());
    await act(() => view.result.current.loadMore());
    await waitFor(() => expect(view.result.current.pages).toHaveLength(2));
    expect(view.result.current.pages.flatMap((page) => page.data).at(-1)?.id).toBe(1);

    // Announcement 61 arrives: the newest page now holds 61 to 42.
    gate.held = new Promise((answered) => (gate.answer = answered));
    view.rerender({ data: [], cursor: '42', readThrough: 0 });
    // While they are read, the pages shown stay.
    expect(view.result.current.pages.flatMap((page) => page.data)).toHaveLength(40);
    expect(view.result.current.loadingMore).toBe(false);
    gate.answer!();
    await waitFor(() => expect(view.result.current.pages[0]?.data[0]?.id).toBe(41));
    // Two pages still, 41 to 2: the oldest one is a page further down now.
    expect(view.result.current.pages).toHaveLength(2);
    expect(view.result.current.pages.flatMap((page) => page.data).at(-1)?.id).toBe(2);
    expect(view.result.current.hasMore).toBe(true);
  });

  it('are none once the newest page is the only one (announcements deleted): nothing kept from before is shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonAnswer(200, pageBelow(Number(new URL(url, 'http://localhost').searchParams.get('cursor')))),
      ),
    );
    const view = renderHook((newest: AnnouncementsPage) => useOlderAnnouncements(newest), {
      initialProps: { data: [], cursor: '21', readThrough: 0 } as AnnouncementsPage,
      wrapper: ({ children }) => inFreshApp(children),
    });
    await act(() => view.result.current.loadMore());
    await waitFor(() => expect(view.result.current.pages).toHaveLength(1));
    view.rerender({ data: [], cursor: null, readThrough: 0 });
    expect(view.result.current.pages).toEqual([]);
    expect(view.result.current.hasMore).toBe(false);
  });
});
