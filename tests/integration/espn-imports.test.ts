// The import jobs on ESPN's site API, as an operator runs them through the HTTP API with SPORTS_PROVIDER=espn:
// the feed is a recorded one on 127.0.0.1 (tests/fixtures/feeds/espn), nothing leaves the machine. The demo's
// own season is set in 2025, so the 2026 season the feed gives is a season of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { Game, Spread, Team } from '#domain/catalogue/types.ts';
import type { GameEvent } from '#domain/games/game-result.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { weekIdOf } from '#domain/season/weeks.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { getSeason, listAffiliates, listSeasonWeeks, listTeams } from '../../functions/store/catalogue.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { keys } from '../../functions/store/keys.ts';
import { queryAll } from '../../functions/store/state-table.ts';
import { type FakeFeed, startFakeFeed } from '../support/fake-feed.ts';
import { type EspnEvent, espnRoutes, scoreboard, week1, week12 } from './support/espn-season-routes.ts';
import { useTestStack } from './support/test-stack.ts';
import { call, runImportJob } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';

const nfl = 33;
const season2026 = 202633;
const given = useTestStack({
  now: '2026-11-22T19:00:00Z',
  settings: { DEMO_SEASON_START: '2025-09-03', SPORTS_PROVIDER: 'espn' },
});
let feed: FakeFeed;
/** Week 12 as the feed gives it now: each test changes it from what the one before left. */
let latestWeek12 = week12;
let admin: string;

beforeAll(async () => {
  feed = await startFakeFeed(
    espnRoutes([
      { number: 1, board: week1 },
      { number: 12, board: week12 },
    ]),
  );
  given.stack.settings.ESPN_BASE_URL = feed.baseUrl;
  admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
});
afterAll(() => feed?.stop());

const runJob = <C extends Contract>(contract: C, input: RequestOf<C>) => runImportJob(given, admin, contract, input);

async function seasonGames(): Promise<Game[]> {
  const weeks = await listSeasonWeeks(given.stack.deps, season2026);
  return (await Promise.all(weeks.map((week) => listWeekGames(given.stack.deps, week.id)))).flat();
}

async function gameOf(ref: string) {
  const rows = await queryAll<{ kind: string; ref: string; id: number }>(
    given.stack.deps,
    keys.feedRefsPartition('espn', nfl),
  );
  const id = rows.find((row) => row.kind === 'GAME' && row.ref === ref)?.id;
  return (await seasonGames()).find((game) => game.id === id);
}

async function teamNamed(name: string): Promise<Team> {
  return (await listTeams(given.stack.deps, nfl)).find((team) => team.name === name)!;
}

