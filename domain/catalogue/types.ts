// The sports catalogue: global sports, teams, seasons, weeks and games; per-client sport settings.
import type { GameStatus } from './game-status.ts';
import type { PickDay } from '../season/zoned-time.ts';

export interface DayFlags {
  allowMondayPicks: boolean;
  allowTuesdayPicks: boolean;
  allowWednesdayPicks: boolean;
  allowThursdayPicks: boolean;
  allowFridayPicks: boolean;
  allowSaturdayPicks: boolean;
  allowSundayPicks: boolean;
  firstBonusGameDay: PickDay;
  secondBonusGameDay: PickDay;
}

/** Default new sport (docs/rules.md, Pick days): picks Wednesday to Sunday, bonus Monday (6) and Tuesday (7). */
export const defaultDayFlags: DayFlags = {
  allowMondayPicks: false,
  allowTuesdayPicks: false,
  allowWednesdayPicks: true,
  allowThursdayPicks: true,
  allowFridayPicks: true,
  allowSaturdayPicks: true,
  allowSundayPicks: true,
  firstBonusGameDay: 6,
  secondBonusGameDay: 7,
};

const flagByPickDay: Record<PickDay, keyof DayFlags> = {
  1: 'allowWednesdayPicks',
  2: 'allowThursdayPicks',
  3: 'allowFridayPicks',
  4: 'allowSaturdayPicks',
  5: 'allowSundayPicks',
  6: 'allowMondayPicks',
  7: 'allowTuesdayPicks',
};

export const isRegularDay = (flags: DayFlags, day: PickDay) => flags[flagByPickDay[day]] === true;

/** The leagues the feeds know, by the key a sport reads them with. */
export type SportKey = 'NFL' | 'NBA' | 'NHL' | 'MLB';

export interface Sport extends DayFlags {
  id: number;
  name: string;
  active: boolean;
  /** Which feed of the provider this sport reads. */
  providerKey: SportKey;
  timeZone: string;
  /** Counts its edits (none before the first): an edit names the one it was made from. */
  version?: number;
}

export interface Affiliate {
  id: number;
  sportId: number;
  name: string;
  url: string;
}

export interface ClientSport extends DayFlags {
  id: number;
  clientId: number;
  sportId: number;
  sportName: string;
  affiliateId: number;
  affiliateName: string;
  /** Set when the sport is removed from the client: players no longer see it; its picks and results stay. */
  archivedAt?: string;
  /** When an administrator (last) added the sport: a week that began before owes no missed-week penalty. */
  playedSince?: string;
  /** Counts its edits (none before the first): an edit names the one it was made from. */
  version?: number;
}

/** A client sport as the app reads it: with the zone its days and times are told in (docs/rules.md, Formats). */
export interface PlayedSport extends ClientSport {
  timeZone: string;
}

export interface Season {
  id: number;
  sportId: number;
  sportName: string;
  year: number;
  beginDate: string;
  endDate: string;
}

/** The largest team logo (an SVG file) accepted, in bytes. */
export const logoMaxBytes = 100 * 1024;

/**
 * A sport's logos together, as stored (base64), at most: the team map and a page of teams carry every one of them,
 * and a Lambda function answers at most 6 MB.
 */
export const sportLogosMaxChars = 3 * 1024 * 1024;

/** A team's fields an administrator may set by hand (docs/rules.md, Teams). */
export const teamFields = ['name', 'city', 'mascot', 'abbreviation', 'logo'] as const;
export type TeamField = (typeof teamFields)[number];

export interface Team {
  id: number;
  sportId: number;
  name: string;
  city: string;
  mascot: string;
  abbreviation: string;
  logo: string;
  /** The fields an administrator set by hand: Load Teams leaves them as they are. */
  handEdited?: TeamField[];
  /** What the feed last said of each field, so a hand-set one can go back to it. */
  feedValues?: Partial<Pick<Team, TeamField>>;
  /** How many times the marks were changed by hand: a write over marks read checks it is unchanged. */
  markChanges?: number;
}

/**
 * A game as read: its catalogue row with its status and score, which the row does not keep. They are the outcome
 * facts the projector folds from the game's stream, the same ones grading and the leaderboard read
 * (functions/views/live-scores.ts, weekGamesNow).
 */
export interface Game {
  id: number;
  sportId: number;
  seasonId: number;
  weekId: number;
  beginning: string;
  eventStatus: GameStatus;
  homeTeamId: number;
  awayTeamId: number;
  homeTeamScore: number | null;
  awayTeamScore: number | null;
  /** While the game is under way: its clock as the feed last showed it ("8:17 - 2nd"). */
  gameClock?: string;
}

/** What a game's row keeps: the catalogue's part of a game (teams, kickoff, the feed's clock), not its outcome. */
export type GameRow = Omit<Game, 'eventStatus' | 'homeTeamScore' | 'awayTeamScore'>;

/** The row of a game: what a game without its status and score is (an older row may still carry them). */
export const gameRow = ({
  eventStatus: _status,
  homeTeamScore: _home,
  awayTeamScore: _away,
  ...row
}: GameRow & Partial<Game>): GameRow => row;

export interface Spread {
  gameId: number;
  affiliateId: number;
  homeSpread: number;
}

/** The line in effect at an affiliate: its manual line until reset, else the feed's (docs/rules.md, Spread). */
export const effectiveHomeLine = (
  spread: Spread | undefined,
  manualLine: { homeLine: number } | undefined,
): number | null => manualLine?.homeLine ?? spread?.homeSpread ?? null;
