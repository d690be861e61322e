// @vitest-environment happy-dom
// A page opened before kickoff starts following the game by itself (docs/live-game-day.md): showing no live game it
// asks its week's live version every minute, and once the version moves (a game kicked off) it reads its view again,
// which then shows the game live and is followed every 10 s.
import { act, cleanup, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveVersionEveryMs, quietLiveVersionEveryMs } from '#domain/processes/live-window.ts';
import { useLiveView } from '@/lib/live';

const versionAnswer = (version: string) =>
  new Response(JSON.stringify({ version, at: new Date().toISOString(), games: [] }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function Page({ live, revalidate }: { live: boolean; revalidate: () => void }) {
  useLiveView(20263301, { live }, (data) => data.live, revalidate);
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a page showing no live game yet', () => {
  it('asks the live version every minute and reads its view again once it moves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let version = 'before-kickoff';
    const asked = vi.fn(async () => versionAnswer(version));
    vi.stubGlobal('fetch', asked);
    const revalidate = vi.fn();
    const page = (live: boolean) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Page live={live} revalidate={revalidate} />
      </SWRConfig>
    );
    const { rerender } = render(page(false));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(asked).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(liveVersionEveryMs));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(revalidate).not.toHaveBeenCalled();

    version = 'kicked-off';
    await act(() => vi.advanceTimersByTimeAsync(quietLiveVersionEveryMs));
    expect(asked).toHaveBeenCalledTimes(2);
    expect(revalidate).toHaveBeenCalledTimes(1);

    // Read again, the view shows the game live: from then on it is followed every 10 s.
    rerender(page(true));
    await act(() => vi.advanceTimersByTimeAsync(quietLiveVersionEveryMs));
    expect(asked.mock.calls.length).toBeGreaterThanOrEqual(2 + quietLiveVersionEveryMs / liveVersionEveryMs - 1);
  });
});
