// Refreshing a live list costs only its ETag: Bet/balance, Bet/list and Game/list take their ETag from a few
// version stamps (functions/store/stamps.ts), so an unchanged refresh answers 304 after one BatchGet of them,
// and every change a player can see (a score, a pick, a result, a kickoff, a new name) changes the ETag.
import { beforeAll, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import { feedFor } from '../../functions/providers/provider-for.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { importScores } from '../../functions/jobs/import-scores.ts';
import { getSeason, getSport, listWeekGameRows } from '../../functions/store/catalogue.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { call } from './support/call.ts';
import { bumpStamp, readStamps, stampWeeksGames } from '../../functions/store/stamps.ts';
import { keys } from '../../functions/store/keys.ts';
import { putBonusStart } from '../../functions/store/manual-lines.ts';
import { meteredApi } from './support/metered-api.ts';
import { type Answer, useTestStack } from './support/test-stack.ts';

// Sunday noon in New York, before the 13:00 (18:00Z) games of week 9: no game is under way, so Live Scores
// stays off and nothing moves but what a test does.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;
const week9 = 20263309;
const week = { sportId: nfl, weekId: week9 };
let alex: string;
let coach: string;
let jules: string;
let alexId: number;
let clientId: number;
let games: BetRow[];
const kickoff = '2026-11-22T18:00:00.000Z';

type Read = 'balance' | 'betList' | 'gameList';
const reads: Read[] = ['balance', 'betList', 'gameList'];

/** One of the three reads, as the page asks it, on the stack or on a metered api; with an ETag, conditional. */
type Api = Parameters<typeof call>[0];
async function read(which: Read, etag?: string, api: Api = given.api): Promise<Answer> {
  const headers = etag ? { 'if-none-match': etag } : undefined;
  if (which === 'balance') return call(api, contracts.balance, { ...week, limit: 100 }, coach, headers);
  if (which === 'betList') return call(api, contracts.betList, week, alex, headers);
  return call(api, contracts.gameList, week, alex, headers);
}

async function etagsOf(api: Api) {
  const answers = await Promise.all(reads.map((which) => read(which, undefined, api)));
  answers.forEach((answer) => expect(answer.status).toBe(200));
  return Object.fromEntries(reads.map((which, index) => [which, answers[index]!.headers.get('etag')!])) as Record<
    Read,
    string
  >;
}

/**
 * The three ETags, each answering 304 when asked with it. A stamp bumped within the index lag tags no answer
 * (store/stamps.ts); dynalite's indexes do not lag, so on the stack every stamp has settled as soon as it is written.
 */
async function settledETags(api: Api = given.api) {
  const etags = await etagsOf(api);
  for (const which of reads) expect((await read(which, etags[which], api)).status).toBe(304);
  return etags;
}

/** Import Scores at that instant, the demo feed telling one game's score (and status, and clock) as given. */
async function importScoresAt(
  at: string,
  gameId: number,
  homeScore: number,
  awayScore: number,
  status: GameStatus,
  clock?: string,
) {
  const deps = { ...given.stack.deps, clock: fixedClock(at) };
  const season = (await getSeason(deps, nfl))!;
  const demo = feedFor(deps.clock, season.beginDate.slice(0, 10), deps.settings);
  const feed = {
    ...demo,
    listResults: async (...args: Parameters<typeof demo.listResults>) =>
      (await demo.listResults(...args)).map((game) =>
        game.id === gameId ? { ...game, homeScore, awayScore, status, ...(clock && { clock }) } : game,
      ),
  };
  await importScores(deps, (await getSport(deps, nfl))!, feed, [clientId], alexId);
  await given.stack.settled();
}

beforeAll(async () => {
  [alex, coach, jules] = await Promise.all([
    given.api.signIn('alex'),
    given.api.signIn('coach'),
    given.api.signIn('jules', undefined, 'rival'),
  ]);
  const user = (await call(given.api, contracts.currentUser, {}, alex)).body;
  alexId = user.id;
  clientId = user.clientId;
  games = (await call(given.api, contracts.gameList, week, alex)).body;
  const early = games.filter((game) => game.beginning === kickoff && game.homeSpread !== 0);
  const bets = early.slice(0, 3).map((game, index) => ({
    gameId: game.gameId,
    teamId: index % 2 ? game.awayTeamId : game.homeTeamId,
    points: [20, 10, 10][index]!,
  }));
  expect((await call(given.api, contracts.setBets, { ...week, bets }, alex)).status).toBe(200);
  await given.stack.settled();
});

describe('an unchanged refresh costs only its ETag', () => {
  it('Bet/balance, Bet/list and Game/list asked with their ETag answer 304 after one BatchGet of the stamps beside the caller’s, no Query', async () => {
    const metered = meteredApi(given.stack.deps, given.stack.settings);
    const etags = await settledETags(metered.api);
    for (const which of reads) {
      const built = await metered.measure(() => read(which, undefined, metered.api));
      expect(built.value.headers.get('etag')).toBe(etags[which]);
      const again = await metered.measure(() => read(which, etags[which], metered.api));
      expect(again.value.status).toBe(304);
      expect(again.value.headers.get('etag')).toBe(etags[which]);
      const { state, views } = given.stack.deps.tables;
      // The caller's sign-in check, which every call makes (its user, client and role in one batch), then the stamps.
      expect(again.requests).toEqual([
        { operation: 'BatchGetItem', tables: [state] },
        { operation: 'BatchGetItem', tables: [state] },
      ]);
      expect(again.requests.filter((request) => request.operation === 'Query')).toEqual([]);
      expect(again.requests.filter((request) => request.tables.includes(views))).toEqual([]);
      expect(again.requests.length).toBeLessThan(built.requests.length);
    }
  });

  it("a leaderboard built afresh takes the week's games from the stamp it read first: no query of the game rows", async () => {
    const metered = meteredApi(given.stack.deps, given.stack.settings);
    await settledETags(metered.api);
    const built = await metered.measure(() => read('balance', undefined, metered.api));
    expect(built.value.status).toBe(200);
    const { state } = given.stack.deps.tables;
    expect(built.requests.filter((request) => request.operation === 'Query' && request.tables.includes(state))).toEqual(
      [],
    );
    // Its rows still grade against the games as the catalogue has them.
    const page = built.value.body as LeaderboardPage;
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.liveGames).toBe(0);
  });

  it('a stamp bumped within the index lag tags no answer: the answer hashes its content and a refresh builds it again', async () => {
    const settled = await settledETags();
    // DynamoDB's indexes lag their table; a stamp written a moment ago may cover rows a rank page does not show yet.
    const lagging = meteredApi({ ...given.stack.deps, indexLagMs: 60_000 }, given.stack.settings);
    await bumpStamp(given.stack.deps, keys.clientWeekStamp(clientId, week9));
    const first = await read('balance', undefined, lagging.api);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).not.toBe(settled.balance);
    const again = await lagging.measure(() => read('balance', etag, lagging.api));
    expect(again.value.status).toBe(304);
    expect(again.requests.some((request) => request.tables.includes(given.stack.deps.tables.views))).toBe(true);
  });

  it("another client's pick leaves this client's leaderboard ETag as it was", async () => {
    const before = await settledETags();
    const rivalGames = (await call(given.api, contracts.gameList, week, jules)).body;
    const open = rivalGames.find((game) => Date.parse(game.beginning) > Date.parse('2026-11-22T21:00:00Z'))!;
    const placed = await call(
      given.api,
      contracts.setBets,
      { ...week, bets: [{ gameId: open.gameId, teamId: open.homeTeamId, points: 20 }] },
      jules,
    );
    expect(placed.status).toBe(200);
    await given.stack.settled();
    expect((await read('balance', before.balance)).status).toBe(304);
  });
});

