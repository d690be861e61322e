// The dashboard's call to action (web/src/features/dashboard/next-step.ts): what a player is told to do now with the
// week holding today, and when the slip locks: the last kickoff after which the picks left can no longer all be made;
// and the order its picks are listed in.
import { describe, expect, it } from 'vitest';
import { BidType, type BetRow } from '#domain/betting/bet-rows.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { planWeeks, seasonIdOf } from '#domain/season/weeks.ts';
import { nextStep } from '@/features/dashboard/next-step';
import { byPointsThenBonus } from '@/features/dashboard/components/pick-row';

const weeks = planWeeks({ sportId: 33, seasonId: seasonIdOf(2026, 33), firstDay: '2026-09-09', weekCount: 18 });
const week9 = weeks.find((week) => week.number === 9)!;
// Thursday 19 November 2026, noon in New York.
const thursday = Date.parse('2026-11-19T17:00:00Z');

let gameId = 0;
const game = (beginning: string, more: Partial<BetRow> = {}): BetRow =>
  ({
    id: null,
    gameId: ++gameId,
    beginning,
    eventStatus: GameStatus.Upcoming,
    homeSpread: -3.5,
    isBonusGame: false,
    bidType: BidType.NotSet,
    ...more,
  }) as BetRow;
const picked = (beginning: string, points: number) =>
  game(beginning, { id: `7-${gameId + 1}`, bidType: BidType.Ten, points });
const slip = (data: BetRow[], more: Partial<BetList> = {}): BetList =>
  ({ data, week: week9, weekIsCurrent: true, isBonusDay: false, bonusOpensAt: null, ...more }) as BetList;

const sundayEarly = '2026-11-22T18:00:00Z';
const sundayLate = '2026-11-22T21:25:00Z';
const sundayNight = '2026-11-23T01:20:00Z';

describe("the dashboard's next step", () => {
  it('with picks to make, locks at the kickoff after which too few games are left for them', () => {
    const rows = [
      game('2026-11-20T01:15:00Z'),
      ...[1, 2, 3].map(() => game(sundayEarly)),
      game(sundayLate),
      game(sundayNight),
      game(sundayNight, { homeSpread: 0 }),
      game('2026-11-24T00:15:00Z', { isBonusGame: true }),
    ];
    // Five to go among six open games (the one without a line does not count, nor the bonus game): the second.
    expect(nextStep(slip(rows), weeks, thursday)).toMatchObject({ type: 'pick', picked: 0, lockAt: sundayEarly });
    // Two to go: the Sunday afternoon game, after which only the night game is left.
    const two = [picked(sundayEarly, 20), picked(sundayEarly, 10), picked(sundayEarly, 10), ...rows];
    expect(nextStep(slip(two), weeks, thursday)).toMatchObject({ type: 'pick', picked: 3, lockAt: sundayLate });
  });

  it('says all five are in, then when the next week opens once nothing is left to pick', () => {
    const five = [20, 10, 10, 5, 5].map((points) => picked(sundayNight, points));
    expect(nextStep(slip([...five, game(sundayEarly)]), weeks, thursday)).toMatchObject({ type: 'done' });
    const monday = Date.parse('2026-11-23T15:00:00Z');
    expect(nextStep(slip([...five, game(sundayEarly)]), weeks, monday)).toMatchObject({
      type: 'closed',
      picked: 5,
      next: { number: 10 },
    });
  });

  it("locks no later than the last day's bonus opening, when the last day's games turn bonus games", () => {
    const rows = [1, 2, 3, 4, 5, 6].map(() => game(sundayEarly));
    const opening = '2026-11-22T14:10:00.000Z';
    expect(nextStep(slip(rows, { bonusOpensAt: opening }), weeks, thursday)).toMatchObject({
      type: 'pick',
      lockAt: opening,
    });
    expect(nextStep(slip(rows), weeks, thursday)).toMatchObject({ type: 'pick', lockAt: sundayEarly });
    // A bonus day of the client's before Sunday (Thursday's opening, say) locks no Sunday pick.
    const thursdayBonus = slip(rows, { bonusOpensAt: '2026-11-20T05:00:00.000Z' });
    expect(nextStep(thursdayBonus, weeks, thursday)).toMatchObject({ type: 'pick', lockAt: sundayEarly });
  });

  it('says when the bonus game opens once the regular games have all started, until a bonus pick is made', () => {
    const five = [20, 10, 10, 5, 5].map((points) => picked(sundayEarly, points));
    const bonus = game('2026-11-24T00:15:00Z', { isBonusGame: true });
    const sundayLateNight = Date.parse('2026-11-23T03:00:00Z');
    // The bonus day begins at midnight in New York.
    const bonusDay = { bonusOpensAt: '2026-11-23T05:00:00.000Z' };
    expect(nextStep(slip([...five, game(sundayNight), bonus], bonusDay), weeks, sundayLateNight)).toMatchObject({
      type: 'bonusOpens',
      picked: 5,
      opensAt: bonusDay.bonusOpensAt,
    });
    // A week without a game on its bonus days has no bonus game to wait for.
    expect(nextStep(slip([...five, game(sundayNight)], bonusDay), weeks, sundayLateNight)).toMatchObject({
      type: 'closed',
    });
    const bonusPick = game(bonus.beginning, { id: '7-80', bidType: BidType.Bonus, points: 15, isBonusGame: true });
    expect(nextStep(slip([...five, game(sundayNight), bonusPick], bonusDay), weeks, sundayLateNight)).toMatchObject({
      type: 'closed',
    });
  });

  it('points to the open bonus game on a bonus day without a bonus pick, and to a week not open yet', () => {
    const monday = Date.parse('2026-11-23T15:00:00Z');
    const bonus = game('2026-11-24T00:15:00Z', { isBonusGame: true });
    expect(nextStep(slip([game(sundayEarly), bonus], { isBonusDay: true }), weeks, monday)).toMatchObject({
      type: 'bonus',
      lockAt: bonus.beginning,
    });
    const august = Date.parse('2026-08-20T12:00:00Z');
    expect(nextStep(slip([], { week: weeks[0]!, weekIsCurrent: false }), weeks, august)).toMatchObject({
      type: 'opens',
      week: { number: 1 },
    });
  });
});

describe("the dashboard's picks", () => {
  it('list a regular pick whose game turned a bonus game (the last-day bonus) by its points, the bonus pick last', () => {
    const bonusPick = game(sundayNight, { id: '7-90', bidType: BidType.Bonus, points: 30, isBonusGame: true });
    const lastDayTwenty = game(sundayLate, { id: '7-91', bidType: BidType.Twenty, points: 20, isBonusGame: true });
    const ten = picked(sundayEarly, 10);
    const order = [bonusPick, ten, lastDayTwenty].sort(byPointsThenBonus);
    expect(order.map((row) => row.points)).toEqual([20, 10, 30]);
  });
});
