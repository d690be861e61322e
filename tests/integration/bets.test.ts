import { describe, expect, it } from 'vitest';
import type { BetRow as Row } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { call, send } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November).
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });

async function rowsOf(token: string, extra: Partial<RequestOf<typeof contracts.betList>> = {}) {
  const answer = await call(given.api, contracts.betList, { sportId: 33, ...extra }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}
const setBets = (input: RequestOf<typeof contracts.setBets>, token: string) =>
  call(given.api, contracts.setBets, input, token);
const idOf = async (token: string) => (await call(given.api, contracts.currentUser, {}, token)).body.id;

const open = (rows: Row[], now = thursday) =>
  rows.filter((row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > now);
const picks = (rows: Row[]) =>
  rows
    .filter((row) => row.id !== null)
    .map((row) => ({ gameId: row.gameId, teamId: row.winnerTeamId, points: row.points }));
const slotBets = (rows: Row[], offset = 0) =>
  [20, 10, 10, 5, 5].map((points, index) => ({
    gameId: rows[index + offset]!.gameId,
    teamId: rows[index + offset]!.homeTeamId,
    points,
  }));

describe('picks: the week’s list', () => {
  it('lists every game of the current week with no bet yet, spreads and names included', async () => {
    const list = await rowsOf(await given.api.signIn('alex'));
    expect(list.week.number).toBe(9);
    expect(list.isBonusDay).toBe(false);
    expect(list.data).toHaveLength(16);
    expect(list.data.every((row) => row.id === null && row.betResult === 0 && row.bidType === 0)).toBe(true);
    expect(list.data.filter((row) => row.isBonusGame).length).toBeGreaterThanOrEqual(2);
    expect(list.data[0]).toMatchObject({ homeTeamName: expect.any(String), awayTeamName: expect.any(String) });
  });

  it('filters by team and by bonus/regular games', async () => {
    const token = await given.api.signIn('alex');
    const all = (await rowsOf(token)).data;
    const teamId = all[0]!.homeTeamId;
    expect((await rowsOf(token, { teamId })).data.map((row) => row.gameId)).toEqual([all[0]!.gameId]);
    expect((await rowsOf(token, { bonusBets: true })).data.every((row) => row.isBonusGame)).toBe(true);
    expect((await rowsOf(token, { regularBets: true })).data.every((row) => !row.isBonusGame)).toBe(true);
  });
});

describe('picks: placing, editing, cancelling', () => {
  it('five picks using each slot, then an edit, then a cancel, each answered with the slip as it now stands', async () => {
    const token = await given.api.signIn('jordan');
    const games = open((await rowsOf(token)).data);
    const bets = slotBets(games);
    const placed = await setBets({ bets }, token);
    expect(placed.status).toBe(200);
    expect(picks(placed.body.data)).toEqual(bets);
    expect(placed.body.data.filter((row) => row.id).every((row) => row.betResult === 1)).toBe(true);

    const edited = bets.map((bet, index) => (index === 0 ? { ...bet, teamId: games[0]!.awayTeamId } : bet));
    const edit = await setBets({ bets: edited }, token);
    expect(picks(edit.body.data)[0]).toEqual({ gameId: games[0]!.gameId, teamId: games[0]!.awayTeamId, points: 20 });
    expect(edit.body.data.find((row) => row.gameId === games[0]!.gameId)!.pointSpread).toBe(-games[0]!.homeSpread);

    const betId = placed.body.data.find((row) => row.gameId === games[4]!.gameId)!.id!;
    const cancelled = await call(given.api, contracts.deleteBet, { id: betId }, token);
    expect(cancelled.status).toBe(200);
    expect(picks(cancelled.body.data)).toHaveLength(4);
  });

  it('refuses a sixth pick, a reused slot and a stale spread, appending nothing', async () => {
    const token = await given.api.signIn('drew');
    const games = open((await rowsOf(token)).data);
    const sixth = [...slotBets(games), { gameId: games[5]!.gameId, teamId: games[5]!.homeTeamId, points: 5 }];
    expect((await setBets({ bets: sixth }, token)).status).toBe(400);
    const reused = [{ ...slotBets(games)[0]! }, { gameId: games[1]!.gameId, teamId: games[1]!.homeTeamId, points: 20 }];
    const reuse = await setBets({ bets: reused }, token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('POINTS_USED');
    const stale = await setBets({ bets: [{ ...slotBets(games)[0]!, pointSpread: games[0]!.homeSpread + 1 }] }, token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(`The spread for this game has changed to ${games[0]!.homeSpread}`);
    expect(picks((await rowsOf(token)).data)).toEqual([]);
  });

  it('a started game cannot be picked, and its pick never changes', async () => {
    const token = await given.api.signIn('morgan');
    const started = (await rowsOf(token)).data.find((row) => row.beginning < thursday && !row.isBonusGame)!;
    const answer = await setBets({ bets: [{ gameId: started.gameId, teamId: started.homeTeamId, points: 20 }] }, token);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("You can't place a bet on that game");
  });

  it('refuses unknown games, odd points and malformed bodies with 400', async () => {
    const token = await given.api.signIn('casey');
    const games = open((await rowsOf(token)).data);
    expect((await setBets({ bets: [{ gameId: 999, teamId: 1, points: 20 }] }, token)).status).toBe(400);
    expect(
      (await setBets({ bets: [{ gameId: games[0]!.gameId, teamId: games[0]!.homeTeamId, points: 15 }] }, token)).status,
    ).toBe(400);
    expect((await send(given.api, contracts.setBets, { bets: 'all of them' }, token)).status).toBe(400);
    expect((await call(given.api, contracts.deleteBet, { id: 'nonsense' }, token)).status).toBe(400);
  });
});

describe('third-party picks and history', () => {
  it('a bettor cannot touch another player’s slip', async () => {
    const alexId = await idOf(await given.api.signIn('alex'));
    const answer = await call(
      given.api,
      contracts.betList,
      { sportId: 33, userId: alexId },
      await given.api.signIn('riley'),
    );
    expect(answer.status).toBe(403);
  });

  it('a company admin places a pick for a bettor; the bettor’s history shows who did it, at which line', async () => {
    const coach = await given.api.signIn('coach');
    const player = await given.api.signIn('alex');
    const playerId = await idOf(player);
    const game = open((await rowsOf(player)).data)[0]!;
    const placed = await setBets(
      { userId: playerId, bets: [{ gameId: game.gameId, teamId: game.homeTeamId, points: 10 }] },
      coach,
    );
    expect(placed.status).toBe(200);
    expect(picks((await rowsOf(player)).data)).toEqual([{ gameId: game.gameId, teamId: game.homeTeamId, points: 10 }]);
    const week = (await rowsOf(player)).week.id;
    const history = await call(given.api, contracts.betHistory, { sportId: 33, weekId: week }, player);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        type: 'BetPlaced',
        actorName: 'Chris C.',
        onBehalf: true,
        gameId: game.gameId,
        points: 10,
        line: game.homeSpread,
      }),
    ]);
  });

  it('nobody acts on a player of another client', async () => {
    const coach = await given.api.signIn('coach');
    const answer = await call(given.api, contracts.betList, { sportId: 33, userId: 1 }, coach);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('OTHER_CLIENT');
  });
});

