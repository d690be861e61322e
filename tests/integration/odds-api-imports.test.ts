// The import jobs on The Odds API, through the HTTP API with SPORTS_PROVIDER=odds-api, on a recorded feed on
// 127.0.0.1 (tests/fixtures/feeds/odds-api): every bookmaker is an affiliate with its own home line, made once even by
// a run cut off and run again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import type { Game, Spread } from '#domain/catalogue/types.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { importGames } from '../../functions/jobs/import-games.ts';
import { importSpreads } from '../../functions/jobs/import-spreads.ts';
import { runJob as runQueuedJob } from '../../functions/jobs/handler.ts';
import { feedOf, queueScheduledRun } from '../../functions/jobs/processes.ts';
import { getSeason, getSport, listAffiliates, listSeasonWeeks, listTeams } from '../../functions/store/catalogue.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem, queryAll } from '../../functions/store/state-table.ts';
import { type FakeFeed, fixture, startFakeFeed } from '../support/fake-feed.ts';
import { useTestStack } from './support/test-stack.ts';
import { runImportJob } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';

const nfl = 33;
const NFL = '/v4/sports/americanfootball_nfl';
const quota = { 'x-requests-remaining': '4811', 'x-requests-used': '189' };

const given = useTestStack({
  now: '2026-11-22T19:00:00Z',
  settings: { DEMO_SEASON_START: '2025-09-03', SPORTS_PROVIDER: 'odds-api', ODDS_API_KEY: 'recorded-feed-key' },
});
let feed: FakeFeed;
let admin: string;

beforeAll(async () => {
  feed = await startFakeFeed([
    { path: `${NFL}/participants`, answers: [{ body: fixture('odds-api/nfl-participants.json'), headers: quota }] },
    { path: `${NFL}/events`, answers: [{ body: fixture('odds-api/nfl-events.json'), headers: quota }] },
    { path: `${NFL}/odds`, answers: [{ body: fixture('odds-api/nfl-odds.json'), headers: quota }] },
    { path: `${NFL}/scores`, answers: [{ body: fixture('odds-api/nfl-scores.json'), headers: quota }] },
  ]);
  given.stack.settings.ODDS_API_BASE_URL = feed.baseUrl;
  admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
});
afterAll(() => feed?.stop());

const runJob = <C extends Contract>(contract: C, input: RequestOf<C>) => runImportJob(given, admin, contract, input);

async function seasonGames(): Promise<Game[]> {
  const season = (await getSeason(given.stack.deps, nfl))!;
  const weeks = await listSeasonWeeks(given.stack.deps, season.id);
  return (await Promise.all(weeks.map((week) => listWeekGames(given.stack.deps, week.id)))).flat();
}

