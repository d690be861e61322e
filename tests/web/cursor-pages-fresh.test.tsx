// @vitest-environment happy-dom
// A list read page by page (useCursorPages: Missing Picks, Admin Messages, older announcements, the leaderboard) is
// current like any read: a change whose contract names it asks every loaded page again while it is shown (SWR's key
// filter passes such lists over), and a list shown again asks again the pages an earlier visit loaded.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { keyOf } from '@/lib/contract-keys';
import { useContractMutation } from '@/lib/use-contract-mutation';
import { useCursorPages } from '@/lib/use-cursor-pages';

const pageKey = (cursor?: string) =>
  keyOf(contracts.missingPicks, { sportId: 33, weekId: 9, ...(cursor ? { cursor } : {}) });
type Page = { data: string[]; cursor: string | null };

/** Two pages of players missing picks; the first answers a cursor to the second. */
const reader = () =>
  vi.fn(async ([, input]: ReturnType<typeof pageKey>): Promise<Page> =>
    'cursor' in input ? { data: ['quinn'], cursor: null } : { data: ['alex', 'sam'], cursor: 'after-sam' },
  );

function useMissingPicksAndAChange(read: ReturnType<typeof reader>) {
  return {
    list: useCursorPages(pageKey, read, (page) => page.cursor),
    setBets: useContractMutation(contracts.setBets, async () => ({ saved: true })),
    nudge: useContractMutation(contracts.nudge, async () => ({ jobId: 1 })),
  };
}

afterEach(cleanup);

describe('a list read page by page', () => {
  it('asks every loaded page again after a change that names its read, and none after one that does not', async () => {
    const provider = new Map();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => provider, dedupingInterval: 0 }}>{children}</SWRConfig>
    );
    const read = reader();
    const view = renderHook(() => useMissingPicksAndAChange(read), { wrapper });
    await waitFor(() => expect(view.result.current.list.pages).toHaveLength(1));
    await act(async () => {
      await view.result.current.list.loadMore();
    });
    await waitFor(() => expect(view.result.current.list.pages).toHaveLength(2));
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => {
      await view.result.current.nudge.trigger(undefined);
    });
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => {
      await view.result.current.setBets.trigger(undefined);
    });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(4));
    expect(read.mock.calls.slice(2).map(([[, input]]) => 'cursor' in input)).toEqual([false, true]);

    // Left and shown again: the pages the visit loaded are asked again.
    view.unmount();
    const again = renderHook(() => useMissingPicksAndAChange(read), { wrapper });
    expect(again.result.current.list.pages).toHaveLength(2);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(6));
  });
});