describe('every change a player can see changes the ETag', () => {
  it('a new pick changes Bet/list at once, and the leaderboard once projected', async () => {
    const before = await settledETags();
    const open = games.find((game) => Date.parse(game.beginning) > Date.parse('2026-11-22T21:00:00Z'))!;
    const current = (await call(given.api, contracts.betList, week, alex)).body.data.filter((row) => row.id !== null);
    const bets = [
      ...current.map((row) => ({ gameId: row.gameId, teamId: row.winnerTeamId!, points: row.points })),
      { gameId: open.gameId, teamId: open.awayTeamId, points: 5 },
    ];
    expect((await call(given.api, contracts.setBets, { ...week, bets }, alex)).status).toBe(200);
    expect((await read('betList', before.betList)).status).toBe(200);
    await given.stack.settled();
    const after = await settledETags();
    expect(after.betList).not.toBe(before.betList);
    expect(after.balance).not.toBe(before.balance);
  });

  it('a score change from a live import changes all three', async () => {
    const before = await settledETags();
    const live = games.find((game) => game.beginning === kickoff)!;
    await importScoresAt('2026-11-22T19:30:00Z', live.gameId, 45, 3, GameStatus.Live);
    const after = await settledETags();
    for (const which of reads) expect(after[which]).not.toBe(before[which]);
  });

  it("an import finishing after another does not stamp its older view of the week over the other's rows", async () => {
    const held = await listWeekGames(given.stack.deps, week9);
    const live = games.find((game) => game.beginning === kickoff)!;
    await importScoresAt('2026-11-22T19:40:00Z', live.gameId, 52, 3, GameStatus.Live, '8:17 - 2nd');
    const [stamped] = (await readStamps(given.stack.deps, [keys.weekGamesStamp(week9)]))!;
    const rowNow = (await listWeekGameRows(given.stack.deps, week9)).find((game) => game.id === live.gameId);
    expect(rowNow?.gameClock).toBe('8:17 - 2nd');
    // The slower import read the week before the clock above and stamps what it holds.
    expect(held.find((game) => game.id === live.gameId)?.gameClock).not.toBe('8:17 - 2nd');
    await stampWeeksGames(given.stack.deps, held);
    const [after] = (await readStamps(given.stack.deps, [keys.weekGamesStamp(week9)]))!;
    expect(after!.token).toBe(stamped!.token);
    expect(after!.gamesDigest).toBe(stamped!.gamesDigest);
  });

  it('a graded result changes all three', async () => {
    const before = await settledETags();
    const live = games.find((game) => game.beginning === kickoff)!;
    await importScoresAt('2026-11-22T21:30:00Z', live.gameId, 45, 0, GameStatus.Finished);
    const after = await settledETags();
    for (const which of reads) expect(after[which]).not.toBe(before[which]);
  });

  it('a player renamed changes the leaderboard', async () => {
    const before = await settledETags();
    const me = (await call(given.api, contracts.currentUser, {}, alex)).body;
    const renamed = { id: me.id, displayName: 'Alex the Great', firstName: me.firstName, lastName: me.lastName };
    expect((await call(given.api, contracts.editUser, renamed, alex)).status).toBe(200);
    const after = await read('balance', before.balance);
    expect(after.status).toBe(200);
    expect((after.body as LeaderboardPage).rows.some((row) => row.userDisplayName === 'Alex the Great')).toBe(true);
    expect((await settledETags()).balance).not.toBe(before.balance);
  });

  it('a kickoff passing (the 16:25 games) changes all three, within the same quarter hour', async () => {
    const at = (instant: string) =>
      meteredApi({ ...given.stack.deps, clock: fixedClock(instant) }, given.stack.settings).api;
    const before = await settledETags(at('2026-11-22T21:24:00Z'));
    const after = await settledETags(at('2026-11-22T21:26:00Z'));
    for (const which of reads) expect(after[which]).not.toBe(before[which]);
  });

  it('a last-day bonus opening (its start + 10 minutes, any minute) changes Bet/list at its minute, within the same quarter hour', async () => {
    const at = (instant: string) =>
      meteredApi({ ...given.stack.deps, clock: fixedClock(instant) }, given.stack.settings).api;
    const season = (await getSeason(given.stack.deps, nfl))!;
    await putBonusStart(given.stack.deps, {
      clientId,
      seasonId: season.id,
      bonusGamesStart: '2026-11-22T21:33:00.000Z',
    });
    const before = await settledETags(at('2026-11-22T21:42:00Z'));
    const after = await settledETags(at('2026-11-22T21:44:00Z'));
    expect(after.betList).not.toBe(before.betList);
  });
});
