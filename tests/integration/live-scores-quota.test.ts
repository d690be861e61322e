// Live Scores on a feed with a quota (The Odds API) on the live Sunday: it polls less often as the quota the feed
// reports runs low, says so in the log, and stops polling once the quota is used up.
import { describe, expect, it } from 'vitest';
import { liveScoresOfSport } from '../../functions/jobs/live-scores.ts';
import { createOddsApiFeed } from '../../functions/providers/odds-api/odds-api-feed.ts';
import { getSport } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { useCapturedLogs } from '../support/captured-logs.ts';
import { fixture } from '../support/fake-feed.ts';
import { feed, nfl, useLiveSunday } from './support/live-scores.ts';

const { given, at } = useLiveSunday();

describe('a feed with a quota (The Odds API): live polling slows down as x-requests-remaining runs low', () => {
  const scoresPath = '/v4/sports/americanfootball_nfl/scores';
  const oddsFeed = (instant: string) =>
    createOddsApiFeed({
      baseUrl: feed.baseUrl,
      apiKey: async () => 'test-key',
      now: () => new Date(instant),
      transport: { allowLoopback: true, sleep: async () => undefined },
    });
  const logs = useCapturedLogs();
  const pollAt = async (instant: string) =>
    liveScoresOfSport(at(instant), (await getSport(given.stack.deps, nfl))!, oddsFeed(instant), new Date(instant));

  it('polls at every minute while plenty remain, then once in 30 minutes when few do, and says so in the log', async () => {
    feed.setRoutes([
      {
        path: scoresPath,
        answers: [{ body: fixture('odds-api/nfl-scores.json'), headers: { 'x-requests-remaining': '150' } }],
      },
    ]);
    const before = feed.count(scoresPath);
    await pollAt('2026-11-22T19:41:00.000Z');
    expect(feed.count(scoresPath)).toBe(before + 1);
    const stored = await getItem<{ remaining: number }>(given.stack.deps, keys.feedQuota('odds-api'));
    expect(stored?.remaining).toBe(150);
    expect(logs.lines.join('\n')).toContain('Live Scores slows down: the feed quota runs low');

    // 150 left: only on the half hour; 19:42 waits without a call.
    expect(await pollAt('2026-11-22T19:42:00.000Z')).toMatchObject({ waitedForQuota: 1, changed: 0 });
    expect(feed.count(scoresPath)).toBe(before + 1);
    expect(logs.lines.join('\n')).toContain('Live Scores waits for the feed quota');
    await pollAt('2026-11-22T20:00:00.000Z');
    expect(feed.count(scoresPath)).toBe(before + 2);
  });

  it('a quota used up turns live polling off', async () => {
    await putItem(given.stack.deps, { ...keys.feedQuota('odds-api'), remaining: 0, at: '2026-11-22T20:00:00.000Z' });
    const before = feed.count(scoresPath);
    expect(await pollAt('2026-11-22T20:30:00.000Z')).toMatchObject({ waitedForQuota: 1 });
    expect(feed.count(scoresPath)).toBe(before);
  });
});