describe('the bonus pick on a Monday', () => {
  const monday = fixedClock('2026-11-23T15:00:00Z');
  const onMonday = createBetsApi(() => ({ ...given.stack.deps, clock: monday }));

  it('places and replaces a bonus bet within 10 to 10 + lead, and refuses more', async () => {
    const quinnId = await idOf(await given.api.signIn('quinn'));
    const token = (
      await issueToken({ clock: monday, signingKeys: given.stack.deps.signingKeys }, { userId: quinnId, clientId: 2 })
    ).access_token;
    const list = await callHandler(onMonday, contracts.betList, { sportId: 33, bonusBets: true }, token);
    expect(list.body.isBonusDay).toBe(true);
    const bonusGames = list.body.data.filter((row) => row.homeSpread !== 0 && row.beginning > '2026-11-23T15:00:00Z');
    const max = list.body.bonusPoints.max;
    const placeBonus = (gameId: number, teamId: number, points: number) =>
      callHandler(onMonday, contracts.setBonusBets, { bets: [{ gameId, teamId, points }] }, token);
    const first = await placeBonus(bonusGames[0]!.gameId, bonusGames[0]!.homeTeamId, 10);
    expect(first.status).toBe(200);
    const second = await placeBonus(bonusGames[1]!.gameId, bonusGames[1]!.awayTeamId, max);
    expect(second.status).toBe(200);
    expect(picks(second.body.data.filter((row) => row.isBonusGame))).toEqual([
      { gameId: bonusGames[1]!.gameId, teamId: bonusGames[1]!.awayTeamId, points: max },
    ]);
    const tooMany = await placeBonus(bonusGames[1]!.gameId, bonusGames[1]!.awayTeamId, max + 1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('BONUS_POINTS');
  });

  it('is refused on a Thursday', async () => {
    const token = await given.api.signIn('quinn');
    const game = (await rowsOf(token, { bonusBets: true })).data.find((row) => row.homeSpread !== 0)!;
    const answer = await call(
      given.api,
      contracts.setBonusBets,
      { bets: [{ gameId: game.gameId, teamId: game.homeTeamId, points: 10 }] },
      token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('NOT_BONUS_DAY');
  });
});

describe('concurrency on one slip', () => {
  it('50 concurrent set-bets: each applies on the latest state or answers 409; no slot is doubled and no change is lost', async () => {
    const token = await given.api.signIn('avery');
    const games = open((await rowsOf(token)).data);
    const requests = Array.from({ length: 50 }, (_, index) =>
      slotBets(games, index % 2).map((bet, slot) => ({
        ...bet,
        teamId: (index >> slot) % 2 ? games[slot + (index % 2)]!.awayTeamId : bet.teamId,
      })),
    );
    const answers = await Promise.all(requests.map((bets) => setBets({ bets }, token)));
    const applied = answers.filter((answer) => answer.status === 200);
    const conflicts = answers.filter((answer) => answer.status === 409);
    console.log(`50 concurrent set-bets on one slip: ${applied.length} applied, ${conflicts.length} answered 409`);
    expect(applied.length + conflicts.length).toBe(50);
    expect(applied.length).toBeGreaterThan(0);
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 200) expect(picks(answer.body.data)).toEqual(requests[index]);
      else expect(answer.body.code).toBe('CONCURRENCY');
    }
    const final = picks((await rowsOf(token)).data);
    expect(requests).toContainEqual(final.sort((a, b) => b.points - a.points || a.gameId - b.gameId).map((bet) => bet));
    expect(final.map((bet) => bet.points).sort((a, b) => b - a)).toEqual([20, 10, 10, 5, 5]);
  });
});
