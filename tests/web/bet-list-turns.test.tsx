// @vitest-environment happy-dom
// A week's picks page left open reads its list again when its rules turn (docs/rules.md, Bonus day and Week): at the
// moment bonus picks open, and when the shown week begins or ends, so its buttons follow without a reload.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { useBetListTurns } from '@/lib/use-read-again-at';

const week = {
  id: 20263301,
  sportId: 33,
  seasonId: 202633,
  number: 1,
  beginDate: '2026-11-18T05:00:00.000Z',
  endDate: '2026-11-25T04:59:59.999Z',
};
const list = (bonusOpensAt: string | null, shown = week) =>
  ({
    data: [],
    slipVersion: 0,
    week: shown,
    weekIsCurrent: true,
    isBonusDay: false,
    bonusOpensAt,
  }) as unknown as BetList;

function Picks({ answer, revalidate }: { answer: BetList; revalidate: () => void }) {
  useBetListTurns(answer, revalidate);
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a picks list left open', () => {
  it('is read again just after bonus picks open, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T04:55:00Z'));
    const revalidate = vi.fn();
    render(<Picks answer={list('2026-11-23T05:00:00.000Z')} revalidate={revalidate} />);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(revalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('is read again once, just after bonus picks open hours later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
    const revalidate = vi.fn();
    render(<Picks answer={list('2026-11-23T05:00:00.000Z')} revalidate={revalidate} />);
    await act(() => vi.advanceTimersByTimeAsync(3 * 60 * 60_000 - 1000));
    expect(revalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('of a week still to come is read again when it begins', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-18T04:30:00Z'));
    const revalidate = vi.fn();
    render(<Picks answer={list(null)} revalidate={revalidate} />);
    await act(() => vi.advanceTimersByTimeAsync(31 * 60_000));
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('asks at its turn with its ETag, which turns then too (a last-day bonus opening of any minute is on its stamp)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-24T16:58:00Z'));
    const sent: (string | null)[] = [];
    const answer = () => new Response('{}', { headers: { ETag: '"week-1"', 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get('If-None-Match'));
        return answer();
      }),
    );
    const read = () => api.call(contracts.betList, { sportId: 33, weekId: week.id });
    await read();
    await read();
    render(<Picks answer={list('2026-11-24T17:10:00.000Z')} revalidate={read} />);
    await act(() => vi.advanceTimersByTimeAsync(13 * 60_000));
    expect(sent).toEqual([null, '"week-1"', '"week-1"']);
  });
});
