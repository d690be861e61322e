// The slip's routes as specifications: given a player's slip stream, when they (or their commissioner) call a bets
// route, then the answer and the events appended. The league is spec-league.ts: week 1 runs Wednesday 18 to Tuesday
// 24 November 2026 in New York, game 101 kicked off Thursday 10:00, games 109 and 110 are Monday's bonus games.
import { describe, expect, it } from 'vitest';
import type { BetRow as Row } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import { weekGamesMax } from '#domain/season/weeks.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import {
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
} from '../support/api-spec.ts';
import { fivePicks, picksIn, placed, setBets } from './support/slip-givens.ts';
import { gameOf, leagueSpec, monday, nfl, thursday } from './support/spec-league.ts';

const { spec, league, demo, slipOf } = leagueSpec();

describe('picks: the week’s list', () => {
  it('answers a baseball week whole: as many games as the app asks (weekGamesMax), one more refused', async () => {
    const ask = (limit: number) =>
      spec.given().when(thursday, demo('alex'), contracts.betList, { sportId: nfl, limit });
    expect((await ask(weekGamesMax).then(expectResponse(200))).answer.body.data).toHaveLength(11);
    await ask(weekGamesMax + 1).then(expectError(400, 'VALIDATION', 'limit is at most 250'));
  });

  it('lists every game of the current week with no pick yet, lines and team names included', async () => {
    const { answer } = await spec
      .given()
      .when(thursday, demo('alex'), contracts.betList, { sportId: nfl })
      .then(expectResponse(200), expectNoNewEvents);
    expect(answer.body.week).toMatchObject({ id: league().week1.id, number: 1 });
    expect(answer.body.isBonusDay).toBe(false);
    expect(answer.body.data.map((row: Row) => row.gameId).sort()).toEqual([
      101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 112,
    ]);
    expect(answer.body.data.every((row: Row) => row.id === null && row.betResult === 0 && row.bidType === 0)).toBe(
      true,
    );
    expect(
      answer.body.data
        .filter((row: Row) => row.isBonusGame)
        .map((row: Row) => row.gameId)
        .sort(),
    ).toEqual([109, 110]);
    expect(answer.body.data.find((row: Row) => row.gameId === 103)).toMatchObject({
      homeSpread: -7,
      homeTeamName: 'City 5 Mascots',
      awayTeamName: 'City 6 Mascots',
    });
  });

  it('filters by team and by bonus or regular games', async () => {
    const list = (input: Partial<RequestOf<typeof contracts.betList>>) =>
      spec
        .given()
        .when(thursday, demo('alex'), contracts.betList, { sportId: nfl, ...input })
        .then(expectResponse(200))
        .then(({ answer }) => answer.body.data.map((row: Row) => row.gameId).sort());
    expect(await list({ teamId: gameOf(104).awayTeamId })).toEqual([104]);
    expect(await list({ bonusBets: true })).toEqual([109, 110]);
    expect(await list({ regularBets: true })).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 112]);
  });

  it('lists a pick in its own kind’s tab whatever its game’s day now, and takes no second pick on its game', async () => {
    const alex = demo('alex');
    // A regular pick on Sunday's late game, which the feed then moved to Monday (game 109's day).
    const moved = placed(alex, { gameId: 109, teamId: gameOf(109).homeTeamId, points: 20 });
    const list = (input: Partial<RequestOf<typeof contracts.betList>>) =>
      spec
        .given(existingStream(slipOf(alex), [moved]))
        .when(thursday, alex, contracts.betList, { sportId: nfl, ...input })
        .then(expectResponse(200))
        .then(({ answer }) => answer.body.data.map((row: Row) => row.gameId).sort());
    expect(await list({ regularBets: true })).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 112]);
    expect(await list({ bonusBets: true })).toEqual([110]);
    await spec
      .given(existingStream(slipOf(alex), [moved]))
      .when(monday, alex, contracts.setBonusBets, {
        bets: [{ gameId: 109, teamId: gameOf(109).awayTeamId, points: 10 }],
      })
      .then(expectError(409, 'GAME_ALREADY_PICKED'), expectNoNewEvents);
  });
});

