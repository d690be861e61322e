// The sports data port: where teams, schedules, results and lines come from. Each feed (the offline demo
// feed, ESPN's site API, The Odds API) implements it; the import jobs read only this interface. A feed names
// things by its own ids (`ref`); the jobs map them to ours (functions/store/feed-refs.ts).
import type { GameStatus } from '#domain/catalogue/game-status.ts';
import type { SportKey } from '#domain/catalogue/types.ts';

export type { SportKey };
export type FeedName = 'demo' | 'espn' | 'odds-api';

export interface FeedTeam {
  /** The feed's id of the team. */
  ref: string;
  /** Our id, only from a feed whose ids are ours (the demo feed); other feeds' teams get one when first imported. */
  id?: number;
  /** Full name, e.g. "Kansas City Chiefs": teams match on it (normalised) when the ref is new. */
  name: string;
  city: string;
  mascot: string;
  abbreviation: string;
  /** Base64 of an SVG logo, when the feed has one of its own making (never fetched from a URL). */
  logo?: string;
}

/** A team as a game names it. */
export interface FeedTeamRef {
  ref: string;
  name: string;
}

export interface FeedGame {
  ref: string;
  /** Our id, only from the demo feed (see FeedTeam.id). */
  id?: number;
  /** The season the game belongs to, by the year it starts in. */
  seasonYear: number;
  /** Kickoff, UTC ISO string. */
  beginning: string;
  home: FeedTeamRef;
  away: FeedTeamRef;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** While the game is under way: the period, when the feed says. */
  period?: number | null;
  /** While the game is under way: the clock as shown ("8:17 - 2nd", "Halftime"), when the feed says. */
  clock?: string | null;
}

/** Who publishes a line: ESPN's odds provider, a bookmaker of The Odds API, a demo sportsbook. */
export interface FeedAffiliate {
  ref: string;
  /** Our id, only from the demo feed (see FeedTeam.id). */
  id?: number;
  name: string;
  url: string;
}

export interface FeedLine {
  gameRef: string;
  affiliate: FeedAffiliate;
  /** The feed's home team, whose line homeLine is: a feed may list a game the other way round from ours. */
  home: FeedTeamRef;
  /** The home team's line; negative = home favoured; 0 = pick'em. */
  homeLine: number;
}

export interface SportsFeed {
  name: FeedName;
  listTeams(sport: SportKey): Promise<FeedTeam[]>;
  /** Every regular-season game of the season starting in `seasonYear`. */
  listSeasonGames(sport: SportKey, seasonYear: number): Promise<FeedGame[]>;
  /** The games with a kickoff on the days from `from` to `to` (YYYY-MM-DD, both included, US Eastern days). */
  listGames(sport: SportKey, from: string, to: string): Promise<FeedGame[]>;
  /** Statuses and scores of the games that started from `since` (UTC ISO) up to now. */
  listResults(sport: SportKey, since: string): Promise<FeedGame[]>;
  /** Every affiliate's current line for the upcoming games. */
  listLines(sport: SportKey): Promise<FeedLine[]>;
  /** The requests left in the feed's quota as its last answer said; only a feed with a quota tells. */
  remainingRequests?(): number | undefined;
}

/** A feed that cannot answer: down, refusing us, out of quota, or answering nonsense. The job fails with it. */
export class FeedError extends Error {
  override name = 'FeedError';
}
