// The spreads page through HTTP: a client's manual lines over its affiliate's, their reset and history, the
// refusals, what players see and bet on; and the client's last-day bonus start.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November) of an 18-week NFL season.
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });
const nfl = 33;

interface SpreadRow {
  gameId: number;
  beginning: string;
  homeTeamId: number;
  pointSpread: number | null;
  affiliateSpread: number | null;
  handicapId: number | null;
  useAffiliateSpread: boolean;
  editable: boolean;
}

interface BetRow {
  id: string | null;
  gameId: number;
  beginning: string;
  homeTeamId: number;
  awayTeamId: number;
  homeSpread: number;
  pointSpread: number;
  isBonusGame: boolean;
  winnerTeamId: number | null;
}

let admin: string;
let demoId: number;
let rivalId: number;
let affiliateId: number;
let weekId: number;

beforeAll(async () => {
  admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
  const clients = (await given.api.postForm('/api/Client/list', { limit: '100' }, admin)).body.data as {
    id: number;
    domain: string;
  }[];
  demoId = clients.find((client) => client.domain === 'demo')!.id;
  rivalId = clients.find((client) => client.domain === 'rival')!.id;
  const sports = (await given.api.get(`/api/Client/sport-list?clientId=${demoId}`, admin)).body;
  affiliateId = sports.find((sport: { sportId: number }) => sport.sportId === nfl).affiliateId;
  weekId = (await given.api.postForm('/api/Bet/list', { sportId: String(nfl) }, await given.api.signIn('alex'))).body
    .week.id;
});

