// Game day live, on ESPN's site API served from 127.0.0.1 (a scoreboard recorded mid-afternoon on an NFL Sunday):
// a player picks before kickoff, the clock moves past it, the Live Scores process imports the scores under way and
// the game rows show them with the clock; the final result then grades the pick as it always did.
import { beforeAll, describe, expect, it } from 'vitest';
import { BetResult } from '#domain/betting/grading.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { type GameEvent, gameStreamId } from '#domain/games/game-result.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { queueScheduledRun, runProcess } from '../../functions/jobs/processes.ts';
import { keys } from '../../functions/store/keys.ts';
import { queryAll } from '../../functions/store/state-table.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { eaglesEventId, espnNfl, espnRoutes, type Scoreboard, withGame } from '../support/espn-live-sunday.ts';
import { admin, feed, nfl, sunday, useLiveSunday } from './support/live-scores.ts';
import { call } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';

/** The scoreboard after the Cowboys–Eagles game ended 27–13. */
const eaglesWon = (board: Scoreboard) =>
  withGame(board, eaglesEventId, {
    home: 27,
    away: 13,
    status: { type: { name: 'STATUS_FINAL', state: 'post', completed: true, shortDetail: 'Final' } },
  });
const routes = espnRoutes;

const { given, at } = useLiveSunday();
let player: string;
let eaglesGame: { gameId: number; homeTeamId: number; weekId: number };
let affiliateId: number;

/** One run of Live Scores as the Scheduler fires it at that minute, with the stack's clock standing there. */
async function liveScoresAt(instant: string, liveReadsMs: readonly number[] = [0]) {
  const deps = { ...at(instant), liveReadsMs };
  const job = (await queueScheduledRun(deps, {
    processId: ProcessId.LiveScores,
    scheduleId: 0,
    scheduledTime: instant,
  }))!;
  const counts = await runProcess(deps, job);
  await given.stack.settled();
  return counts;
}

/** The week's live version as a browser without a token asks it at that instant. */
async function liveVersionAt(instant: string, weekId: number) {
  const api = createBetsApi(() => at(instant));
  const result = await api(
    toApiGatewayEvent({
      method: 'GET',
      url: `/Services/api/Game/live-version?weekId=${weekId}`,
      headers: { host: 'localhost' },
      body: Buffer.alloc(0),
      sourceIp: '127.0.0.1',
    }),
    {} as never,
  );
  return {
    status: result.statusCode,
    cacheControl: result.headers?.['cache-control'],
    body: JSON.parse(result.body ?? '{}') as {
      version: string;
      at: string;
      games: { gameId: number; gameClock: string | null }[];
    },
  };
}

const inProgress = (clock: string) => ({
  type: { name: 'STATUS_IN_PROGRESS', state: 'in', completed: false, shortDetail: clock },
});

/** A bets-area call answered as at that instant. */
async function callAt(instant: string, path: string, form: Record<string, string>) {
  const api = createBetsApi(() => at(instant));
  const result = await api(
    toApiGatewayEvent({
      method: 'POST',
      url: `/Services${path}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${player}`,
        host: 'localhost',
      },
      body: Buffer.from(new URLSearchParams(form).toString()),
      sourceIp: '127.0.0.1',
    }),
    {} as never,
  );
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
}

async function gameIdOf(ref: string) {
  const rows = await queryAll<{ kind: string; ref: string; id: number }>(
    given.stack.deps,
    keys.feedRefsPartition('espn', nfl),
  );
  return rows.find((row) => row.kind === 'GAME' && row.ref === ref)!.id;
}

beforeAll(async () => {
  player = await given.api.signIn('alex');
  const clients = (await call(given.api, contracts.clientList, { limit: 100 }, admin)).body.data;
  const demoId = clients.find((client) => client.domain === 'demo')!.id;
  const sports = (await call(given.api, contracts.clientSportList, { clientId: demoId }, admin)).body;
  affiliateId = sports.find((sport) => sport.sportId === nfl)!.affiliateId;
  const gameId = await gameIdOf(eaglesEventId);
  const line = await call(given.api, contracts.setSpread, { affiliateId, gameId, spread: '-3.5' }, admin);
  expect(line.status).toBe(200);
  eaglesGame = { gameId, homeTeamId: line.body.homeTeamId, weekId: line.body.weekId };
});