describe('imports from ESPN', () => {
  it("Start New Season makes the feed's 2026 season current: Wednesday-to-Tuesday weeks from the first to the last game, every game once with its kickoff, teams, status and score", async () => {
    const job = await runJob(contracts.importSeason, { sportId: nfl, seasonYear: 2026 });
    expect(job).toMatchObject({ status: 'succeeded', counts: { weeks: 11, gamesAdded: 8, refused: 0 } });
    // Its rows done of all the feed's rows, on the job and in the recent-imports list.
    expect(job.progress).toEqual({ done: 8, total: 8 });
    const recent = (await call(given.api, contracts.importJobList, { limit: 5 }, admin)).body;
    expect(recent.find((listed) => listed.jobId === job.jobId)).toMatchObject({ progress: { done: 8, total: 8 } });

    const season = (await getSeason(given.stack.deps, nfl))!;
    expect(season).toMatchObject({ id: season2026, year: 2026 });
    expect(season.beginDate).toBe('2026-09-09T04:00:00.000Z');
    // It ends with the day of its last game (Monday night, 23 November), not its last week's Tuesday.
    expect(season.endDate).toBe('2026-11-24T04:59:59.999Z');
    expect(await listSeasonWeeks(given.stack.deps, 202533)).toHaveLength(18);

    const opener = (await gameOf('401772001'))!;
    expect(opener).toMatchObject({
      weekId: weekIdOf(season2026, 1),
      beginning: '2026-09-11T00:20:00.000Z',
      homeTeamId: (await teamNamed('Philadelphia Eagles')).id,
      awayTeamId: (await teamNamed('Dallas Cowboys')).id,
      eventStatus: GameStatus.Finished,
      homeTeamScore: 24,
      awayTeamScore: 20,
    });
    expect(await gameOf('401772902')).toMatchObject({
      weekId: weekIdOf(season2026, 11),
      eventStatus: GameStatus.Live,
      homeTeamScore: 14,
      awayTeamScore: 10,
    });
    expect(await gameOf('401772907')).toMatchObject({ eventStatus: GameStatus.Postponed });
    expect(await gameOf('401772904')).toMatchObject({
      eventStatus: GameStatus.Upcoming,
      homeTeamScore: null,
      homeTeamId: (await teamNamed('Denver Broncos')).id,
    });
    expect(await seasonGames()).toHaveLength(8);
  });

  it('teams the demo knew by name are the same teams: ESPN ids are linked to them, not added twice', async () => {
    expect(await listTeams(given.stack.deps, nfl)).toHaveLength(32);
  });

  it("Load Teams notes every feed team done of all the feed's teams, on the job and in Recent imports", async () => {
    const job = await runJob(contracts.importTeams, { sportId: nfl });
    expect(job).toMatchObject({ status: 'succeeded', counts: { teamsAdded: 0 } });
    expect(job.progress).toEqual({ done: 13, total: 13 }); // the 13 teams of the recorded feed
    const recent = (await call(given.api, contracts.importJobList, { limit: 5 }, admin)).body;
    expect(recent.find((listed) => listed.jobId === job.jobId)).toMatchObject({ progress: { done: 13, total: 13 } });
  });

  it('Import Games and Start New Season again change nothing: no game twice', async () => {
    const games = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-18' });
    expect(games).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0, gamesUpdated: 0, refused: 0 } });
    const again = await runJob(contracts.importSeason, { sportId: nfl, seasonYear: 2026 });
    expect(again).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0, gamesUpdated: 0 } });
    expect(await seasonGames()).toHaveLength(8);
  });

  it("Import Games asks the feed from the season's first week at the earliest, however early the date given", async () => {
    const asked = feed.requests.length;
    const games = await runJob(contracts.importGames, { sportId: nfl, date: '1950-01-01' });
    expect(games).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0, gamesUpdated: 0, refused: 0 } });
    const firstWeek = (await listSeasonWeeks(given.stack.deps, season2026)).sort((a, b) => a.number - b.number)[0]!;
    const ranges = feed.requests.slice(asked).flatMap((request) => request.searchParams.get('dates') ?? []);
    expect(ranges[0]?.slice(0, 8)).toBe(localDate(firstWeek.beginDate, 'America/New_York').replaceAll('-', ''));
    expect(ranges.length).toBeLessThan(30);
  });

  it("Import Spreads records the odds provider's home line of each upcoming game, from the numeric spread or else the details text", async () => {
    const job = await runJob(contracts.importSpreads, { sportId: nfl });
    expect(job).toMatchObject({ status: 'succeeded', counts: { linesChanged: 3, affiliatesAdded: 1 } });
    // The feed's 3 lines are all done, on the job and in Recent imports.
    expect(job.progress).toEqual({ done: 3, total: 3 });
    const recent = (await call(given.api, contracts.importJobList, { limit: 5 }, admin)).body;
    expect(recent.find((listed) => listed.jobId === job.jobId)).toMatchObject({ progress: { done: 3, total: 3 } });
    const espnBet = (await listAffiliates(given.stack.deps, nfl)).find((affiliate) => affiliate.id >= 1000)!;
    expect(espnBet.name).toBeTruthy();
    const lines = await queryAll<Spread>(given.stack.deps, keys.spreadsPartition(espnBet.id, weekIdOf(season2026, 11)));
    const lineOf = async (ref: string) => {
      const game = (await gameOf(ref))!;
      return lines.find((line) => line.gameId === game.id)?.homeSpread;
    };
    expect(await lineOf('401772904')).toBe(-2.5); // "DEN -2.5", Denver at home
    expect(await lineOf('401772905')).toBe(3); // spread 3 for the home Seahawks
    expect(await lineOf('401772906')).toBe(0); // "EVEN"
    expect(await lineOf('401772902')).toBeUndefined(); // under way: no new line
    const denver = (await gameOf('401772904'))!;
    const { commits } = await given.stack.deps.events.readStream<GameEvent>(gameStreamId(denver.id));
    expect(commits.flatMap((commit) => commit.events)).toEqual([
      { type: 'AffiliateLineSet', data: expect.objectContaining({ affiliateId: espnBet.id, homeLine: -2.5 }) },
    ]);
  });

  it('Import Scores records the scores that moved and leaves the rest', async () => {
    const finished = structuredClone(week12);
    const live = finished.events.find((event) => event.id === '401772902')! as unknown as {
      status: { type: Record<string, unknown> };
      competitions: { competitors: { homeAway: string; score: string }[] }[];
    };
    live.status.type = { id: '3', name: 'STATUS_FINAL', state: 'post', completed: true, description: 'Final' };
    live.competitions[0]!.competitors.find((side) => side.homeAway === 'home')!.score = '27';
    latestWeek12 = finished;
    feed.setRoutes(
      espnRoutes([
        { number: 1, board: week1 },
        { number: 12, board: finished },
      ]),
    );
    const job = await runJob(contracts.importScores, { sportId: nfl });
    expect(job).toMatchObject({ status: 'succeeded', counts: { changed: 1, refused: 0 } });
    expect(await gameOf('401772902')).toMatchObject({ eventStatus: GameStatus.Finished, homeTeamScore: 27 });
  });

  it('a kickoff moved within its week is a GameKickoffMoved event and keeps the game; one moved to another week postpones it there (its bets void) and continues as a new game in its new week', async () => {
    const moved = structuredClone(latestWeek12);
    moved.events.find((event) => event.id === '401772904')!.date = '2026-11-23T01:05Z';
    latestWeek12 = moved;
    feed.setRoutes(
      espnRoutes([
        { number: 1, board: week1 },
        { number: 12, board: moved },
      ]),
    );
    const kept = (await gameOf('401772904'))!;
    const job = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-18' });
    expect(job).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0, gamesUpdated: 1, gamesMoved: 0 } });
    expect(await gameOf('401772904')).toMatchObject({ id: kept.id, beginning: '2026-11-23T01:05:00.000Z' });
    const { commits } = await given.stack.deps.events.readStream<GameEvent>(gameStreamId(kept.id));
    // After the line Import Spreads recorded on the game's stream.
    expect(commits.flatMap((commit) => commit.events).map((event) => event.type)).toEqual([
      'AffiliateLineSet',
      'GameKickoffMoved',
    ]);

    const chargers = (await gameOf('401772906'))!;
    const earlier = structuredClone(moved);
    earlier.events.find((event) => event.id === '401772906')!.date = '2026-11-11T01:15Z';
    latestWeek12 = earlier;
    feed.setRoutes(
      espnRoutes([
        { number: 1, board: week1 },
        { number: 12, board: earlier },
      ]),
    );
    const again = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-04' });
    expect(again).toMatchObject({ status: 'succeeded', counts: { gamesMoved: 1, gamesAdded: 1 } });
    const left = await listWeekGames(given.stack.deps, chargers.weekId);
    expect(left.find((game) => game.id === chargers.id)).toMatchObject({ eventStatus: GameStatus.Postponed });
    expect(await gameOf('401772906')).toMatchObject({
      weekId: weekIdOf(season2026, 9),
      beginning: '2026-11-11T01:15:00.000Z',
      homeTeamId: chargers.homeTeamId,
      eventStatus: GameStatus.Upcoming,
    });
    expect((await gameOf('401772906'))!.id).not.toBe(chargers.id);
  });

  it('a game the feed postponed, then gave a date in another week, stays postponed in its week and continues there as a new game', async () => {
    const postponed = (await gameOf('401772907'))!;
    const rescheduled = structuredClone(latestWeek12);
    const event = rescheduled.events.find((each) => each.id === '401772907') as EspnEvent & { status: unknown };
    event.date = '2026-11-11T01:15Z';
    feed.setRoutes(espnRoutes([{ number: 12, board: rescheduled }]));
    // A date while it still says postponed makes no game of it.
    const still = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-04' });
    expect(still).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0 } });
    event.status = { type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false } };
    latestWeek12 = rescheduled;
    const job = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-04' });
    expect(job).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 1 } });
    const left = await listWeekGames(given.stack.deps, postponed.weekId);
    expect(left.find((game) => game.id === postponed.id)).toMatchObject({ eventStatus: GameStatus.Postponed });
    expect(await gameOf('401772907')).toMatchObject({
      weekId: weekIdOf(season2026, 9),
      eventStatus: GameStatus.Upcoming,
    });
  });

  it('a feed that is down fails the job with a clear error and writes nothing', async () => {
    const before = await seasonGames();
    feed.setRoutes([{ path: scoreboard, answers: [{ status: 503, body: 'down' }] }]);
    const job = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-18' });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/ESPN/);
    expect(await seasonGames()).toEqual(before);
  });

  it('a game naming a team nobody knows is refused with its reason, the rest imported', async () => {
    const stranger = structuredClone(latestWeek12);
    const event = stranger.events.find((candidate) => candidate.id === '401772905')!;
    const away = event.competitions[0]!.competitors.find((side) => side.homeAway === 'away')!;
    away.team = { ...(away.team as object), id: '9999', displayName: 'Springfield Isotopes', abbreviation: 'SPR' };
    event.id = '401779999';
    feed.setRoutes(
      espnRoutes([
        { number: 1, board: week1 },
        { number: 12, board: stranger },
      ]),
    );
    const job = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-18' });
    expect(job).toMatchObject({ status: 'succeeded', counts: { refused: 1, gamesAdded: 0 } });
    expect(job.report?.refused).toEqual([
      expect.objectContaining({
        item: expect.stringContaining('401779999'),
        reason: expect.stringMatching(/Springfield Isotopes/),
      }),
    ]);
  });
});
