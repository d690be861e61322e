// Bet slips and the games they are placed on.
import * as z from 'zod/mini';
import type { BetRow } from '../betting/bet-rows.ts';
import type { SlipEvent } from '../betting/slip.ts';
import { type Week, weekGamesMax } from '../season/weeks.ts';
import {
  betRow,
  instant,
  int,
  nullableInt,
  nullableNumber,
  nullableText,
  optionalText,
  text,
  week,
} from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { count, decimal, flag, id, limit, optionalId, paging } from './fields.ts';
import { type QueuedJob, queuedJob } from './jobs.ts';

/** The answer of Bet/list, and of every call that changes a slip (the slip as it now stands). */
export interface BetList {
  data: BetRow[];
  /** The slip's version as read: Bet/set-bets made from this list sends it, and is refused once the slip moved. */
  slipVersion: number;
  week: Week;
  weekIsCurrent: boolean;
  isBonusDay: boolean;
  bonusPoints: { min: number; max: number };
  /** When bonus picks next open in this week (docs/rules.md, Bonus day); null while open or when none are left. */
  bonusOpensAt: string | null;
}

const betListAnswer: z.ZodMiniType<BetList> = z.object({
  data: z.array(betRow),
  slipVersion: int,
  week,
  weekIsCurrent: z.boolean(),
  isBonusDay: z.boolean(),
  bonusPoints: z.object({ min: int, max: int }),
  bonusOpensAt: z.nullable(instant),
});

export const betList = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/list',
  input: 'form',
  read: true,
  summary:
    "A week's games with the player's bets on them (another player's with set bets for third party); ETag, 304 when If-None-Match matches",
  request: z.object({
    clientId: optionalId('clientId'),
    sportId: id('sportId'),
    weekId: optionalId('weekId'),
    userId: optionalId('userId'),
    teamId: optionalId('teamId'),
    limit: limit(100, weekGamesMax),
    bonusBets: z.optional(flag),
    regularBets: z.optional(flag),
  }),
  response: answer<BetList>(betListAnswer),
  revalidates: true,
  refusals: [404],
});

const requestedBet = z.object({
  gameId: id('gameId'),
  teamId: id('teamId'),
  points: count('points'),
  pointSpread: z.optional(decimal('pointSpread')),
});

const slipTarget = { userId: optionalId('userId'), sportId: optionalId('sportId'), weekId: optionalId('weekId') };
/**
 * Bet/list's slipVersion of the list a change was made from: once the slip moved since, 409 SLIP_CHANGED, unless the
 * slip already holds the change.
 */
const slipVersion = z.optional(count('slipVersion'));

export const setBets = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/set-bets',
  input: 'json',
  invalidates: ['betHistory', 'missingPicks'],
  summary:
    "Sets the week's regular bets: the whole list, the existing ones plus the change; with slipVersion (Bet/list's), 409 SLIP_CHANGED once the slip moved since, unless it already holds the change",
  request: z.object({
    ...slipTarget,
    slipVersion,
    bets: z
      .array(requestedBet, { error: 'bets must be a list' })
      .check(z.maxLength(5, 'At most 5 regular picks a week')),
  }),
  response: answer<BetList>(betListAnswer),
  refusals: [404, 409],
});

export const setBonusBets = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/set-bonus-bets',
  input: 'json',
  invalidates: ['betHistory', 'missingPicks'],
  summary:
    "Sets the week's one bonus bet; placing it on another game replaces the earlier one; with slipVersion (Bet/list's), 409 SLIP_CHANGED once the slip moved since, unless it already holds the change",
  request: z.object({
    ...slipTarget,
    slipVersion,
    bets: z.array(requestedBet, { error: 'bets must be a list' }).check(z.length(1, 'Send exactly one bonus bet')),
  }),
  response: answer<BetList>(betListAnswer),
  refusals: [404, 409],
});

export const deleteBet = defineContract({
  method: 'DELETE',
  path: '/Services/api/Bet/delete',
  input: 'query',
  invalidates: ['betHistory', 'missingPicks'],
  summary: 'Cancels one bet by its id (userId-gameId); answers the slip without it',
  request: z.object({
    id: z.string({ error: 'id is required' }).check(z.regex(/^[1-9]\d{0,9}-[1-9]\d{0,9}$/, 'There is no such bet')),
  }),
  response: answer<BetList>(betListAnswer),
  refusals: [404, 409],
});

