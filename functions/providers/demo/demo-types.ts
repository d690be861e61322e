// The demo feed's own shapes: it generates games by round with numeric ids, then answers the port (demo-provider.ts).
import type { GameStatus } from '#domain/catalogue/game-status.ts';

export type SportKey = 'NFL' | 'NBA';

export interface DemoTeam {
  id: number;
  sport: SportKey;
  /** Full name, e.g. "Kansas City Chiefs". */
  name: string;
  city: string;
  mascot: string;
  abbreviation: string;
  /** Base64 of an SVG monogram (generated, no trademarked artwork). */
  logo: string;
}

export interface DemoGame {
  id: number;
  sport: SportKey;
  seasonYear: number;
  /** Weekly round, 1-based. */
  round: number;
  homeTeamId: number;
  awayTeamId: number;
  /** Kickoff, UTC ISO string. */
  beginning: string;
}

export interface DemoResult {
  gameId: number;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** While the game is under way: the period and the clock as shown ("8:17 - 2nd", "Halftime"). */
  period?: number;
  clock?: string;
  /** When the provider last changed this result, UTC ISO string. */
  updatedAt: string;
}

export interface DemoAffiliate {
  id: number;
  sport: SportKey;
  name: string;
  url: string;
}

export interface DemoSpread {
  gameId: number;
  affiliateId: number;
  /** The home team's line; negative = home favoured; 0 means no spread. */
  homeSpread: number;
}
