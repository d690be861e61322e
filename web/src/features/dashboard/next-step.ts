// What the dashboard tells a player to do now with the week that holds today (docs/rules.md, Point slots, Lock, Bonus
// day, Next week), from the week's games with the player's bets on them.
import { isBonusBet, isRegularBet } from '#domain/betting/bet-rows.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import type { Week } from '#domain/season/weeks.ts';
import { regularPickCloses } from '#domain/processes/pick-locks.ts';
import { defaultTimeZone } from '#domain/season/zoned-time.ts';

export type NextStep =
  /** Picks to make: `lockAt` is the last moment the slip can still be filled (see slipLocksAt). */
  | { type: 'pick'; week: Week; picked: number; lockAt: string; bonusOpen: boolean }
  /** No regular pick is left to make, but the bonus game is open until `lockAt`, the last open bonus game's kickoff. */
  | { type: 'bonus'; week: Week; picked: number; lockAt: string }
  /** No regular pick is left to make, and the bonus games open at `opensAt` (the bonus day, or a later start). */
  | { type: 'bonusOpens'; week: Week; picked: number; opensAt: string }
  /** All five are in while the week's games go on (a pick may change until its game starts). */
  | { type: 'done'; week: Week }
  /** Nothing is left to pick this week; `next` opens next (absent after the season's last week). */
  | { type: 'closed'; week: Week; picked: number; next: Week | undefined }
  /** The week has not opened yet (before the season). */
  | { type: 'opens'; week: Week }
  /** The week is over and none follows (after the season). */
  | { type: 'over'; week: Week };

const slots = regularPoints.length;

const isOpen = (row: BetRow, now: number) => isOpenForPicks({ status: row.eventStatus, beginning: row.beginning }, now);

/** A game a new pick could still go on: open (docs/rules.md, Lock), with a line, and without the player's bet. */
const pickable = (row: BetRow, now: number) => row.id === null && isOpen(row, now) && hasSpread(row.homeSpread);

const byKickoff = (a: BetRow, b: BetRow) => Date.parse(a.beginning) - Date.parse(b.beginning);

/**
 * When the slip locks: after this kickoff fewer pickable games are left than picks to make, so it is the last moment
 * all of them can still be placed (each game locks at its own kickoff). With fewer games than picks left, the first.
 */
export function slipLocksAt(open: readonly BetRow[], left: number): string {
  const sorted = [...open].sort(byKickoff);
  return sorted[Math.max(0, sorted.length - left)]!.beginning;
}

export function nextStep(slip: BetList, weeks: readonly Week[], now: number, zone = defaultTimeZone): NextStep {
  const { week } = slip;
  if (!slip.weekIsCurrent) return now < Date.parse(week.beginDate) ? { type: 'opens', week } : { type: 'over', week };
  const regular = slip.data.filter((row) => !row.isBonusGame);
  const picked = slip.data.filter(isRegularBet).length;
  const openRegular = regular.filter((row) => pickable(row, now));
  const hasBonusPick = slip.data.some(isBonusBet);
  const openBonus =
    slip.isBonusDay && !hasBonusPick ? slip.data.filter((row) => row.isBonusGame && pickable(row, now)) : [];
  const opens = slip.bonusOpensAt;
  const lockOf = (row: BetRow) => ({ ...row, beginning: regularPickCloses(row.beginning, opens, zone) });
  if (picked < slots && openRegular.length > 0)
    return {
      type: 'pick',
      week,
      picked,
      lockAt: slipLocksAt(openRegular.map(lockOf), slots - picked),
      bonusOpen: openBonus.length > 0,
    };
  if (openBonus.length > 0) return { type: 'bonus', week, picked, lockAt: slipLocksAt(openBonus, 1) };
  if (picked >= slots && regular.some((row) => isOpen(row, now))) return { type: 'done', week };
  // Only when a game will be pickable then: a week without a game on its bonus days has no bonus game to wait for.
  const bonusAhead =
    opens !== null && slip.data.some((row) => isOpen(row, now) && Date.parse(row.beginning) > Date.parse(opens));
  if (bonusAhead && !hasBonusPick) return { type: 'bonusOpens', week, picked, opensAt: opens };
  return { type: 'closed', week, picked, next: weeks.find((candidate) => candidate.number === week.number + 1) };
}
