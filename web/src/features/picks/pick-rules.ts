// What a pick card offers and what the pick panel allows, from the week's rows (docs/rules.md, Pick flow). The
// server applies the same rules; these only keep the page from offering what it would refuse.
import { GameStatus, isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { BetResult } from '#domain/betting/grading.ts';
import { isBonusBet, isRegularBet } from '#domain/betting/bet-rows.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { teamLine } from '#domain/betting/team-line.ts';
import type { BetList, BetRow } from './api/get-bets';
import type { BetInput } from './api/set-bets';
import type { PicksMode } from './picks-filters';

const isOpen = (row: BetRow, now: number) => isOpenForPicks({ status: row.eventStatus, beginning: row.beginning }, now);

export const lineFor = (row: BetRow, teamId: number) => teamLine(row.homeSpread, row.homeTeamId, teamId);

export interface BlockedLabel {
  label: string;
  /** For narrow cards. */
  shortLabel: string;
}

export const blocked = {
  limit: { label: 'No Points Remaining', shortLabel: 'Limit' },
  noSpread: { label: 'No Spread For The Game', shortLabel: 'No spread' },
  nonBonusDay: { label: 'Non-bonus games day', shortLabel: 'Non-bonus day' },
  bonusChosen: { label: 'You have chosen the game', shortLabel: 'Game chosen' },
} satisfies Record<string, BlockedLabel>;

export const lockedText = "You can't place a bet on that game";

export type CardAction =
  | { type: 'pick' }
  /** Edit and Cancel Bet; a pick whose game has lost its line keeps Cancel Bet only (an edit would be refused). */
  | { type: 'manage'; blocked?: BlockedLabel }
  | { type: 'blocked'; reason: BlockedLabel }
  | { type: 'locked' }
  | { type: 'result'; won: boolean; points: number }
  | { type: 'leaderboard' }
  /** A game of a week that is not the current one, without a pick: nothing to do. */
  | { type: 'none' };

/** What the whole week says about picking, whatever the shown filter. */
export interface SlipFacts {
  weekIsCurrent: boolean;
  isBonusDay: boolean;
  regularPickCount: number;
  bonusPick: BetRow | undefined;
}

export function slipFacts(slip: BetList): SlipFacts {
  return {
    weekIsCurrent: slip.weekIsCurrent,
    isBonusDay: slip.isBonusDay,
    regularPickCount: slip.data.filter(isRegularBet).length,
    bonusPick: slip.data.find(isBonusBet),
  };
}

/** The week's bonus pick is in and its game has started: no other game can take its place now. */
export const bonusPickLocked = (facts: SlipFacts, now: number) =>
  facts.bonusPick !== undefined && !isOpen(facts.bonusPick, now);

/** The first game, in the order shown, that is under way or still open: where the page opens, finished ones above. */
export const firstGameInPlay = (rows: readonly BetRow[], now: number) =>
  rows.find((row) => row.eventStatus === GameStatus.Live || isOpen(row, now));

/** The open week has nothing left to pick or change: every game has started or is off (docs/rules.md, Next week). */
export const nothingLeftToPick = (rows: readonly BetRow[], facts: SlipFacts, now: number) =>
  facts.weekIsCurrent && rows.every((row) => !isOpen(row, now));

export function cardAction(row: BetRow, mode: PicksMode, facts: SlipFacts, now: number): CardAction {
  const open = isOpen(row, now);
  if (row.id !== null) {
    if (open && facts.weekIsCurrent)
      return hasSpread(row.homeSpread) ? { type: 'manage' } : { type: 'manage', blocked: blocked.noSpread };
    if (row.betResult === BetResult.Won || row.betResult === BetResult.Lost)
      return { type: 'result', won: row.betResult === BetResult.Won, points: Math.abs(row.signedPoints) };
    return { type: 'leaderboard' };
  }
  if (!open) return { type: 'locked' };
  if (!facts.weekIsCurrent) return { type: 'none' };
  // A game without a line takes no pick whatever the slip holds, so it says that, not that the slip is full.
  if (!hasSpread(row.homeSpread)) return { type: 'blocked', reason: blocked.noSpread };
  if (mode === 'regular') {
    if (facts.regularPickCount >= regularPoints.length) return { type: 'blocked', reason: blocked.limit };
  } else {
    if (!facts.isBonusDay || !row.isBonusGame) return { type: 'blocked', reason: blocked.nonBonusDay };
    if (bonusPickLocked(facts, now)) return { type: 'blocked', reason: blocked.bonusChosen };
  }
  return { type: 'pick' };
}

export interface PointOption {
  id: number;
  value: number;
  /** Used by another regular bet of the week. */
  disabled: boolean;
}

/** The points list 20, 10, 10, 5, 5 with the values other regular bets of the week hold switched off. */
export function pointOptions(slipRows: readonly BetRow[], gameId: number): PointOption[] {
  const used: number[] = slipRows.filter((row) => isRegularBet(row) && row.gameId !== gameId).map((row) => row.points);
  return regularPoints.map((value, id) => {
    const slot = used.indexOf(value);
    if (slot >= 0) used.splice(slot, 1);
    return { id, value, disabled: slot >= 0 };
  });
}

/** The week's regular bets as they stand, with this game's pick put in or replaced (docs/rules.md, Saving bets). */
export function regularBetsWith(slipRows: readonly BetRow[], pick: BetInput): BetInput[] {
  const bets = slipRows.filter(isRegularBet).map((row): BetInput => ({
    gameId: row.gameId,
    teamId: row.winnerTeamId ?? row.homeTeamId,
    points: row.points,
    pointSpread: row.pointSpread,
  }));
  const index = bets.findIndex((bet) => bet.gameId === pick.gameId);
  if (index < 0) return [...bets, pick];
  return bets.map((bet, position) => (position === index ? pick : bet));
}

/** Typed bonus points, kept within the week's range; anything unreadable falls back to the minimum. */
export function clampBonusPoints(value: number, { min, max }: { min: number; max: number }): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** 'Your week earn' (docs/rules.md, Pick flow): the week's bets' signed points; null when there is nothing to show. */
export function weekEarn(slipRows: readonly BetRow[]): number | null {
  const bets = slipRows.filter((row) => row.id !== null);
  const sum = bets.reduce((total, row) => total + row.signedPoints, 0);
  return sum !== 0 || bets.length > 0 ? sum : null;
}

/**
 * What Cancel Bet asks before it removes a pick, e.g. 'Your 20-point pick on Bears (Bears at Lions) is removed…', or
 * 'Sam's 20-point pick…' on Third Party Picks (`ownerName`).
 */
export function cancelQuestion(row: BetRow, ownerName?: string): string {
  const team = row.winnerTeamId === row.homeTeamId ? row.homeTeamName : row.awayTeamName;
  const whose = ownerName ? `${ownerName}'s` : 'Your';
  return (
    `${whose} ${row.points}-point pick on ${team} (${row.awayTeamName} at ${row.homeTeamName}) is removed. ` +
    `You can pick this game again${ownerName ? ' for them' : ''} until it starts.`
  );
}
