// Start New Season switches the sport's current season; Close Week and Import Scores read the current season only, so
// the weeks of the season it replaces would never close after the switch. The job closes the finished ones for every
// client playing the sport first (docs/rules.md, Imports), and the route refuses the switch until the last week is
// over (tests/api/start-new-season.test.ts).
import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { contracts } from '#domain/contracts/api.ts';
import { weekStreamId } from '#domain/scoring/close-week.ts';
import { importSeason } from '../../functions/jobs/import-season.ts';
import type { FeedGame, SportsFeed } from '../../functions/providers/port.ts';
import { getSeason, getSport } from '../../functions/store/catalogue.ts';
import { createTenant, memberWith } from '../security/support/probe-tenants.ts';
import { runImportJob } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday of week 9: weeks 1 to 8 are over.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;

/** The next season's feed: one game in September 2027. */
const nextSeason: FeedGame = {
  ref: 'next-opener',
  seasonYear: 2027,
  beginning: '2027-09-10T00:20:00Z',
  home: { ref: 'home', name: 'Kansas City Chiefs' },
  away: { ref: 'away', name: 'Buffalo Bills' },
  status: GameStatus.Upcoming,
  homeScore: null,
  awayScore: null,
};
const feed = {
  name: 'demo',
  listTeams: async () => [],
  listSeasonGames: async () => [nextSeason],
} as unknown as SportsFeed;

describe('Start New Season of the next year', () => {
  it('closes the replaced season’s finished weeks for a client whose weeks were still open, then switches', async () => {
    const deps = given.stack.deps;
    const league = await createTenant(deps, 'Switch League', 'switch-league');
    await memberWith(deps, league, [Permission.SetBets, Permission.ViewOwnProfile], { login: 'switcher' });
    const closed = async (number: number) =>
      !!(await deps.events.readLast(weekStreamId(league.id, nfl, 20263300 + number)))?.events.some(
        (event) => event.type === 'WeekClosed',
      );
    // The demo's commissioner imports the scores: weeks 1 to 8 are over, and closed for the demo only.
    const coach = await given.api.signIn('coach');
    expect(await runImportJob(given, coach, contracts.importScores, { sportId: nfl })).toMatchObject({
      counts: { weeksClosed: 8 },
    });
    expect(await closed(1)).toBe(false);

    await importSeason(deps, (await getSport(deps, nfl))!, feed, 2027, 1);

    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(closed))).toEqual(Array(8).fill(true));
    expect(await closed(9)).toBe(false);
    expect(await getSeason(deps, nfl)).toMatchObject({ year: 2027 });
  });
});
