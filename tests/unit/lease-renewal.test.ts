import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRenewing } from '../../functions/jobs/lease-renewal.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('a lease kept while work goes on', () => {
  it('is renewed every period until stopped, and a failed renewal does not stop the next ones', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = keepRenewing(
      async () => {
        calls += 1;
        if (calls === 2) throw new Error('throttled');
      },
      30_000,
      'Process lease',
      { processId: 3 },
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);

    await stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toBe(3);
  });

  it('stopping waits for a renewal under way, so none lands after the lease is let go', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let land!: () => void;
    const stop = keepRenewing(
      () =>
        new Promise<void>((resolve) => {
          events.push('renewal sent');
          land = () => {
            events.push('renewal landed');
            resolve();
          };
        }),
      30_000,
      'Job lease',
      { jobId: 1 },
    );
    await vi.advanceTimersByTimeAsync(30_000);
    const stopped = stop().then(() => events.push('stopped'));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['renewal sent']);
    land();
    await stopped;
    expect(events).toEqual(['renewal sent', 'renewal landed', 'stopped']);
  });
});