describe('game day, live', () => {
  it('before any kickoff, Live Scores is set to fire once, at the first kickoff (1 pm in New York)', async () => {
    expect(await given.stack.deps.scheduler.get('live-scores')).toMatchObject({
      expression: 'cron(0 13 22 11 ? 2026)',
      enabled: true,
    });
  });

  it('a player picks the Eagles at -3.5 before the 1 pm kickoff', async () => {
    const bets = [{ gameId: eaglesGame.gameId, teamId: eaglesGame.homeTeamId, points: 20 }];
    const placed = await call(given.api, contracts.setBets, { bets }, player);
    expect(placed.status).toBe(200);
  });

  it('past kickoff, Live Scores records the scores under way: Game/list and Bet/list show status 5, the score and the clock', async () => {
    feed.setRoutes(routes(sunday));
    const counts = await liveScoresAt('2026-11-22T19:35:00.000Z');
    expect(counts).toMatchObject({ underWay: 3, changed: 3 });
    // While games are under way the process runs every minute.
    expect(await given.stack.deps.scheduler.get('live-scores')).toMatchObject({
      expression: 'rate(1 minute)',
      enabled: true,
    });

    const games = await callAt('2026-11-22T19:35:30Z', '/api/Game/list', { sportId: String(nfl) });
    expect(games.status).toBe(200);
    const row = (games.body as { gameId: number }[]).find((game) => game.gameId === eaglesGame.gameId);
    expect(row).toMatchObject({
      eventStatus: GameStatus.Live,
      homeTeamScore: 17,
      awayTeamScore: 13,
      gameClock: '8:17 - 3rd',
    });
    const halftimeId = await gameIdOf('401772903');
    expect((games.body as { gameId: number }[]).find((game) => game.gameId === halftimeId)).toMatchObject({
      eventStatus: GameStatus.Live,
      homeTeamScore: 13,
      awayTeamScore: 7,
      gameClock: 'Halftime',
    });

    const slip = await callAt('2026-11-22T19:35:30Z', '/api/Bet/list', { sportId: String(nfl) });
    const pick = (slip.body.data as { gameId: number }[]).find((game) => game.gameId === eaglesGame.gameId);
    // Live numbers are never graded: the pick stays undetermined at 0 points until the result.
    expect(pick).toMatchObject({
      eventStatus: GameStatus.Live,
      homeTeamScore: 17,
      gameClock: '8:17 - 3rd',
      betResult: BetResult.Undetermined,
      signedPoints: 0,
    });
    const spreads = await call(
      given.api,
      contracts.spreadList,
      { affiliateId, sportId: nfl, weekId: eaglesGame.weekId },
      admin,
    );
    expect(spreads.body.find((game) => game.gameId === eaglesGame.gameId)).toMatchObject({
      eventStatus: GameStatus.Live,
      homeTeamScore: 17,
      gameClock: '8:17 - 3rd',
    });
    const { commits } = await given.stack.deps.events.readStream<GameEvent>(gameStreamId(eaglesGame.gameId));
    const types = commits.flatMap((commit) => commit.events.map((event) => event.type));
    expect(types).toContain('GameScoreUpdated');
    expect(types).not.toContain('GameResultRecorded');
  });

  it('a minute later with nothing new on the feed, nothing is appended', async () => {
    const counts = await liveScoresAt('2026-11-22T19:36:00.000Z');
    expect(counts).toMatchObject({ underWay: 3, changed: 0 });
  });

  it('a run reads a feed without a quota at each offset of its minute (every 15 s in production): a score that moves after the first read is in by the same run', async () => {
    const later = withGame(sunday, eaglesEventId, { home: 20, away: 13, status: inProgress('7:42 - 3rd') });
    const [teams, week, empty] = routes(sunday);
    feed.setRoutes([teams!, { ...week!, answers: [{ body: sunday }, { body: later }] }, empty!]);
    const before = feed.count(`${espnNfl}/scoreboard`);
    const counts = await liveScoresAt('2026-11-22T19:37:00.000Z', [0, 10]);
    expect(counts).toMatchObject({ underWay: 3, changed: 1, reads: 2 });
    expect(feed.count(`${espnNfl}/scoreboard`)).toBe(before + 2);
    const games = await callAt('2026-11-22T19:37:30Z', '/api/Game/list', { sportId: String(nfl) });
    expect((games.body as { gameId: number }[]).find((game) => game.gameId === eaglesGame.gameId)).toMatchObject({
      homeTeamScore: 20,
      gameClock: '7:42 - 3rd',
    });
  });

  it('the live version is public and the same for every viewer: no token, a shared cache may keep it 5 s, a browser none', async () => {
    const answer = await liveVersionAt('2026-11-22T19:38:00Z', eaglesGame.weekId);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('public, max-age=0, s-maxage=5');
    // When it was made: a page that finds the version unchanged says it was current then ("Updated 14:38:00").
    expect(answer.body.at).toBe('2026-11-22T19:38:00.000Z');
    expect(answer.body.games).toContainEqual({ gameId: eaglesGame.gameId, gameClock: '7:42 - 3rd' });
    // Every game it lists is under way.
    expect(answer.body.games).toHaveLength(3);
  });

  it('a clock moving alone keeps the live version (its clock travels in the answer); a score moving gives a new one', async () => {
    const weekId = eaglesGame.weekId;
    const before = await liveVersionAt('2026-11-22T19:39:00Z', weekId);
    const clockOnly = withGame(sunday, eaglesEventId, { home: 20, away: 13, status: inProgress('6:05 - 3rd') });
    feed.setRoutes(routes(clockOnly));
    await liveScoresAt('2026-11-22T19:39:00.000Z');
    const ticked = await liveVersionAt('2026-11-22T19:39:30Z', weekId);
    expect(ticked.body.version).toBe(before.body.version);
    expect(ticked.body.games).toContainEqual({ gameId: eaglesGame.gameId, gameClock: '6:05 - 3rd' });

    feed.setRoutes(routes(withGame(sunday, eaglesEventId, { home: 27, away: 13, status: inProgress('2:11 - 3rd') })));
    await liveScoresAt('2026-11-22T19:40:00.000Z');
    const scored = await liveVersionAt('2026-11-22T19:40:30Z', weekId);
    expect(scored.body.version).not.toBe(before.body.version);
    // What moved it: the player's live pick now covers by more, as Bet/list answers right away.
    const slip = await callAt('2026-11-22T19:40:30Z', '/api/Bet/list', { sportId: String(nfl) });
    expect((slip.body.data as { gameId: number }[]).find((game) => game.gameId === eaglesGame.gameId)).toMatchObject({
      homeTeamScore: 27,
      gameClock: '2:11 - 3rd',
    });
  });

  it('the live version moves at a kickoff (the picks of the game show from then on), not with the minutes between', async () => {
    const weekId = eaglesGame.weekId;
    const quiet = await liveVersionAt('2026-11-22T19:45:00Z', weekId);
    expect((await liveVersionAt('2026-11-22T20:10:00Z', weekId)).body.version).toBe(quiet.body.version);
    // The 4:25 pm games kick off at 21:25 UTC.
    expect((await liveVersionAt('2026-11-22T21:26:00Z', weekId)).body.version).not.toBe(quiet.body.version);
  });

  it('the final result replaces the live numbers and grades the pick as before: Eagles 27-13 cover -3.5, +20', async () => {
    feed.setRoutes(routes(eaglesWon(sunday)));
    await liveScoresAt('2026-11-22T21:20:00.000Z');
    const slip = await callAt('2026-11-22T21:20:30Z', '/api/Bet/list', { sportId: String(nfl) });
    const pick = (slip.body.data as { gameId: number; gameClock?: string }[]).find(
      (game) => game.gameId === eaglesGame.gameId,
    );
    expect(pick).toMatchObject({
      eventStatus: GameStatus.Finished,
      homeTeamScore: 27,
      awayTeamScore: 13,
      betResult: BetResult.Won,
      signedPoints: 20,
    });
    expect(pick!.gameClock).toBeUndefined();
  });
});
