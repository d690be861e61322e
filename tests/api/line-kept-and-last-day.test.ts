// What a manual line leaves alone: a pick keeps the line it was placed at. And the client's last-day bonus start, set on
// the spreads page, which opens the last week's bonus picks (week 2 of the league, whose Tuesday 1 December is the
// season's last day; game 202 kicks off that evening).
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import {
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
} from '../support/api-spec.ts';
import { fivePicks, picksIn, placed } from './support/slip-givens.ts';
import { gameOf, leagueSpec, nfl, thursday } from './support/spec-league.ts';

const { spec, league, demo, slipOf } = leagueSpec();

describe('a pick keeps its line', () => {
  it('a manual line set after the pick changes neither the pick’s line nor what a stale pick is told', async () => {
    const jordan = demo('jordan');
    const slip = existingStream(
      slipOf(jordan),
      fivePicks.map((pick) => placed(jordan, pick)),
    );
    await spec
      .given()
      .when(thursday, league().sysadmin, contracts.setSpread, {
        affiliateId: league().affiliate.id,
        gameId: 103,
        spread: '-11',
      })
      .then(expectResponse(200));
    const { answer } = await spec
      .given(slip)
      .when(thursday, jordan, contracts.betList, { sportId: nfl })
      .then(expectResponse(200));
    expect(answer.body.data.find((row) => row.gameId === 103)).toMatchObject({ homeSpread: -11, pointSpread: -7 });
    // Switching to the away team at the line the page showed before the change is refused with the current one.
    const switched = { ...fivePicks[0]!, teamId: gameOf(103).awayTeamId, pointSpread: 7 };
    const stale = await spec
      .given(slip)
      .when(thursday, jordan, contracts.setBets, { bets: [switched, ...fivePicks.slice(1)] })
      .then(expectResponse(409), expectNoNewEvents);
    expect(stale.answer.body.error).toContain('11');
  });
});

describe('the last-day bonus', () => {
  // The cases run in order: the start the first one sets opens the second one's picks.
  /** Tuesday 12:00 in New York, the season's last day. */
  const start = '2026-12-01T17:00:00.000Z';
  const admin = () => league().sysadmin;
  const seasons = async () =>
    (
      await spec
        .given()
        .when(thursday, admin(), contracts.seasonList, { clientId: league().demo.client.id, sportId: [nfl] })
        .then(expectResponse(200))
    ).answer.body;
  const setStart = (begin: string, as = admin(), seasonId = league().week2.seasonId) =>
    spec
      .given()
      .when(thursday, as, contracts.setBonusGamesStart, { clientId: league().demo.client.id, seasonId, begin });

  it('cannot be set while the last day (a Tuesday) is one of the sport’s bonus days; once it is not, it is stored per client and season, and refused when malformed', async () => {
    const seasonId = league().week2.seasonId;
    expect(await seasons()).toMatchObject([{ id: seasonId, bonusGamesStart: null, lastDayIsBonusDay: true }]);
    await setStart(start).then(expectError(409, 'LAST_DAY_IS_BONUS_DAY'));
    await spec
      .given()
      .when(thursday, admin(), contracts.editClientSport, {
        id: league().demo.clientSport.id,
        allowWednesdayPicks: false,
        firstBonusGameDay: 6,
        secondBonusGameDay: 1,
      })
      .then(expectResponse(200));
    await setStart('next tuesday').then(expectResponse(400));
    await setStart(start, admin(), 202699).then(expectResponse(404));
    await setStart(start, demo('coach')).then(expectResponse(403));
    // Create and modify clients without load games: the Games & Odds action needs both.
    await setStart(start, demo('line-manager')).then(expectResponse(403));
    expect(await seasons()).toMatchObject([{ bonusGamesStart: null, lastDayIsBonusDay: false }]);
    const set = await setStart('2026-12-01T12:00:00-05:00').then(expectResponse(200));
    expect(set.answer.body).toEqual({ seasonId, bonusGamesStart: start });
    expect(await seasons()).toMatchObject([{ bonusGamesStart: start, lastDayIsBonusDay: false }]);
  });

  it('opens bonus picks in the last week 10 minutes after the start, not before', async () => {
    const quinn = demo('quinn');
    const pick = { gameId: 202, teamId: gameOf(202).homeTeamId, points: 10 };
    const early = '2026-12-01T17:09:00.000Z';
    await spec
      .given()
      .when(early, quinn, contracts.betList, { sportId: nfl, bonusBets: true })
      .then(expectResponse(200, { isBonusDay: false }));
    await spec
      .given()
      .when(early, quinn, contracts.setBonusBets, { bets: [pick] })
      .then(expectError(409, 'NOT_BONUS_DAY'));
    const late = '2026-12-01T17:10:01.000Z';
    await spec
      .given()
      .when(late, quinn, contracts.betList, { sportId: nfl, bonusBets: true })
      .then(expectResponse(200, { isBonusDay: true }));
    const slip = slipOf(quinn, league().week2.id);
    const { answer } = await spec
      .given()
      .when(late, quinn, contracts.setBonusBets, { bets: [pick] })
      .then(
        expectResponse(200),
        expectNewEvents(slip, [{ type: 'BetPlaced', data: { ...pick, isBonus: true, placedAt: late } }]),
      );
    expect(picksIn(answer.body.data)).toEqual([pick]);
  });
});
