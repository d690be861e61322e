// What the Live Scores tests share: ESPN's site API served from 127.0.0.1 (a scoreboard recorded mid-afternoon on an
// NFL Sunday), the stack at 12:30 that Sunday in New York with the 2026 season imported from the scoreboard as it
// stood at noon, and the stack's services with their clock at another instant.
import { afterAll, beforeAll, expect } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { fixedClock } from '../../../functions/adapters/clock.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { espnRoutes, liveSunday, type Scoreboard } from '../../support/espn-live-sunday.ts';
import { type FakeFeed, startFakeFeed } from '../../support/fake-feed.ts';
import { runImportJob } from './call.ts';
import { useTestStack } from './test-stack.ts';

export const nfl = 33;
export const sunday = liveSunday();

/** The same scoreboard as it stood at noon: the 1 pm games not started yet. */
function beforeKickoff(board: Scoreboard): Scoreboard {
  const noon = structuredClone(board);
  for (const event of noon.events.filter((each) => each.status.type.state === 'in')) {
    const scheduled = {
      type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false, shortDetail: '11/22 - 1:00 PM EST' },
    };
    event.status = scheduled;
    event.competitions[0]!.status = scheduled;
    for (const side of event.competitions[0]!.competitors) {
      side.score = '0';
      delete side.linescores;
    }
  }
  return noon;
}

// Set before the test file's tests run (useLiveSunday).
export let feed: FakeFeed;
export let admin: string;

/** One stack for the test file on the live Sunday, the season imported from the feed; stopped with the feed after. */
export function useLiveSunday() {
  const given = useTestStack({
    now: '2026-11-22T17:30:00Z',
    settings: { DEMO_SEASON_START: '2025-09-03', SPORTS_PROVIDER: 'espn' },
  });
  beforeAll(async () => {
    feed = await startFakeFeed(espnRoutes(beforeKickoff(sunday)));
    given.stack.settings.ESPN_BASE_URL = feed.baseUrl;
    admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
    const season = await runImportJob(given, admin, contracts.importSeason, {
      sportId: nfl,
      seasonYear: 2026,
    });
    expect(season).toMatchObject({ status: 'succeeded', counts: { refused: 0 } });
  });
  afterAll(() => feed?.stop());

  const at = (instant: string): Deps => ({ ...given.stack.deps, clock: fixedClock(instant) });
  return { given, at };
}