describe('imports from The Odds API', () => {
  it("Start New Season takes the 2026 season's scheduled events as games, each once, with the teams the demo knows by name", async () => {
    const job = await runJob(contracts.importSeason, { sportId: nfl, seasonYear: 2026 });
    expect(job).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 4, refused: 0, teamsAdded: 0 } });
    const teams = await listTeams(given.stack.deps, nfl);
    expect(teams).toHaveLength(32);
    const named = (name: string) => teams.find((team) => team.name === name)!.id;
    const games = await seasonGames();
    expect(games.find((game) => game.beginning === '2026-11-22T21:25:00.000Z')).toMatchObject({
      homeTeamId: named('Denver Broncos'),
      awayTeamId: named('Kansas City Chiefs'),
    });
    const again = await runJob(contracts.importSeason, { sportId: nfl, seasonYear: 2026 });
    expect(again).toMatchObject({ status: 'succeeded', counts: { gamesAdded: 0, gamesUpdated: 0 } });
    expect(await seasonGames()).toHaveLength(4);
  });

  it('Import Spreads makes every bookmaker with a spreads market an affiliate, each with its own home line per game', async () => {
    const job = await runJob(contracts.importSpreads, { sportId: nfl });
    expect(job).toMatchObject({ status: 'succeeded', counts: { affiliatesAdded: 2, linesChanged: 5 } });
    const affiliates = await listAffiliates(given.stack.deps, nfl);
    const bookmaker = (name: string) => affiliates.find((affiliate) => affiliate.name === name);
    expect(bookmaker('LowVig.ag')).toBeUndefined();
    const games = await seasonGames();
    const denver = games.find((game) => game.beginning === '2026-11-22T21:25:00.000Z')!;
    const lineOf = async (name: string, game: Game) =>
      (await queryAll<Spread>(given.stack.deps, keys.spreadsPartition(bookmaker(name)!.id, game.weekId))).find(
        (line) => line.gameId === game.id,
      )?.homeSpread;
    expect(await lineOf('DraftKings', denver)).toBe(-2.5);
    expect(await lineOf('FanDuel', denver)).toBe(-3);
    const giants = games.find((game) => game.beginning === '2026-11-23T18:00:00.000Z')!;
    expect(await lineOf('DraftKings', giants)).toBe(1.5);
    expect(await lineOf('FanDuel', giants)).toBe(0);

    const again = await runJob(contracts.importSpreads, { sportId: nfl });
    expect(again).toMatchObject({ status: 'succeeded', counts: { affiliatesAdded: 0, linesChanged: 0 } });
  });

  it('a scheduled Import Spreads still reads a sport switched off while clients play it: their picks need lines', async () => {
    const { deps } = given.stack;
    const sport = (await getSport(deps, nfl))!;
    const oddsReadsAfterRun = async (minute: number) => {
      const scheduledTime = new Date(Date.parse('2026-11-22T19:00:00Z') + minute * 60_000).toISOString();
      const run = { processId: ProcessId.ImportSpreads, scheduleId: 0, scheduledTime };
      await runQueuedJob(deps, (await queueScheduledRun(deps, run))!);
      return feed.count(`${NFL}/odds`);
    };
    const before = feed.count(`${NFL}/odds`);
    await putItem(deps, { ...keys.sport(nfl), ...sport, active: false });
    try {
      expect(await oddsReadsAfterRun(1)).toBe(before + 1);
    } finally {
      await putItem(deps, { ...keys.sport(nfl), ...sport });
    }
  });

  it('a used-up quota stops the job with a clear error and writes nothing', async () => {
    const before = await seasonGames();
    feed.setRoutes([
      {
        path: `${NFL}/odds`,
        answers: [
          { status: 429, body: fixture('odds-api/quota-used-up.json'), headers: { 'x-requests-remaining': '0' } },
        ],
      },
    ]);
    const job = await runJob(contracts.importSpreads, { sportId: nfl });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/quota is used up/);
    expect(await seasonGames()).toEqual(before);
  });

  it('a schedule that only knows a game has started (Undefined) keeps the score a live answer gave it', async () => {
    const started = {
      // The scores' event of the same id answers it live, 14–10.
      id: '5e1c1a7ab0d4e0c1f5a8c1d2e3f40b02',
      sport_key: 'americanfootball_nfl',
      sport_title: 'NFL',
      commence_time: '2026-11-22T18:00:00Z',
      home_team: 'Kansas City Chiefs',
      away_team: 'Las Vegas Raiders',
    };
    feed.setRoutes([
      {
        path: `${NFL}/events`,
        answers: [{ body: [...(fixture('odds-api/nfl-events.json') as []), started], headers: quota }],
      },
      { path: `${NFL}/scores`, answers: [{ body: fixture('odds-api/nfl-scores.json'), headers: quota }] },
    ]);
    const kansasCity = async () => (await seasonGames()).find((game) => game.beginning === '2026-11-22T18:00:00.000Z');
    expect(await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-22' })).toMatchObject({
      status: 'succeeded',
    });
    expect(await kansasCity()).toMatchObject({ eventStatus: GameStatus.Undefined });
    expect(await runJob(contracts.importScores, { sportId: nfl })).toMatchObject({ status: 'succeeded' });
    const live = { eventStatus: GameStatus.Live, homeTeamScore: 14, awayTeamScore: 10 };
    expect(await kansasCity()).toMatchObject(live);

    expect(await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-22' })).toMatchObject({
      status: 'succeeded',
    });
    expect(await kansasCity()).toMatchObject(live);
  });

  it("a run that dies saving a new bookmaker's id makes that bookmaker once when run again", async () => {
    const { deps } = given.stack;
    const [first, ...others] = fixture('odds-api/nfl-odds.json') as { bookmakers: { key: string }[] }[];
    const draftKings = first!.bookmakers.find((bookmaker) => bookmaker.key === 'draftkings')!;
    const betMgm = { ...draftKings, key: 'betmgm', title: 'BetMGM' };
    const odds = [{ ...first, bookmakers: [...first!.bookmakers, betMgm] }, ...others];
    feed.setRoutes([{ path: `${NFL}/odds`, answers: [{ body: odds, headers: quota }] }]);
    // The run dies as it writes the feed's id it drew (a crash, or a throttle the SDK gave up on).
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const item = (args.input as { Item?: { PK?: { S?: string } } }).Item;
        if (context.commandName === 'PutItemCommand' && item?.PK?.S?.startsWith('FEEDREF#'))
          throw new Error('dies here');
        return next(args);
      },
      { step: 'deserialize', priority: 'low', name: 'dies-saving-refs' },
    );
    const sport = (await getSport(deps, nfl))!;
    try {
      await expect(importSpreads(deps, sport, await feedOf(deps, sport))).rejects.toThrow('dies here');
    } finally {
      deps.db.middlewareStack.remove('dies-saving-refs');
    }
    expect(await runJob(contracts.importSpreads, { sportId: nfl })).toMatchObject({ status: 'succeeded' });
    const named = (await listAffiliates(deps, nfl)).filter((affiliate) => affiliate.name === 'BetMGM');
    expect(named).toHaveLength(1);
  });

  it("two Import Games at once (the schedule's and an administrator's) add a game new to both once", async () => {
    const { deps } = given.stack;
    const [first, ...rest] = fixture('odds-api/nfl-events.json') as { id: string; commence_time: string }[];
    const added = { ...first!, id: 'new-to-both', commence_time: '2026-12-01T18:00:00Z' };
    feed.setRoutes([{ path: `${NFL}/events`, answers: [{ body: [first, ...rest, added], headers: quota }] }]);
    const sport = (await getSport(deps, nfl))!;
    const run = async () => importGames(deps, sport, await feedOf(deps, sport), '2026-11-22', 0);
    await Promise.all([run(), run()]);
    const games = (await seasonGames()).filter((game) => game.beginning === '2026-12-01T18:00:00.000Z');
    expect(games).toHaveLength(1);
    const refs = await queryAll<{ ref: string; id: number }>(deps, keys.feedRefsPartition('odds-api', nfl));
    expect(refs.find((row) => row.ref === 'new-to-both')?.id).toBe(games[0]!.id);
  });

  it('a run cut off after moving a game to another week, before postponing it in its old week: run again, it postpones it there and the game continues once in its new week', async () => {
    const { deps } = given.stack;
    const kickoff = '2026-11-24T01:15:00.000Z';
    const before = (await seasonGames()).find((game) => game.beginning === kickoff)!;
    const events = (fixture('odds-api/nfl-events.json') as { id: string; commence_time: string }[]).map((event) =>
      Date.parse(event.commence_time) === Date.parse(kickoff)
        ? { ...event, commence_time: '2026-12-01T01:15:00Z' }
        : event,
    );
    feed.setRoutes([{ path: `${NFL}/events`, answers: [{ body: events, headers: quota }] }]);
    // The run dies appending the postponement, after it pointed the feed's id at the game's new id.
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const item = (args.input as { Item?: { PK?: { S?: string } } }).Item;
        if (context.commandName === 'PutItemCommand' && item?.PK?.S === gameStreamId(before.id))
          throw new Error('dies here');
        return next(args);
      },
      { step: 'deserialize', priority: 'low', name: 'dies-postponing' },
    );
    const sport = (await getSport(deps, nfl))!;
    try {
      await expect(importGames(deps, sport, await feedOf(deps, sport), '2026-11-22', 0)).rejects.toThrow('dies here');
    } finally {
      deps.db.middlewareStack.remove('dies-postponing');
    }
    const again = await runJob(contracts.importGames, { sportId: nfl, date: '2026-11-22' });
    expect(again).toMatchObject({ status: 'succeeded', counts: { gamesMoved: 1 } });
    const games = await seasonGames();
    expect(games.find((game) => game.id === before.id)).toMatchObject({ eventStatus: GameStatus.Postponed });
    const moved = games.filter((game) => game.beginning === '2026-12-01T01:15:00.000Z');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ homeTeamId: before.homeTeamId, eventStatus: GameStatus.Upcoming });
    expect(moved[0]!.weekId).not.toBe(before.weekId);
  });
});