describe('picks: placing, editing, cancelling', () => {
  it('five picks, one in each slot, are placed at their lines and answered with the slip as it now stands', async () => {
    const jordan = demo('jordan');
    const { answer } = await spec
      .given()
      .when(thursday, jordan, ...setBets({ bets: fivePicks }))
      .then(
        expectResponse(200),
        expectNewEvents(
          slipOf(jordan),
          fivePicks.map((pick) => placed(jordan, pick)),
        ),
      );
    expect(picksIn(answer.body.data)).toEqual(fivePicks);
    expect(answer.body.data.filter((row: Row) => row.id).every((row: Row) => row.betResult === 1)).toBe(true);
  });

  it('an edit to another team changes that pick alone, at the new team’s line', async () => {
    const jordan = demo('jordan');
    const edited = fivePicks.map((pick, slot) => (slot === 0 ? { ...pick, teamId: gameOf(103).awayTeamId } : pick));
    const { answer } = await spec
      .given(
        existingStream(
          slipOf(jordan),
          fivePicks.map((pick) => placed(jordan, pick)),
        ),
      )
      .when(thursday, jordan, ...setBets({ bets: edited }))
      .then(
        expectResponse(200),
        expectNewEvents(slipOf(jordan), [
          {
            type: 'BetChanged',
            data: { betId: `${jordan.user.id}-103`, teamId: gameOf(103).awayTeamId, points: 20, line: 7 },
          },
        ]),
      );
    expect(picksIn(answer.body.data)[0]).toEqual({ gameId: 103, teamId: gameOf(103).awayTeamId, points: 20 });
    expect(answer.body.data.find((row: Row) => row.gameId === 103)!.pointSpread).toBe(7);
  });

  it('a cancel takes the pick off the slip, the other four stay', async () => {
    const jordan = demo('jordan');
    const { answer } = await spec
      .given(
        existingStream(
          slipOf(jordan),
          fivePicks.map((pick) => placed(jordan, pick)),
        ),
      )
      .when(thursday, jordan, contracts.deleteBet, { id: `${jordan.user.id}-107` })
      .then(
        expectResponse(200),
        expectNewEvents(slipOf(jordan), [
          { type: 'BetCancelled', data: { betId: `${jordan.user.id}-107`, gameId: 107 } },
        ]),
      );
    expect(picksIn(answer.body.data)).toEqual(fivePicks.slice(0, 4));
  });

  it('refuses a sixth pick, a reused slot and a stale spread, appending nothing', async () => {
    const drew = demo('drew');
    const sixth = [...fivePicks, { gameId: 108, teamId: gameOf(108).homeTeamId, points: 5 }];
    await spec
      .given()
      .when(thursday, drew, ...setBets({ bets: sixth }))
      .then(expectResponse(400), expectNoNewEvents);
    const reused = [fivePicks[0]!, { gameId: 104, teamId: gameOf(104).homeTeamId, points: 20 }];
    await spec
      .given()
      .when(thursday, drew, ...setBets({ bets: reused }))
      .then(expectError(400, 'POINTS_USED'));
    const stale = [{ ...fivePicks[0]!, pointSpread: -6 }];
    await spec
      .given()
      .when(thursday, drew, ...setBets({ bets: stale }))
      .then(expectResponse(409, { error: 'The spread for this game has changed to -7' }), expectNoNewEvents);
  });

  it('a started game cannot be picked', async () => {
    await spec
      .given()
      .when(
        thursday,
        demo('morgan'),
        ...setBets({ bets: [{ gameId: 101, teamId: gameOf(101).homeTeamId, points: 20 }] }),
      )
      .then(expectResponse(409, { error: "You can't place a bet on that game" }), expectNoNewEvents);
  });

  it('refuses unknown games, odd points and malformed bodies with 400', async () => {
    const casey = demo('casey');
    await spec
      .given()
      .when(thursday, casey, ...setBets({ bets: [{ gameId: 999, teamId: 1, points: 20 }] }))
      .then(expectResponse(400), expectNoNewEvents);
    await spec
      .given()
      .when(thursday, casey, ...setBets({ bets: [{ gameId: 103, teamId: gameOf(103).homeTeamId, points: 15 }] }))
      .then(expectResponse(400), expectNoNewEvents);
    await spec
      .given()
      .when(thursday, casey, ...setBets({ bets: 'all of them' } as never))
      .then(expectResponse(400), expectNoNewEvents);
    await spec
      .given()
      .when(thursday, casey, contracts.deleteBet, { id: 'nonsense' })
      .then(expectResponse(400), expectNoNewEvents);
  });
});