const spreadList = async (clientId = demoId, token = admin) => {
  const answer = await given.api.postForm(
    '/api/Game/spread-list',
    { clientId: String(clientId), affiliateId: String(affiliateId), sportId: String(nfl), weekId: String(weekId) },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body as SpreadRow[];
};
const setSpread = (gameId: number, spread: string, extra: Record<string, string> = {}, token = admin) =>
  given.api.postForm(
    '/api/Bet/set-spread',
    { clientId: String(demoId), affiliateId: String(affiliateId), gameId: String(gameId), spread, ...extra },
    token,
  );
const reset = (handicapIds: number[], token = admin) =>
  given.api.postJson(
    '/api/Bet/use-affiliate-sign',
    handicapIds.map((handicapId) => ({ handicapId, useAffiliateSpread: true })),
    token,
  );
const betList = async (token: string) =>
  (await given.api.postForm('/api/Bet/list', { sportId: String(nfl) }, token)).body.data as BetRow[];
/** The week's games still open with a line, in kickoff order. */
const openGames = async () =>
  (await spreadList()).filter((row) => row.editable && row.affiliateSpread !== null && row.affiliateSpread !== 0);

describe('a manual line', () => {
  it('overrides the affiliate’s line for the client’s players, and the reset brings the affiliate’s back', async () => {
    const [game] = await openGames();
    const set = await setSpread(game!.gameId, '−6,5');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      gameId: game!.gameId,
      pointSpread: -6.5,
      affiliateSpread: game!.affiliateSpread,
      useAffiliateSpread: false,
      handicapId: expect.any(Number),
    });
    const alex = await given.api.signIn('alex');
    expect((await betList(alex)).find((row) => row.gameId === game!.gameId)!.homeSpread).toBe(-6.5);

    const answer = await reset([set.body.handicapId]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ reset: 1 });
    const row = (await spreadList()).find((candidate) => candidate.gameId === game!.gameId)!;
    expect(row).toMatchObject({ pointSpread: game!.affiliateSpread, useAffiliateSpread: true, handicapId: null });
    expect((await betList(alex)).find((candidate) => candidate.gameId === game!.gameId)!.homeSpread).toBe(
      game!.affiliateSpread,
    );
    const again = await reset([set.body.handicapId]);
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

  it('belongs to its client: another client’s players keep the affiliate’s line', async () => {
    const [, , game] = await openGames();
    expect((await setSpread(game!.gameId, '12', { clientId: String(rivalId) })).status).toBe(200);
    const rivalRows = await spreadList(rivalId);
    expect(rivalRows.find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(12);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)).toMatchObject({
      pointSpread: game!.affiliateSpread,
      useAffiliateSpread: true,
    });
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
    const noAffiliate = await given.api.postForm(
      '/api/Bet/set-spread',
      { clientId: String(demoId), gameId: String(game!.gameId), spread: '-4' },
      admin,
    );
    expect(noAffiliate.status).toBe(400);
    const foreign = await setSpread(game!.gameId, '-4', { affiliateId: '999999' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('FOREIGN_AFFILIATE');
    const unknown = await setSpread(999999, '-4');
    expect(unknown.status).toBe(404);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.useAffiliateSpread).toBe(true);
  });

  it('a line editor of one client cannot touch another client’s lines; a user without the permission none', async () => {
    const [, , , game] = await openGames();
    const role = await given.api.postJson(
      '/api/Role/create',
      { name: 'Line editor', clientId: demoId, permissions: [4, 17] },
      admin,
    );
    expect(role.status).toBe(201);
    const created = await given.api.postForm(
      '/api/User/create',
      {
        login: 'line-editor',
        emailAddress: 'line-editor@demo.example.com',
        displayName: 'Lee Lines',
        firstName: 'Lee',
        lastName: 'Lines',
        clientId: String(demoId),
        domain: 'demo',
        roleId: String(role.body.id),
      },
      admin,
    );
    expect(created.status).toBe(201);
    const editor = (
      await issueToken(
        { clock: given.stack.deps.clock, signingKey: given.stack.deps.signingKey },
        { userId: created.body.id, clientId: demoId },
      )
    ).access_token;

    const foreign = await setSpread(game!.gameId, '-4', { clientId: String(rivalId) }, editor);
    expect(foreign.status).toBe(403);
    const rivalLine = (await spreadList(rivalId)).find((row) => row.handicapId !== null)!;
    expect((await reset([rivalLine.handicapId!], editor)).status).toBe(403);
    expect((await spreadList(rivalId)).find((row) => row.gameId === rivalLine.gameId)!.useAffiliateSpread).toBe(false);

    const own = await setSpread(game!.gameId, '-4', {}, editor);
    expect(own.status).toBe(200);
    const coach = await given.api.signIn('coach');
    expect((await setSpread(game!.gameId, '-5', {}, coach)).status).toBe(403);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(-4);
    // A reset naming a line the caller may reset and one it may not resets neither.
    expect((await reset([own.body.handicapId, rivalLine.handicapId!], editor)).status).toBe(403);
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(-4);
  });
});