export interface HistoryEntry {
  version: number;
  /** UTC ISO instant of the change. */
  at: string;
  type: SlipEvent['type'];
  actorId: number;
  actorName?: string;
  /** Made by someone else for the slip's owner (third-party picks). */
  onBehalf: boolean;
  gameId: number;
  teamId: number | null;
  teamName: string | null;
  points: number | null;
  line: number | null;
  isBonus: boolean;
}

const historyEntry: z.ZodMiniType<HistoryEntry> = z.object({
  version: int,
  at: instant,
  type: z.enum(['BetPlaced', 'BetChanged', 'BetCancelled']),
  actorId: int,
  actorName: optionalText,
  onBehalf: z.boolean(),
  gameId: int,
  teamId: nullableInt,
  teamName: nullableText,
  points: nullableInt,
  line: nullableNumber,
  isBonus: z.boolean(),
});

export const betHistory = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/history',
  input: 'query',
  summary: "Who placed, changed or cancelled which pick of a week's slip, oldest first",
  request: z.object({ userId: optionalId('userId'), sportId: id('sportId'), weekId: id('weekId') }),
  response: answer<{ data: HistoryEntry[] }>(z.object({ data: z.array(historyEntry) })),
  refusals: [404],
});

export const gameList = defineContract({
  method: 'POST',
  path: '/Services/api/Game/list',
  input: 'form',
  read: true,
  summary:
    "A week's games as the client sees them (its affiliate's lines), paged; ETag, 304 when If-None-Match matches",
  request: z.object({
    sportId: id('sportId'),
    weekId: optionalId('weekId'),
    teamId: optionalId('teamId'),
    ...paging,
    limit: limit(50, weekGamesMax),
  }),
  response: answer<BetRow[]>(z.array(betRow)),
  revalidates: true,
  refusals: [404],
});

/** New when a status or score of the week's games moved (as the games and as every view hold it), or at a kickoff. */
export interface LiveVersion {
  weekId: number;
  version: string;
  /** When the answer was made (a cached copy is a few seconds older than the server's now). */
  at: string;
  /** The games under way with their clock ("8:17 - 3rd"), which moves without a new version. */
  games: { gameId: number; gameClock: string | null }[];
}

export const liveVersion = defineContract({
  method: 'GET',
  path: '/Services/api/Game/live-version',
  input: 'query',
  summary:
    "A week's live version and the clocks of its games under way: the version is new when a game's status or score moved (once every client's views hold it) or a game kicked off. Public, cached 5 s: live pages ask it every 10 s and read their own views again only when it changed",
  request: z.object({ weekId: id('weekId') }),
  response: answer<LiveVersion>(
    z.object({
      weekId: int,
      version: text,
      at: instant,
      games: z.array(z.object({ gameId: int, gameClock: nullableText })),
    }),
  ),
});

/** A player of the client who has placed fewer than the five regular picks of a week. */
export interface MissingPick {
  userId: number;
  displayName: string;
  /** The regular picks placed (0 to 4). */
  picks: number;
}

/** One page of who has not picked; `cursor` asks for the next page, null after the last. */
export interface MissingPicksPage {
  data: MissingPick[];
  cursor: string | null;
}

export const missingPicks = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/missing-picks',
  input: 'query',
  summary:
    "The client's active players who have placed fewer than five regular picks in a week, by display name, paged by cursor (a page may hold fewer rows than asked when most players have picked)",
  request: z.object({
    clientId: optionalId('clientId'),
    sportId: id('sportId'),
    weekId: id('weekId'),
    limit: limit(50),
    cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  }),
  response: answer<MissingPicksPage>(
    z.object({
      data: z.array(z.object({ userId: int, displayName: text, picks: int })),
      cursor: nullableText,
    }),
  ),
  refusals: [404],
});

export const nudge = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/nudge',
  input: 'json',
  invalidates: [],
  summary:
    "Starts a job mailing each active player missing picks in a week a reminder, at most once a day per player; players who turned pick reminders off are skipped (the job's counts: mailed, alreadyNudged, remindersOff). Refused once every game of the week has started",
  request: z.object({ clientId: optionalId('clientId'), sportId: id('sportId'), weekId: id('weekId') }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409],
});

export const betsContracts = {
  betList,
  setBets,
  setBonusBets,
  deleteBet,
  betHistory,
  gameList,
  liveVersion,
  missingPicks,
  nudge,
};
