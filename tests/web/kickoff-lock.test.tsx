// @vitest-environment happy-dom
// The Picks page judges kickoffs by the server's clock, which moves every half minute and at each kickoff: a game locks
// the moment it starts, never up to half a minute later (a Place Bet the server would refuse with GAME_STARTED).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useServerNow } from '@/lib/server-clock';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Card({ kickoffs }: { kickoffs: readonly number[] }) {
  const now = useServerNow(30_000, kickoffs);
  return <p>{kickoffs.map((kickoff) => (kickoff > now ? 'open' : 'locked')).join(' ')}</p>;
}

describe('the clock the pick cards read', () => {
  it('moves at each kickoff, so each game locks as it starts, between the half-minute ticks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-22T17:59:45Z'));
    const kickoffs = [Date.parse('2026-11-22T18:00:00Z'), Date.parse('2026-11-22T18:00:05Z')];
    render(<Card kickoffs={kickoffs} />);
    expect(screen.getByText('open open')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(14_999));
    expect(screen.getByText('open open')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('locked open')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('locked locked')).toBeTruthy();
  });
});