describe('third-party picks and history', () => {
  it('a bettor cannot see or touch another player’s slip', async () => {
    const alex = demo('alex');
    await spec
      .given()
      .when(thursday, demo('riley'), contracts.betList, { sportId: nfl, userId: alex.user.id })
      .then(expectResponse(403));
    await spec
      .given()
      .when(thursday, demo('riley'), ...setBets({ userId: alex.user.id, bets: fivePicks }))
      .then(expectResponse(403), expectNoNewEvents);
  });

  it('a company admin places a pick for a bettor, recorded as theirs on the bettor’s slip', async () => {
    const alex = demo('alex');
    const pick = { gameId: 103, teamId: gameOf(103).homeTeamId, points: 10 };
    const { answer } = await spec
      .given()
      .when(thursday, demo('coach'), ...setBets({ userId: alex.user.id, bets: [pick] }))
      .then(expectResponse(200), expectNewEvents(slipOf(alex), [placed(alex, pick, { by: demo('coach') })]));
    expect(picksIn(answer.body.data)).toEqual([pick]);
  });

  it('the bettor’s own list shows the pick, and their history who placed it for them, at which line', async () => {
    const alex = demo('alex');
    const coach = demo('coach');
    const pick = placed(alex, { gameId: 103, teamId: gameOf(103).homeTeamId, points: 10 }, { by: coach });
    const list = await spec
      .given(existingStream(slipOf(alex), [pick], { actor: coach.user.id }))
      .when(thursday, alex, contracts.betList, { sportId: nfl })
      .then(expectResponse(200));
    expect(picksIn(list.answer.body.data)).toEqual([{ gameId: 103, teamId: gameOf(103).homeTeamId, points: 10 }]);
    const { answer } = await spec
      .given(existingStream(slipOf(alex), [pick], { actor: coach.user.id }))
      .when(thursday, alex, contracts.betHistory, { sportId: nfl, weekId: league().week1.id })
      .then(expectResponse(200));
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        type: 'BetPlaced',
        actorName: 'Chris C.',
        onBehalf: true,
        gameId: 103,
        points: 10,
        line: -7,
      }),
    ]);
  });

  it('nobody acts on a player of another client', async () => {
    await spec
      .given()
      .when(thursday, demo('coach'), contracts.betList, {
        sportId: nfl,
        userId: league().rival.members['rory']!.user.id,
      })
      .then(expectError(403, 'OTHER_CLIENT'));
  });
});

describe('the bonus pick on a Monday', () => {
  const bonus = (gameId: number, teamId: number, points: number) =>
    [
      contracts.setBonusBets,
      { bets: [{ gameId, teamId, points }] } as RequestOf<typeof contracts.setBonusBets>,
    ] as const;

  it('is placed on a bonus game within 10 to 10 + the lead, and a second replaces the first', async () => {
    const quinn = demo('quinn');
    const list = await spec
      .given()
      .when(monday, quinn, contracts.betList, { sportId: nfl, bonusBets: true })
      .then(expectResponse(200, { isBonusDay: true }));
    const max = list.answer.body.bonusPoints.max;
    const first = { gameId: 109, teamId: gameOf(109).homeTeamId, points: 10 };
    await spec
      .given()
      .when(monday, quinn, ...bonus(first.gameId, first.teamId, first.points))
      .then(
        expectResponse(200),
        expectNewEvents(slipOf(quinn), [{ type: 'BetPlaced', data: { ...first, isBonus: true } }]),
      );
    const { answer } = await spec
      .given(existingStream(slipOf(quinn), [placed(quinn, first, { isBonus: true })]))
      .when(monday, quinn, ...bonus(110, gameOf(110).awayTeamId, max))
      .then(expectResponse(200));
    expect(picksIn(answer.body.data.filter((row: Row) => row.isBonusGame))).toEqual([
      { gameId: 110, teamId: gameOf(110).awayTeamId, points: max },
    ]);
    await spec
      .given()
      .when(monday, quinn, ...bonus(110, gameOf(110).awayTeamId, max + 1))
      .then(expectError(400, 'BONUS_POINTS'));
  });

  it('is refused on a Thursday', async () => {
    await spec
      .given()
      .when(thursday, demo('quinn'), ...bonus(109, gameOf(109).homeTeamId, 10))
      .then(expectError(409, 'NOT_BONUS_DAY'));
  });
});
