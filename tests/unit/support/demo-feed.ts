// What the demo provider's tests share: the season they build the feed on, a feed at any instant of it, and
// readers independent of the code under test (New York dates from Intl, a demo game's round from its id).
import type { FeedGame, FeedLine, SportsFeed } from '../../../functions/providers/port.ts';
import { createDemoProvider } from '../../../functions/providers/demo/demo-provider.ts';
import type { SportKey as DemoSport } from '../../../functions/providers/demo/demo-types.ts';

export type { DemoSport };

export const SPORTS: readonly DemoSport[] = ['NFL', 'NBA'];
export const GAMES_PER_ROUND: Record<DemoSport, number> = { NFL: 16, NBA: 15 };
export const HOUR_MS = 60 * 60 * 1000;
export const SEASON_START = '2025-09-03';
export const SEASON_YEAR = 2025;
export const EPOCH = '1970-01-01T00:00:00.000Z';
export const PRESEASON = '2025-09-01T00:00:00.000Z'; // before round 1: every game is upcoming
export const SEASON_OVER = '2026-06-01T00:00:00.000Z';

export function provider(seasonStart = SEASON_START, now = '2025-11-02T18:30:00.000Z'): SportsFeed {
  return createDemoProvider({ seasonStart, now: () => new Date(now) });
}

/** Independent of the code under test: Intl's view of an instant in America/New_York. */
export function eastern(instant: string | Date): { date: string; weekday: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: part('weekday'),
    time: `${part('hour')}:${part('minute')}`,
  };
}

export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR_MS));
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The demo feed's games carry our id; a missing one fails every comparison it takes part in. */
export const ourId = (game: FeedGame): number => game.id ?? Number.NaN;

/** The round encoded in a demo game id (sport code * 100000 + round * 100 + slot). */
export const roundOf = (game: FeedGame): number => Math.floor(ourId(game) / 100) % 1000;

export function byRound(games: FeedGame[]): Map<number, FeedGame[]> {
  const rounds = new Map<number, FeedGame[]>();
  for (const game of games) rounds.set(roundOf(game), [...(rounds.get(roundOf(game)) ?? []), game]);
  return rounds;
}

export const seasonGames = (feed: SportsFeed, sport: DemoSport, seasonYear = SEASON_YEAR) =>
  feed.listSeasonGames(sport, seasonYear);

/** Each affiliate's lines, by affiliate ref, in the order the feed lists them. */
export function linesByAffiliate(lines: FeedLine[]): Map<string, FeedLine[]> {
  const byAffiliate = new Map<string, FeedLine[]>();
  for (const line of lines) byAffiliate.set(line.affiliate.ref, [...(byAffiliate.get(line.affiliate.ref) ?? []), line]);
  return byAffiliate;
}