describe('the line history', () => {
  it('lists the affiliate’s lines and the client’s manual lines, oldest first, with who and when', async () => {
    const games = await openGames();
    const game = games[5]!;
    await setSpread(game.gameId, '-2,5');
    const set = await setSpread(game.gameId, '-3');
    await reset([set.body.handicapId]);
    await setSpread(game.gameId, '9', { clientId: String(rivalId) });
    const answer = await given.api.get(`/api/Game/line-history?gameId=${game.gameId}&clientId=${demoId}`, admin);
    expect(answer.status).toBe(200);
    const changes = answer.body as { kind: string; homeLine: number | null; actorName: string; at: string }[];
    const ours = changes.filter((change) => change.kind !== 'affiliate');
    expect(ours.map((change) => [change.kind, change.homeLine])).toEqual([
      ['manual', -2.5],
      ['manual', -3],
      ['cleared', null],
    ]);
    expect(ours.every((change) => change.actorName !== 'Feed')).toBe(true);
    expect(changes.find((change) => change.kind === 'affiliate')).toMatchObject({
      homeLine: game.affiliateSpread,
      actorName: 'Feed',
    });
    expect(changes.map((change) => change.at)).toEqual([...changes.map((change) => change.at)].sort());
    expect(changes.indexOf(changes.find((change) => change.kind === 'affiliate')!)).toBe(0);
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
    expect((await given.api.postJson('/api/Bet/set-bets', { bets }, jordan)).status).toBe(200);
    const picked = games[0]!;
    expect((await setSpread(picked.gameId, '-11')).status).toBe(200);

    const after = (await betList(jordan)).find((row) => row.gameId === picked.gameId)!;
    expect(after.homeSpread).toBe(-11);
    expect(after.pointSpread).toBe(picked.homeSpread);

    // Switching to the away team at the line the page showed before the change is refused with the current one.
    const switched = { ...bets[0]!, teamId: picked.awayTeamId, pointSpread: -picked.homeSpread };
    const stale = await given.api.postJson('/api/Bet/set-bets', { bets: [switched, ...bets.slice(1)] }, jordan);
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
    (await given.api.get(`/api/Game/season-list?clientId=${demoId}&sportId[0]=${nfl}`, admin)).body as {
      id: number;
      bonusGamesStart: string | null;
      lastDayIsBonusDay: boolean;
    }[];
  const setStart = (begin: string, token = admin, season = seasonId) =>
    given.api.postForm(
      '/api/Client/set-bonus-games-start',
      { clientId: String(demoId), seasonId: String(season), begin },
      token,
    );

  it('cannot be set while the last day (a Tuesday) is already one of the sport’s bonus days', async () => {
    expect(await seasons()).toMatchObject([{ id: seasonId, bonusGamesStart: null, lastDayIsBonusDay: true }]);
    const refused = await setStart(start);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_DAY_IS_BONUS_DAY');
  });

  it('is stored per client and season once Tuesday is no bonus game day, and refused when malformed', async () => {
    const clientSport = (await given.api.get(`/api/Client/sport-list?clientId=${demoId}`, admin)).body.find(
      (sport: { sportId: number }) => sport.sportId === nfl,
    );
    const edited = await given.api.postForm(
      '/api/Client/edit-sport',
      { id: String(clientSport.id), allowWednesdayPicks: 'false', firstBonusGameDay: '6', secondBonusGameDay: '1' },
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
    const quinnId = (await given.api.get('/user', await given.api.signIn('quinn'))).body.id;
    const at = async (instant: string) => {
      const clock = fixedClock(instant);
      const api = createBetsApi(() => ({ ...given.stack.deps, clock }));
      const token = (
        await issueToken({ clock, signingKey: given.stack.deps.signingKey }, { userId: quinnId, clientId: demoId })
      ).access_token;
      return async (path: string, json?: unknown) => {
        const result = await api(
          toApiGatewayEvent({
            method: 'POST',
            url: `/Services${path}`,
            headers: {
              'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
              authorization: `Bearer ${token}`,
              host: 'localhost',
            },
            body: Buffer.from(json ? JSON.stringify(json) : `sportId=${nfl}&bonusBets=true`),
            sourceIp: '127.0.0.1',
          }),
          {} as never,
        );
        return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
      };
    };
    const early = await at('2027-01-26T17:09:00Z');
    const list = await early('/api/Bet/list');
    expect(list.body.isBonusDay).toBe(false);
    const tuesdayGame = (list.body.data as BetRow[]).find(
      (row) => row.isBonusGame && row.homeSpread !== 0 && row.beginning > '2027-01-26T17:11:00Z',
    )!;
    const bet = { gameId: tuesdayGame.gameId, teamId: tuesdayGame.homeTeamId, points: 10 };
    const refused = await early('/api/Bet/set-bonus-bets', { bets: [bet] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_BONUS_DAY');

    const late = await at('2027-01-26T17:10:01Z');
    expect((await late('/api/Bet/list')).body.isBonusDay).toBe(true);
    const accepted = await late('/api/Bet/set-bonus-bets', { bets: [bet] });
    expect(accepted.status).toBe(200);
  });
});
