// The demo feed's affiliates and their lines: stable ids, a line per game not begun, plausible and a little
// different from one affiliate to the other.
import { describe, expect, it } from 'vitest';
import {
  type DemoSport,
  linesByAffiliate,
  PRESEASON,
  provider,
  SEASON_START,
  seasonGames,
  SPORTS,
} from './support/demo-feed.ts';

describe('demo provider affiliates and lines', () => {
  it.each(SPORTS)('%s has at least two affiliates with distinct ids and urls', async (sport) => {
    const affiliates = [...linesByAffiliate(await provider().listLines(sport)).values()].map(
      (lines) => lines[0]!.affiliate,
    );
    expect(affiliates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(affiliates.map((a) => a.ref)).size).toBe(affiliates.length);
    expect(new Set(affiliates.map((a) => a.url)).size).toBe(affiliates.length);
    for (const affiliate of affiliates) {
      expect(affiliate.ref).toBe(String(affiliate.id));
      expect(affiliate.name).not.toBe('');
      expect(affiliate.url).toMatch(/^https:\/\//);
    }
  });

  it("keeps affiliate ids stable: NFL 1 and 2, NBA 3 and 4, each the affiliate's ref", async () => {
    const affiliatesOf = async (sport: DemoSport) =>
      [...linesByAffiliate(await provider().listLines(sport)).values()].map((lines) => lines[0]!.affiliate);
    const nfl = await affiliatesOf('NFL');
    const nba = await affiliatesOf('NBA');
    expect(nfl.map((a) => [a.ref, a.id])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    expect(nba.map((a) => [a.ref, a.id])).toEqual([
      ['3', 3],
      ['4', 4],
    ]);
  });

  it.each(SPORTS)('%s: every affiliate has a line for each game not begun as of now, and only those', async (sport) => {
    const now = '2025-11-02T18:30:00.000Z';
    const feed = provider(SEASON_START, now);
    const upcoming = (await seasonGames(feed, sport))
      .filter((game) => Date.parse(game.beginning) > Date.parse(now))
      .map((game) => game.ref);
    expect(upcoming.length).toBeGreaterThan(0);
    const byAffiliate = linesByAffiliate(await feed.listLines(sport));
    expect(byAffiliate.size).toBe(2);
    for (const lines of byAffiliate.values()) expect(lines.map((line) => line.gameRef)).toEqual(upcoming);
    // A game loses its lines at its kickoff instant.
    const next = upcoming[0]!;
    const kickoffMs = Date.parse((await seasonGames(feed, sport)).find((game) => game.ref === next)!.beginning);
    const linedAt = async (instant: number) =>
      (await provider(SEASON_START, new Date(instant).toISOString()).listLines(sport)).some(
        (line) => line.gameRef === next,
      );
    expect(await linedAt(kickoffMs - 1)).toBe(true);
    expect(await linedAt(kickoffMs)).toBe(false);
  });

  it.each([
    ['NFL', 14],
    ['NBA', 13],
  ] as const)(
    '%s lines: one per game, home line of magnitude 1..%i, mostly half-points with some whole numbers',
    async (sport, max) => {
      const feed = provider(SEASON_START, PRESEASON);
      const games = await seasonGames(feed, sport);
      for (const affiliateLines of linesByAffiliate(await feed.listLines(sport)).values()) {
        expect(affiliateLines.map((line) => line.gameRef)).toEqual(games.map((game) => game.ref));
        const lines = affiliateLines.map((line) => line.homeLine).filter((line) => line !== 0);
        for (const line of lines) {
          expect(Math.abs(line)).toBeGreaterThanOrEqual(1);
          expect(Math.abs(line)).toBeLessThanOrEqual(max);
          expect(Number.isInteger(line * 2)).toBe(true);
        }
        const whole = lines.filter((line) => Number.isInteger(line)).length;
        expect(whole).toBeGreaterThan(0);
        expect(whole).toBeLessThan(lines.length / 2);
        expect(lines.some((line) => line < 0) && lines.some((line) => line > 0)).toBe(true);
      }
    },
  );

  it.each(SPORTS)('%s affiliates differ on some games, and no-spread games are 0 at every affiliate', async (sport) => {
    const [a, b] = [...linesByAffiliate(await provider(SEASON_START, PRESEASON).listLines(sport)).values()];
    const other = new Map(b!.map((line) => [line.gameRef, line.homeLine]));
    expect(other.size).toBe(a!.length);
    const differing = a!.filter((line) => line.homeLine !== other.get(line.gameRef));
    expect(differing.length).toBeGreaterThan(0);
    for (const line of differing) expect(Math.abs(line.homeLine - other.get(line.gameRef)!)).toBeLessThanOrEqual(2);
    const noSpread = a!.filter((line) => line.homeLine === 0).map((line) => line.gameRef);
    expect(noSpread.length).toBeGreaterThan(0);
    expect(b!.filter((line) => line.homeLine === 0).map((line) => line.gameRef)).toEqual(noSpread);
  });
});
