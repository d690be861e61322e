// The leaderboard: a week's page in rank order, the season chart and the stats card, read from the views.
import * as z from 'zod/mini';
import type { BetResult } from '../betting/grading.ts';
import type { LiveResult } from '../betting/live-result.ts';
import type { SlotName } from '../scoring/week-scores.ts';
import type { SeasonStats } from '../scoring/stats.ts';
import { betResult, int, liveResult, nullableInt, nullableNumber, nullableText, text } from './answers.ts';
import { answer, csvAnswer, defineContract } from './contract.ts';
import { flag, id, limit, optionalId } from './fields.ts';

/**
 * One pick of a leaderboard row; `hidden` is another player's pick on a game not started yet. The team
 * travels as its id: names and logos come once from the team map (GET /api/Team/map).
 */
export interface LeaderboardCell {
  teamId: number | null;
  WeekDay: string | null;
  Spread: number | null;
  BetResult: BetResult | null;
  Points: number | null;
  hidden: boolean;
  /** While the pick's game is live, where it stands at the current score; else null. */
  liveResult: LiveResult | null;
  /** The pick's game was canceled or postponed out of its week: the pick is never graded. */
  noResult: boolean;
}

const leaderboardCell: z.ZodMiniType<LeaderboardCell> = z.object({
  teamId: nullableInt,
  WeekDay: nullableText,
  Spread: nullableNumber,
  BetResult: z.nullable(betResult),
  Points: z.nullable(int),
  hidden: z.boolean(),
  liveResult,
  noResult: z.boolean(),
});

/** A leaderboard row with its rank in the order asked for, ties sharing a rank. */
export type LeaderboardRow = {
  userId: number;
  userDisplayName: string;
  firstName: string;
  lastName: string;
  regularWonBetsSum: number;
  bonusWonBetsSum: number;
  /** −50 for a missed week, else 0. */
  penalty: number;
  weekPoints: number;
  /** The week points if every live game ended at its current score (graded picks as graded); weekPoints when none is live. */
  liveWeekPoints: number;
  /** Year to date through the week. */
  totalSeasonBalance: number;
  rank: number;
} & Record<SlotName, LeaderboardCell>;

const leaderboardRow: z.ZodMiniType<LeaderboardRow> = z.object({
  userId: int,
  userDisplayName: text,
  firstName: text,
  lastName: text,
  regularWonBetsSum: int,
  bonusWonBetsSum: int,
  penalty: int,
  weekPoints: int,
  liveWeekPoints: int,
  totalSeasonBalance: int,
  rank: int,
  twentyPoint: leaderboardCell,
  firstTenPoint: leaderboardCell,
  secondTenPoint: leaderboardCell,
  firstFivePoint: leaderboardCell,
  secondFivePoint: leaderboardCell,
  bonusPoint: leaderboardCell,
} satisfies Record<keyof LeaderboardRow, z.ZodMiniType>);

/** One page of a week's leaderboard in rank order. The first page also brings the caller's own row. */
export interface LeaderboardPage {
  rows: LeaderboardRow[];
  /** Asks for the next page (opaque; it carries where the page ends and its rank); null on the last page. */
  nextCursor: string | null;
  /** The caller's own row with its rank, wherever it stands; null without picks that week; first page only. */
  me?: LeaderboardRow | null;
  /** Players on the week's leaderboard; first page only. */
  players?: number;
  /** How many games of the week are live now: the page refreshes itself while any is. */
  liveGames: number;
}

const leaderboardPage: z.ZodMiniType<LeaderboardPage> = z.object({
  rows: z.array(leaderboardRow),
  nextCursor: nullableText,
  me: z.optional(z.nullable(leaderboardRow)),
  players: z.optional(int),
  liveGames: int,
});

export const leaderboardSorts = ['week', 'ytd', 'live'] as const;
export const sortDirections = ['desc', 'asc'] as const;

export const balance = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/balance',
  input: 'query',
  summary:
    "One page of a week's leaderboard in rank order (by week points, live week points or year to date, either way; ETag, 304 when If-None-Match matches)",
  request: z.object({
    clientId: optionalId('clientId'),
    sportId: id('sportId'),
    weekId: id('weekId'),
    seasonId: optionalId('seasonId'),
    showRegularGames: z.optional(flag),
    sort: z._default(z.enum(leaderboardSorts, { error: "sort is 'week', 'ytd' or 'live'" }), 'week'),
    direction: z._default(z.enum(sortDirections, { error: "direction is 'desc' or 'asc'" }), 'desc'),
    limit: limit(25),
    cursor: z.optional(z.string().check(z.maxLength(500, 'cursor is not valid'))),
  }),
  response: answer<LeaderboardPage>(leaderboardPage),
  revalidates: true,
  refusals: [404],
});

export const balanceExport = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/balance-export',
  input: 'query',
  summary:
    "A week's standings as a CSV file in rank order (rank, player, week points, year to date, penalty, each pick; another player's pick on a game not started stays hidden, as on the leaderboard); text cells a spreadsheet would run as a formula are neutralised",
  request: z.object({
    clientId: optionalId('clientId'),
    sportId: id('sportId'),
    weekId: id('weekId'),
    seasonId: optionalId('seasonId'),
  }),
  response: csvAnswer(),
  refusals: [404],
});

/** One player's season: week points by week number, and the season total. */
export interface SeasonPoints {
  userId: number;
  userDisplayName: string;
  weekPoints: Record<string, number>;
  totalSeasonBalance: number;
}

const seasonPointsRow: z.ZodMiniType<SeasonPoints> = z.object({
  userId: int,
  userDisplayName: text,
  weekPoints: z.record(text, int),
  totalSeasonBalance: int,
});

export const seasonPoints = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/season-points',
  input: 'query',
  summary:
    "The season's top 3 by season total and the caller: week points across the season (the current one, or the named past one)",
  request: z.object({ clientId: optionalId('clientId'), sportId: id('sportId'), seasonId: optionalId('seasonId') }),
  response: answer<SeasonPoints[]>(z.array(seasonPointsRow)),
  refusals: [404],
});

/** The whole client's ('Overall Stats') or the caller's ('My Stats') season through a week. */
export type Stats = SeasonStats & { title: 'Overall Stats' | 'My Stats' };

const statsAnswer: z.ZodMiniType<Stats> = z.object({
  title: z.enum(['Overall Stats', 'My Stats']),
  totalWins: int,
  totalLosses: int,
  winPercent: z.number(),
  lossPercent: z.number(),
  totalWinnings: int,
  totalPoints: int,
  totalBetsCount: int,
  lastWeekWinnings: int,
  lastWeekPoints: int,
});

export const stats = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/stats',
  input: 'query',
  summary: "The stats card: the caller's season, or with view users of client the whole client's",
  request: z.object({
    clientId: optionalId('clientId'),
    sportId: id('sportId'),
    seasonId: optionalId('seasonId'),
    weekId: id('weekId'),
    userId: optionalId('userId'),
  }),
  response: answer<Stats>(statsAnswer),
  refusals: [404],
});

export const leaderboardContracts = { balance, balanceExport, seasonPoints, stats };
