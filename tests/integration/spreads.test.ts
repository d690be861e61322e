// The spreads page through HTTP: a manual line per affiliate and game, set through the spec's call and seen by
// every client on that affiliate; its reset and history, the refusals, what players see and bet on; and the
// client's last-day bonus start.
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { call, send } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November) of an 18-week NFL season.
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });
const nfl = 33;

let admin: string;
let demoId: number;
/** Demo and Rival League both play NFL at its first affiliate; the second is nobody's. */
let affiliateId: number;
let otherAffiliateId: number;
let weekId: number;

beforeAll(async () => {
  admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
  const clients = (await call(given.api, contracts.clientList, { limit: 100 }, admin)).body.data;
  demoId = clients.find((client) => client.domain === 'demo')!.id;
  const rivalId = clients.find((client) => client.domain === 'rival')!.id;
  const nflAffiliateOf = async (clientId: number) =>
    (await call(given.api, contracts.clientSportList, { clientId }, admin)).body.find((sport) => sport.sportId === nfl)
      ?.affiliateId;
  affiliateId = (await nflAffiliateOf(demoId))!;
  // Demo and Rival League are every client on the affiliate (the system client plays no sport).
  const affiliateOfEach = await Promise.all(clients.map((client) => nflAffiliateOf(client.id)));
  const onAffiliate = clients.filter((_, index) => affiliateOfEach[index] === affiliateId).map((client) => client.id);
  expect(onAffiliate.sort()).toEqual([demoId, rivalId].sort());
  const affiliates = (await call(given.api, contracts.affiliateList, { sportId: nfl }, admin)).body;
  otherAffiliateId = affiliates.find((affiliate) => affiliate.id !== affiliateId)!.id;
  weekId = (await call(given.api, contracts.betList, { sportId: nfl }, await given.api.signIn('alex'))).body.week.id;
});

const spreadList = async (token = admin, affiliate = affiliateId) => {
  const answer = await call(given.api, contracts.spreadList, { affiliateId: affiliate, sportId: nfl, weekId }, token);
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The spec's call: affiliateId, gameId, spread, and nothing else. */
const setSpread = (
  gameId: number,
  spread: string,
  extra: Partial<RequestOf<typeof contracts.setSpread>> = {},
  token = admin,
) => call(given.api, contracts.setSpread, { affiliateId, gameId, spread, ...extra }, token);
const reset = (handicapIds: number[], token = admin) =>
  call(
    given.api,
    contracts.useAffiliateSign,
    handicapIds.map((handicapId) => ({ handicapId, useAffiliateSpread: true as const })),
    token,
  );
const betList = async (token: string) => (await call(given.api, contracts.betList, { sportId: nfl }, token)).body.data;
const homeSpreadOf = async (token: string, gameId: number) =>
  (await betList(token)).find((row) => row.gameId === gameId)!.homeSpread;
/** The week's games still open with a line, in kickoff order. */
const openGames = async () =>
  (await spreadList()).filter((row) => row.editable && row.affiliateSpread !== null && row.affiliateSpread !== 0);

/** A user of the client holding a role with exactly these permissions, and their token. */
async function memberOf(clientId: number, domain: string, login: string, permissions: number[]) {
  const role = await call(given.api, contracts.createRole, { name: `Role of ${login}`, clientId, permissions }, admin);
  expect(role.status).toBe(201);
  const created = await call(
    given.api,
    contracts.createUser,
    {
      login,
      emailAddress: `${login}@${domain}.example.com`,
      displayName: 'Lee Lines',
      firstName: 'Lee',
      lastName: 'Lines',
      clientId,
      domain,
      roleId: role.body.id,
    },
    admin,
  );
  expect(created.status).toBe(201);
  const { deps } = given.stack;
  return (await issueToken({ clock: deps.clock, signingKey: deps.signingKey }, { userId: created.body.id, clientId }))
    .access_token;
}

describe('a manual line', () => {
  it('set by the system administrator through the spec’s call reaches the players of every client on the affiliate; the reset brings all of them back to the feed’s line', async () => {
    const [game] = await openGames();
    const [alex, jules] = [await given.api.signIn('alex'), await given.api.signIn('jules', undefined, 'rival')];
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(game!.affiliateSpread);

    const set = await setSpread(game!.gameId, '−6,5');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      gameId: game!.gameId,
      pointSpread: -6.5,
      affiliateSpread: game!.affiliateSpread,
      useAffiliateSpread: false,
      handicapId: expect.any(Number),
    });
    expect(await homeSpreadOf(alex, game!.gameId)).toBe(-6.5);
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(-6.5);

    const answer = await reset([set.body.handicapId!]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ reset: 1 });
    const row = (await spreadList()).find((candidate) => candidate.gameId === game!.gameId)!;
    expect(row).toMatchObject({ pointSpread: game!.affiliateSpread, useAffiliateSpread: true, handicapId: null });
    expect(await homeSpreadOf(alex, game!.gameId)).toBe(game!.affiliateSpread);
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(game!.affiliateSpread);
    const again = await reset([set.body.handicapId!]);
    expect(again.status).toBe(404);
  });

  it.each([
    ['-3,5', -3.5],
    ['-3.5', -3.5],
    ['+3', 3],
    ['7,0', 7],
  ])('reads %j as %s, with a comma or a dot', async (typed, line) => {
    const [, game] = await openGames();
    const answer = await setSpread(game!.gameId, typed);
    expect(answer.status).toBe(200);
    expect(answer.body.pointSpread).toBe(line);
  });

  it('belongs to its affiliate: a line at another affiliate leaves the clients on this one with the feed’s line', async () => {
    const [, , game] = await openGames();
    expect((await setSpread(game!.gameId, '12', { affiliateId: otherAffiliateId })).status).toBe(200);
    expect((await spreadList(admin, otherAffiliateId)).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(
      12,
    );
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)).toMatchObject({
      pointSpread: game!.affiliateSpread,
      useAffiliateSpread: true,
    });
    expect(await homeSpreadOf(await given.api.signIn('sam'), game!.gameId)).toBe(game!.affiliateSpread);
  });
});

