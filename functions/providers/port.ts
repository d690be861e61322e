// The sports data provider port: where teams, schedules, results and spreads come from.
// The demo provider implements it offline; a real feed adapter implements the same interface.
import type { GameStatus } from '#domain/catalogue/game-status.ts';

export type SportKey = 'NFL' | 'NBA';

export interface ProviderTeam {
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

export interface ProviderGame {
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

export interface ProviderResult {
  gameId: number;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** When the provider last changed this result, UTC ISO string. */
  updatedAt: string;
}

export interface ProviderAffiliate {
  id: number;
  sport: SportKey;
  name: string;
  url: string;
}

export interface ProviderSpread {
  gameId: number;
  affiliateId: number;
  /** The home team's line; negative = home favoured; 0 means no spread. */
  homeSpread: number;
}

export interface SportsDataProvider {
  listTeams(sport: SportKey): Promise<ProviderTeam[]>;
  listSeasonGames(sport: SportKey): Promise<ProviderGame[]>;
  /** Results of games whose result changed at or after `since` (UTC ISO), as of the provider's now. */
  listResults(sport: SportKey, since: string): Promise<ProviderResult[]>;
  listSpreads(sport: SportKey, affiliateId: number): Promise<ProviderSpread[]>;
  listAffiliates(sport: SportKey): Promise<ProviderAffiliate[]>;
}
