// The catalogue the app shell reads: sports, weeks, seasons and teams.
import * as z from 'zod/mini';
import type { PlayedSport, Season, Sport, Team } from '../catalogue/types.ts';
import type { Week } from '../season/weeks.ts';
import { instant, int, nullableText, playedSport, sport, team, text, week } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { flag, id, ids, isoDate, limit, paging } from './fields.ts';

export const clientSportList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/sport-list',
  input: 'query',
  summary:
    "The sports the client plays, each with its affiliate, pick days and time zone (another client's for a client manager)",
  request: z.object({ clientId: z.optional(id('clientId')) }),
  response: answer<PlayedSport[]>(z.array(playedSport)),
  refusals: [404],
});

export const sportList = defineContract({
  method: 'POST',
  path: '/Services/api/Sport/list',
  input: 'form',
  read: true,
  summary: 'Every sport, paged',
  request: z.object(paging),
  response: answer<Sport[]>(z.array(sport)),
});

export const weekList = defineContract({
  method: 'GET',
  path: '/Services/api/Bet/week-list',
  input: 'query',
  summary: "A sport's weeks of its current season (or of the named past one), or the week holding a date",
  request: z.object({ sportId: id('sportId'), seasonId: z.optional(id('seasonId')), date: z.optional(isoDate) }),
  response: answer<Week[]>(z.array(week)),
  refusals: [404],
});

/**
 * A season as the client sees it: its last-day bonus start, whether the last day is a bonus day anyway, and whether
 * it is the sport's current season (Start New Season makes a new one current; the earlier ones stay readable).
 */
export type SeasonListRow = Season & { bonusGamesStart: string | null; lastDayIsBonusDay: boolean; current: boolean };

const seasonListRow: z.ZodMiniType<SeasonListRow> = z.object({
  id: int,
  sportId: int,
  sportName: text,
  year: int,
  beginDate: instant,
  endDate: instant,
  bonusGamesStart: nullableText,
  lastDayIsBonusDay: z.boolean(),
  current: z.boolean(),
});

export const seasonList = defineContract({
  method: 'GET',
  path: '/Services/api/Game/season-list',
  input: 'query',
  summary:
    "The current seasons of the client's sports (or of the named ones), optionally the ones holding a date; with history, every season of theirs the client played, newest first",
  request: z.object({
    sportId: ids('sportId'),
    date: z.optional(isoDate),
    history: z.optional(flag),
    clientId: z.optional(id('clientId')),
  }),
  response: answer<SeasonListRow[]>(z.array(seasonListRow)),
  refusals: [404],
});

export const teamList = defineContract({
  method: 'POST',
  path: '/Services/api/Team/list',
  input: 'form',
  read: true,
  summary: "A sport's teams, paged (100 a page by default)",
  request: z.object({ sportId: id('sportId'), ...paging, limit: limit(100) }),
  response: answer<Team[]>(z.array(team)),
  refusals: [404],
});

/** A team as the leaderboard shows it: pick cells carry only its id. */
export interface TeamMapEntry {
  id: number;
  name: string;
  logo: string;
}

export const teamMap = defineContract({
  method: 'GET',
  path: '/Services/api/Team/map',
  input: 'query',
  summary: "A sport's teams by id with names and logos, once per page (ETag; 304 when If-None-Match matches)",
  request: z.object({ sportId: id('sportId') }),
  response: answer<TeamMapEntry[]>(z.array(z.object({ id: int, name: text, logo: text }))),
  revalidates: true,
  refusals: [404],
});

export const catalogueContracts = { clientSportList, sportList, weekList, seasonList, teamList, teamMap };
