// Lines as an administrator edits them (the spreads page), their history, and the last-day bonus start.
// A manual line belongs to an affiliate and a game: every client on that affiliate sees it until it is reset; a bet
// keeps the line it was placed at.
import * as z from 'zod/mini';
import type { GameStatus } from '../catalogue/game-status.ts';
import { gameStatus, instant, int, nullableInt, nullableNumber, optionalText, text } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { id, limit, optionalId, paging, required } from './fields.ts';

/** The spec's game row for spreads. */
export interface SpreadRow {
  /** The game's id (rows are games). */
  id: number;
  gameId: number;
  weekId: number;
  beginning: string;
  eventStatus: GameStatus;
  homeTeamId: number;
  homeTeamName: string;
  awayTeamId: number;
  awayTeamName: string;
  homeTeamScore: number | null;
  awayTeamScore: number | null;
  /** While the game is under way: its clock ("8:17 - 2nd"); left out otherwise. */
  gameClock?: string;
  winnerTeamId: number | null;
  /** The home line in effect at this affiliate (its manual line, else the feed's); null when there is none. */
  pointSpread: number | null;
  /** The affiliate's own line, whatever the manual one says. */
  affiliateSpread: number | null;
  /** The manual line's id while one is in force (the reset names it), else null. */
  handicapId: number | null;
  /** When the manual line in force was set (a set or a reset names the one it was made from), else null. */
  lineSetAt: string | null;
  /** False while a manual line is in force. */
  useAffiliateSpread: boolean;
  /** Lines can change only before kickoff. */
  editable: boolean;
}

/** A manual line as an edit read it: when it was set (an ISO instant), or '' for none in force. */
const lineRead = z.string().check(z.maxLength(40, 'lineSetAt must be the instant a line was set, or empty'));

const spreadRow: z.ZodMiniType<SpreadRow> = z.object({
  id: int,
  gameId: int,
  weekId: int,
  beginning: instant,
  eventStatus: gameStatus,
  homeTeamId: int,
  homeTeamName: text,
  awayTeamId: int,
  awayTeamName: text,
  homeTeamScore: nullableInt,
  awayTeamScore: nullableInt,
  gameClock: optionalText,
  winnerTeamId: nullableInt,
  pointSpread: nullableNumber,
  affiliateSpread: nullableNumber,
  handicapId: nullableInt,
  lineSetAt: z.nullable(instant),
  useAffiliateSpread: z.boolean(),
  editable: z.boolean(),
});

export const spreadList = defineContract({
  method: 'POST',
  path: '/Services/api/Game/spread-list',
  input: 'form',
  read: true,
  summary: "A week's games with the feed's line at the affiliate, the affiliate's manual line and which is in effect",
  request: z.object({
    affiliateId: id('affiliateId'),
    sportId: id('sportId'),
    seasonId: optionalId('seasonId'),
    weekId: id('weekId'),
    limit: limit(100),
    // A week of baseball holds about a hundred games: the page asks for the next one while a page comes back full.
    page: paging.page,
  }),
  response: answer<SpreadRow[]>(z.array(spreadRow)),
  refusals: [404],
});

export const setSpread = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/set-spread',
  input: 'form',
  invalidates: ['spreadList', 'lineHistory', 'betList', 'gameList'],
  summary:
    "Sets the affiliate's manual home line of a game not started yet, for every client on that affiliate: beyond ±0.5, in steps of 0.1, a comma or a dot as decimal separator ('-3,5')",
  request: z.object({
    affiliateId: id('affiliateId'),
    gameId: id('gameId'),
    spread: required('spread', 12),
    /**
     * The manual line the edit was made from: its lineSetAt, or '' when none was in force. Another administrator's
     * line since refuses it (409 LINE_CHANGED), unless that line is already the one asked for.
     */
    lineSetAt: z.optional(lineRead),
  }),
  response: answer<SpreadRow>(spreadRow),
  refusals: [404, 409],
});

export const useAffiliateSign = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/use-affiliate-sign',
  input: 'json',
  invalidates: ['spreadList', 'lineHistory', 'betList', 'gameList'],
  summary:
    "Reset: the named manual lines end and the affiliate's lines are in effect again; a line already reset counts as reset, so the change asked again does the same",
  request: z
    .array(
      z.object({
        handicapId: id('handicapId'),
        useAffiliateSpread: z.literal(true),
        /** The line's lineSetAt as read: a line set again since is refused (409 LINE_CHANGED). */
        lineSetAt: z.optional(lineRead),
      }),
    )
    .check(z.minLength(1, 'Name at least one line'), z.maxLength(100, 'At most 100 lines at once')),
  response: answer<{ reset: number }>(z.object({ reset: int })),
  refusals: [404, 409],
});

/** One change of a game's line at an affiliate, as the record keeps it. */
export interface LineChange {
  at: string;
  affiliateId: number;
  affiliateName: string;
  /** affiliate: the feed's line; manual: the affiliate's manual line set; cleared: the manual line reset. */
  kind: 'affiliate' | 'manual' | 'cleared';
  homeLine: number | null;
  /** Who: the administrator's display name, or the feed for affiliate lines. */
  actorName: string;
}

const lineChange: z.ZodMiniType<LineChange> = z.object({
  at: instant,
  affiliateId: int,
  affiliateName: text,
  kind: z.enum(['affiliate', 'manual', 'cleared']),
  homeLine: nullableNumber,
  actorName: text,
});

export const lineHistory = defineContract({
  method: 'GET',
  path: '/Services/api/Game/line-history',
  input: 'query',
  summary: "Every line the game had at each affiliate, the feed's and the manual ones, oldest first, with who and when",
  request: z.object({ gameId: id('gameId') }),
  response: answer<LineChange[]>(z.array(lineChange)),
  refusals: [404],
});

/** The last-day bonus start as an administrator picks it: a wall-clock time in the sport's zone, every part required. */
export const bonusStartTime = z.object({
  hours: z.number({ error: 'Hours are required' }).check(z.int(), z.gte(1), z.lte(12)),
  minutes: z.number({ error: 'Minutes are required' }).check(z.int(), z.gte(0), z.lte(59)),
  meridiem: z.enum(['AM', 'PM'], { error: 'AM or PM is required' }),
});

export const setBonusGamesStart = defineContract({
  method: 'POST',
  path: '/Services/api/Client/set-bonus-games-start',
  input: 'form',
  invalidates: ['seasonList', 'betList', 'gameList', 'balance'],
  summary:
    "Sets when the client's last day of the season becomes a bonus day (it counts from 10 minutes after); ISO instant",
  request: z.object({
    clientId: optionalId('clientId'),
    seasonId: id('seasonId'),
    begin: required('begin', 40),
  }),
  response: answer<{ seasonId: number; bonusGamesStart: string }>(z.object({ seasonId: int, bonusGamesStart: text })),
  refusals: [404, 409],
});

export const spreadsContracts = { spreadList, setSpread, useAffiliateSign, lineHistory, setBonusGamesStart };
