// Picks become points: the pure fold from a week's bet cells, game outcomes and penalties to each
// player's week total (docs/rules.md, Week points and Point slots).
import { type BetResult, grade, type GameOutcome } from '../betting/grading.ts';

/** One live bet of a player's week as the latest slip commit left it. */
export interface PickCell {
  gameId: number;
  teamId: number;
  line: number;
  points: number;
  isBonus: boolean;
  /** The game's kickoff: until then only the owner sees the pick. */
  beginning: string;
}

export interface Outcome extends GameOutcome {
  gameId: number;
  beginning: string;
}

export const missedPicksPenalty = -50;

export type SlotName =
  'twentyPoint' | 'firstTenPoint' | 'secondTenPoint' | 'firstFivePoint' | 'secondFivePoint' | 'bonusPoint';
export const slotNames: readonly SlotName[] = [
  'twentyPoint',
  'firstTenPoint',
  'secondTenPoint',
  'firstFivePoint',
  'secondFivePoint',
  'bonusPoint',
];

export interface SlotPick {
  gameId: number;
  teamId: number;
  line: number;
  points: number;
  beginning: string;
  result: BetResult;
  signedPoints: number;
}

export interface WeekTotal {
  userId: number;
  slots: Partial<Record<SlotName, SlotPick>>;
  /** Regular bets' signed points (won +, lost −). */
  regularWonBetsSum: number;
  bonusWonBetsSum: number;
  penalty: number;
  weekPoints: number;
  totalBetsCount: number;
  regularWonBetsCount: number;
  wins: number;
  losses: number;
  /** Points from won bets only. */
  winnings: number;
}

const slotOrder: Record<number, SlotName[]> = {
  20: ['twentyPoint'],
  10: ['firstTenPoint', 'secondTenPoint'],
  5: ['firstFivePoint', 'secondFivePoint'],
};

function placeInSlots(picks: SlotPick[], bonus: SlotPick | undefined): WeekTotal['slots'] {
  const slots: WeekTotal['slots'] = {};
  const byKickoff = [...picks].sort((a, b) => a.beginning.localeCompare(b.beginning) || a.gameId - b.gameId);
  for (const pick of byKickoff) {
    const free = (slotOrder[pick.points] ?? []).find((slot) => !slots[slot]);
    if (free) slots[free] = pick;
  }
  if (bonus) slots.bonusPoint = bonus;
  return slots;
}

export function weekTotalOf(
  userId: number,
  cells: readonly PickCell[],
  outcomes: ReadonlyMap<number, Outcome>,
  penalty: number,
): WeekTotal {
  const picks: SlotPick[] = [];
  let bonus: SlotPick | undefined;
  const total = {
    regularWonBetsSum: 0,
    bonusWonBetsSum: 0,
    totalBetsCount: 0,
    regularWonBetsCount: 0,
    wins: 0,
    losses: 0,
    winnings: 0,
  };
  for (const cell of cells) {
    const outcome = outcomes.get(cell.gameId);
    const graded = outcome ? grade(cell, outcome) : { result: 1 as const, signedPoints: 0 };
    const pick: SlotPick = {
      gameId: cell.gameId,
      teamId: cell.teamId,
      line: cell.line,
      points: cell.points,
      beginning: outcome?.beginning ?? cell.beginning,
      ...graded,
    };
    total.totalBetsCount += 1;
    if (graded.result === 2) {
      total.wins += 1;
      total.winnings += cell.points;
      if (!cell.isBonus) total.regularWonBetsCount += 1;
    }
    if (graded.result === 3) total.losses += 1;
    if (cell.isBonus) {
      bonus = pick;
      total.bonusWonBetsSum += graded.signedPoints;
    } else {
      picks.push(pick);
      total.regularWonBetsSum += graded.signedPoints;
    }
  }
  return {
    userId,
    slots: placeInSlots(picks, bonus),
    ...total,
    penalty,
    weekPoints: total.regularWonBetsSum + total.bonusWonBetsSum + penalty,
  };
}

/** A total's picks as the bet cells they were graded from (the bonus slot holds the bonus bet). */
export const cellsOf = (total: Pick<WeekTotal, 'slots'>): PickCell[] =>
  Object.entries(total.slots).map(([slot, { gameId, teamId, line, points, beginning }]) => ({
    gameId,
    teamId,
    line,
    points,
    isBonus: slot === 'bonusPoint',
    beginning,
  }));

/** A total graded again against the outcomes as they stand: what its facts give, as its picks are theirs. */
export const regraded = (total: WeekTotal, outcomes: ReadonlyMap<number, Outcome>) =>
  weekTotalOf(total.userId, cellsOf(total), outcomes, total.penalty);

/** Every player's total for the week who has bet cells (by player) or a penalty in it. */
export function weekTotals(
  cellsByPlayer: ReadonlyMap<number, readonly PickCell[]>,
  outcomes: ReadonlyMap<number, Outcome>,
  penalties: ReadonlyMap<number, number>,
): WeekTotal[] {
  const players = new Set([...cellsByPlayer.keys(), ...penalties.keys()]);
  return [...players]
    .sort((a, b) => a - b)
    .map((userId) => weekTotalOf(userId, cellsByPlayer.get(userId) ?? [], outcomes, penalties.get(userId) ?? 0));
}

/** A player's week counts on the leaderboard once they hold a bet or a penalty in it; a slip set and then cleared does not. */
export const isActiveWeek = (total: Pick<WeekTotal, 'totalBetsCount' | 'penalty'>) =>
  total.totalBetsCount > 0 || total.penalty !== 0;

/** Year to date through a week: the sum of week points of the season's weeks up to it. */
export const yearToDate = (weekPoints: Readonly<Record<number, number>>, throughWeek: number) =>
  Object.entries(weekPoints).reduce((sum, [week, points]) => (Number(week) <= throughWeek ? sum + points : sum), 0);

/** Ranks by a value, highest first; ties share a rank (1, 2, 2, 4). */
export function rankBy<T>(
  rows: readonly T[],
  value: (row: T) => number,
  direction: 'desc' | 'asc' = 'desc',
): (T & { rank: number })[] {
  const sign = direction === 'desc' ? -1 : 1;
  const sorted = [...rows].sort((a, b) => sign * (value(a) - value(b)));
  let rank = 0;
  return sorted.map((row, index) => {
    if (index === 0 || value(row) !== value(sorted[index - 1]!)) rank = index + 1;
    return { ...row, rank };
  });
}
