// What a manual line leaves alone: a bet keeps the line it was placed at. And the client's last-day bonus start,
// set on the spreads page, which opens the last week's bonus picks.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { admin, betList, demoId, nfl, setSpread, thursday, useSpreadsStack } from './support/spreads.ts';

const given = useSpreadsStack();

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
        await issueToken({ clock, signingKeys: given.stack.deps.signingKeys }, { userId: quinnId, clientId: demoId })
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