describe('refusals change nothing', () => {
  it.each([
    ['0,5', 400, 'INVALID_SPREAD'],
    ['-0.5', 400, 'INVALID_SPREAD'],
    ['0,3', 400, 'INVALID_SPREAD'],
    ['3,55', 400, 'INVALID_SPREAD'],
    ['three', 400, 'INVALID_SPREAD'],
  ])('the spread %j is refused with %s', async (typed, status, code) => {
    const [, , , game] = await openGames();
    const answer = await setSpread(game!.gameId, typed);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(answer.body.error).toEqual(expect.any(String));
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.useAffiliateSpread).toBe(true);
  });

  it('a started game’s line cannot change', async () => {
    const started = (await spreadList()).find((row) => !row.editable)!;
    const answer = await setSpread(started.gameId, '-4');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('GAME_STARTED');
    expect((await spreadList()).find((row) => row.gameId === started.gameId)!.useAffiliateSpread).toBe(true);
  });

  it('needs an affiliate of the game’s sport and a known game', async () => {
    const [, , , game] = await openGames();
    const noAffiliate = await send(given.api, contracts.setSpread, { gameId: game!.gameId, spread: '-4' }, admin);
    expect(noAffiliate.status).toBe(400);
    const foreign = await setSpread(game!.gameId, '-4', { affiliateId: 999999 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('FOREIGN_AFFILIATE');
    const unknown = await setSpread(999999, '-4');
    expect(unknown.status).toBe(404);
    expect((await reset([999999])).status).toBe(404);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.useAffiliateSpread).toBe(true);
  });

  it('setting and resetting need load spreads and create and modify clients: a holder of load spreads alone only reads', async () => {
    const [, , , game] = await openGames();
    const reader = await memberOf(demoId, 'demo', 'line-reader', [4, 17]);
    const set = await setSpread(game!.gameId, '-4');
    expect(set.status).toBe(200);

    expect((await setSpread(game!.gameId, '-5', {}, reader)).status).toBe(403);
    expect((await reset([set.body.handicapId!], reader)).status).toBe(403);
    expect((await spreadList(reader)).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(-4);
    const coach = await given.api.signIn('coach');
    expect((await setSpread(game!.gameId, '-5', {}, coach)).status).toBe(403);
    expect((await reset([set.body.handicapId!], coach)).status).toBe(403);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(-4);
    // A client manager of a client (not the system one) may set it, for every client on the affiliate alike.
    const manager = await memberOf(demoId, 'demo', 'line-manager', [4, 15, 17]);
    expect((await setSpread(game!.gameId, '-5', {}, manager)).status).toBe(200);
    expect(await homeSpreadOf(await given.api.signIn('robin', undefined, 'rival'), game!.gameId)).toBe(-5);
    expect((await reset([set.body.handicapId!], manager)).status).toBe(200);
  });
});

describe('the line history', () => {
  it('lists the feed’s lines and every manual line, oldest first, with who and when', async () => {
    const games = await openGames();
    const game = games[5]!;
    await setSpread(game.gameId, '-2,5');
    const set = await setSpread(game.gameId, '-3');
    await reset([set.body.handicapId!]);
    await setSpread(game.gameId, '9', { affiliateId: otherAffiliateId });
    const answer = await call(given.api, contracts.lineHistory, { gameId: game.gameId }, admin);
    expect(answer.status).toBe(200);
    const changes = answer.body;
    const manual = changes.filter((change) => change.kind !== 'affiliate');
    expect(manual.map((change) => [change.affiliateId, change.kind, change.homeLine, change.actorName])).toEqual([
      [affiliateId, 'manual', -2.5, 'System A.'],
      [affiliateId, 'manual', -3, 'System A.'],
      [affiliateId, 'cleared', null, 'System A.'],
      [otherAffiliateId, 'manual', 9, 'System A.'],
    ]);
    expect(manual.every((change) => Date.parse(change.at) <= Date.now() + 60_000)).toBe(true);
    expect(changes.find((change) => change.kind === 'affiliate')).toMatchObject({
      homeLine: game.affiliateSpread,
      actorName: 'Feed',
    });
    expect(changes.map((change) => change.at)).toEqual([...changes.map((change) => change.at)].sort());
    expect(changes.indexOf(changes.find((change) => change.kind === 'affiliate')!)).toBe(0);

    // A client's reader of the lines sees the same changes, but not the name of someone of another client.
    const reader = await memberOf(demoId, 'demo', 'history-reader', [4, 17]);
    const theirs = (await call(given.api, contracts.lineHistory, { gameId: game.gameId }, reader)).body;
    expect(theirs.map((change) => [change.kind, change.homeLine])).toEqual(
      changes.map((change) => [change.kind, change.homeLine]),
    );
    expect(new Set(theirs.filter((change) => change.kind !== 'affiliate').map((change) => change.actorName))).toEqual(
      new Set(['Administrator']),
    );
  });
});

describe('a bet keeps its line', () => {
  it('a manual line set after the pick changes neither the bet’s line nor what a stale pick is told', async () => {
    const jordan = await given.api.signIn('jordan');
    const rows = (await betList(jordan)).filter(
      (row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > thursday,
    );
    const games = rows.slice(0, 5);
    const bets = games.map((row, index) => ({
      gameId: row.gameId,
      teamId: row.homeTeamId,
      points: [20, 10, 10, 5, 5][index]!,
    }));
    expect((await call(given.api, contracts.setBets, { bets }, jordan)).status).toBe(200);
    const picked = games[0]!;
    expect((await setSpread(picked.gameId, '-11')).status).toBe(200);

    const after = (await betList(jordan)).find((row) => row.gameId === picked.gameId)!;
    expect(after.homeSpread).toBe(-11);
    expect(after.pointSpread).toBe(picked.homeSpread);

    // Switching to the away team at the line the page showed before the change is refused with the current one.
    const switched = { ...bets[0]!, teamId: picked.awayTeamId, pointSpread: -picked.homeSpread };
    const stale = await call(given.api, contracts.setBets, { bets: [switched, ...bets.slice(1)] }, jordan);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toContain('11');
    expect((await betList(jordan)).find((row) => row.gameId === picked.gameId)).toMatchObject({
      winnerTeamId: picked.homeTeamId,
      pointSpread: picked.homeSpread,
    });
  });
});

describe('the last-day bonus', () => {
  // Week 18 runs Wednesday 20 to Tuesday 26 January 2027; the season ends Tuesday 23:59:59.999 in New York.
  const start = '2027-01-26T17:00:00.000Z';
  const seasonId = 202633;
  const seasons = async () =>
    (await call(given.api, contracts.seasonList, { clientId: demoId, sportId: [nfl] }, admin)).body;
  const setStart = (begin: string, token = admin, season = seasonId) =>
    call(given.api, contracts.setBonusGamesStart, { clientId: demoId, seasonId: season, begin }, token);

  it('cannot be set while the last day (a Tuesday) is already one of the sport’s bonus days', async () => {
    expect(await seasons()).toMatchObject([{ id: seasonId, bonusGamesStart: null, lastDayIsBonusDay: true }]);
    const refused = await setStart(start);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_DAY_IS_BONUS_DAY');
  });

  it('is stored per client and season once Tuesday is no bonus game day, and refused when malformed', async () => {
    const clientSport = (await call(given.api, contracts.clientSportList, { clientId: demoId }, admin)).body.find(
      (sport) => sport.sportId === nfl,
    )!;
    const edited = await call(
      given.api,
      contracts.editClientSport,
      { id: clientSport.id, allowWednesdayPicks: false, firstBonusGameDay: 6, secondBonusGameDay: 1 },
      admin,
    );
    expect(edited.status).toBe(200);
    expect((await setStart('next tuesday')).status).toBe(400);
    expect((await setStart(start, admin, 202699)).status).toBe(404);
    expect((await setStart(start, await given.api.signIn('coach'))).status).toBe(403);
    expect(await seasons()).toMatchObject([{ bonusGamesStart: null, lastDayIsBonusDay: false }]);

    const answer = await setStart('2027-01-26T12:00:00-05:00');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ seasonId, bonusGamesStart: start });
    expect(await seasons()).toMatchObject([{ bonusGamesStart: start, lastDayIsBonusDay: false }]);
  });

  it('opens bonus picks in the last week 10 minutes after the start, not before', async () => {
    const quinnId = (await call(given.api, contracts.currentUser, {}, await given.api.signIn('quinn'))).body.id;
    const at = async (instant: string) => {
      const clock = fixedClock(instant);
      const api = createBetsApi(() => ({ ...given.stack.deps, clock }));
      const token = (
        await issueToken({ clock, signingKey: given.stack.deps.signingKey }, { userId: quinnId, clientId: demoId })
      ).access_token;
      return <C extends Contract>(contract: C, input: RequestOf<C>) => callHandler(api, contract, input, token);
    };
    const early = await at('2027-01-26T17:09:00Z');
    const list = await early(contracts.betList, { sportId: nfl, bonusBets: true });
    expect(list.body.isBonusDay).toBe(false);
    const tuesdayGame = list.body.data.find(
      (row) => row.isBonusGame && row.homeSpread !== 0 && row.beginning > '2027-01-26T17:11:00Z',
    )!;
    const bet = { gameId: tuesdayGame.gameId, teamId: tuesdayGame.homeTeamId, points: 10 };
    const refused = await early(contracts.setBonusBets, { bets: [bet] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_BONUS_DAY');

    const late = await at('2027-01-26T17:10:01Z');
    expect((await late(contracts.betList, { sportId: nfl, bonusBets: true })).body.isBonusDay).toBe(true);
    const accepted = await late(contracts.setBonusBets, { bets: [bet] });
    expect(accepted.status).toBe(200);
  });
});
