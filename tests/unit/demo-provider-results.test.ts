// The demo feed's results: the same for the same inputs, nothing before kickoff, live for three hours with a
// clock, then a plausible final (or a cancellation) that never changes.
import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { FeedGame } from '../../functions/providers/port.ts';
import { demoClock, demoResult } from '../../functions/providers/demo/results.ts';
import { demoSeasonGames } from '../../functions/providers/demo/schedule.ts';
import { demoTeamIds } from '../../functions/providers/demo/teams.ts';
import { EPOCH, HOUR_MS, provider, SEASON_OVER, SEASON_START, seasonGames, SPORTS } from './support/demo-feed.ts';

describe('demo provider determinism', () => {
  it('gives deep-equal data from two providers built with the same inputs', async () => {
    const [first, second] = [provider(), provider()];
    for (const sport of SPORTS) {
      expect(await first.listTeams(sport)).toEqual(await second.listTeams(sport));
      expect(await seasonGames(first, sport)).toEqual(await seasonGames(second, sport));
      expect(await first.listGames(sport, '2025-10-01', '2025-10-31')).toEqual(
        await second.listGames(sport, '2025-10-01', '2025-10-31'),
      );
      expect(await first.listResults(sport, EPOCH)).toEqual(await second.listResults(sport, EPOCH));
      expect(await first.listLines(sport)).toEqual(await second.listLines(sport));
    }
  });

  it('keeps a finished result unchanged as the clock moves on', async () => {
    const early = await provider(SEASON_START, '2025-10-01T00:00:00.000Z').listResults('NFL', EPOCH);
    const late = await provider(SEASON_START, SEASON_OVER).listResults('NFL', EPOCH);
    const lateByRef = new Map(late.map((game) => [game.ref, game]));
    const over = early.filter((game) => game.status !== GameStatus.Live);
    expect(over.length).toBeGreaterThan(0);
    for (const game of over) expect(lateByRef.get(game.ref)).toEqual(game);
    // Nor does the time the result last changed.
    const [earlyMs, lateMs] = [Date.parse('2025-10-01T00:00:00.000Z'), Date.parse(SEASON_OVER)];
    for (const game of demoSeasonGames('NFL', demoTeamIds('NFL'), SEASON_START)) {
      const result = demoResult(game, earlyMs);
      if (result && result.status !== GameStatus.Live) expect(demoResult(game, lateMs)).toEqual(result);
    }
  });
});

describe('demo provider results', () => {
  const now = '2025-11-02T18:30:00.000Z'; // an NFL Sunday: 13:00 ET games are live
  const nowMs = Date.parse(now);

  it.each(SPORTS)('%s returns nothing for games that have not begun', async (sport) => {
    const games = await seasonGames(provider(SEASON_START, now), sport);
    const results = await provider(SEASON_START, now).listResults(sport, EPOCH);
    const started = games.filter((game) => Date.parse(game.beginning) <= nowMs).map((game) => game.ref);
    expect(results.map((game) => game.ref).sort()).toEqual(started.sort());
    expect(started.length).toBeLessThan(games.length);
    // A game counts as begun from its kickoff instant on.
    const next = games.find((game) => Date.parse(game.beginning) > nowMs)!;
    const refsAt = async (instant: number) =>
      (await provider(SEASON_START, new Date(instant).toISOString()).listResults(sport, EPOCH)).map((g) => g.ref);
    expect(await refsAt(Date.parse(next.beginning) - 1)).not.toContain(next.ref);
    expect(await refsAt(Date.parse(next.beginning))).toContain(next.ref);
  });

  it.each(SPORTS)(
    '%s: a game over 3 hours old is finished with scores at beginning+3h, or canceled without',
    async (sport) => {
      const past = (await provider(SEASON_START, now).listResults(sport, EPOCH)).filter(
        (game) => Date.parse(game.beginning) + 3 * HOUR_MS <= nowMs,
      );
      expect(past.length).toBeGreaterThan(0);
      for (const game of past) {
        if (game.status === GameStatus.Canceled) {
          expect(game).toMatchObject({ homeScore: null, awayScore: null });
          continue;
        }
        expect(game.status).toBe(GameStatus.Finished);
        expect(Number.isInteger(game.homeScore) && Number.isInteger(game.awayScore)).toBe(true);
      }
      // Finished exactly 3 hours after kickoff, live until then; the result says it changed then.
      for (const game of past.filter((g) => g.status === GameStatus.Finished).slice(0, 20)) {
        const endMs = Date.parse(game.beginning) + 3 * HOUR_MS;
        const statusAt = async (instant: number) =>
          (await provider(SEASON_START, new Date(instant).toISOString()).listResults(sport, game.beginning)).find(
            (g) => g.ref === game.ref,
          )?.status;
        expect(await statusAt(endMs - 1)).toBe(GameStatus.Live);
        expect(await statusAt(endMs)).toBe(GameStatus.Finished);
      }
      for (const game of demoSeasonGames(sport, demoTeamIds(sport), SEASON_START)) {
        const result = demoResult(game, nowMs);
        if (result?.status === GameStatus.Finished)
          expect(result.updatedAt).toBe(new Date(Date.parse(game.beginning) + 3 * HOUR_MS).toISOString());
      }
    },
  );

  it('reports games that began less than 3 hours ago as live with partial scores, updated at kickoff', async () => {
    const live = (await provider(SEASON_START, now).listResults('NFL', EPOCH)).filter(
      (game) => Date.parse(game.beginning) + 3 * HOUR_MS > nowMs,
    );
    expect(live.length).toBeGreaterThan(0);
    const finals = new Map(
      (await provider(SEASON_START, SEASON_OVER).listResults('NFL', EPOCH)).map((game) => [game.ref, game]),
    );
    for (const game of live.filter((g) => g.status !== GameStatus.Canceled)) {
      expect(game.status).toBe(GameStatus.Live);
      expect(game.homeScore).toBeLessThanOrEqual(finals.get(game.ref)!.homeScore!);
      expect(game.awayScore).toBeLessThanOrEqual(finals.get(game.ref)!.awayScore!);
    }
    const liveResults = demoSeasonGames('NFL', demoTeamIds('NFL'), SEASON_START).flatMap((game) => {
      const result = demoResult(game, nowMs);
      return result?.status === GameStatus.Live ? [{ game, result }] : [];
    });
    expect(liveResults.map(({ game }) => String(game.id)).sort()).toEqual(
      live
        .filter((g) => g.status === GameStatus.Live)
        .map((g) => g.ref)
        .sort(),
    );
    for (const { game, result } of liveResults) expect(result.updatedAt).toBe(game.beginning);
  });

  it('gives a live game its period and clock, the same for the same instant: a quarter counts down, halftime after the second', async () => {
    const minutes = (m: number) => m * 60 * 1000;
    expect(demoClock('NFL', 0)).toEqual({ period: 1, clock: '15:00 - 1st' });
    expect(demoClock('NFL', minutes(20))).toEqual({ period: 1, clock: '7:30 - 1st' });
    expect(demoClock('NFL', minutes(60))).toEqual({ period: 2, clock: '7:30 - 2nd' });
    expect(demoClock('NFL', minutes(85))).toEqual({ period: 2, clock: 'Halftime' });
    expect(demoClock('NFL', minutes(100))).toEqual({ period: 3, clock: '15:00 - 3rd' });
    expect(demoClock('NBA', minutes(170))).toEqual({ period: 4, clock: '3:00 - 4th' });
    const live = (await provider(SEASON_START, now).listResults('NFL', EPOCH)).filter(
      (game) => game.status === GameStatus.Live,
    );
    expect(live.length).toBeGreaterThan(0);
    const again = new Map(
      (await provider(SEASON_START, now).listResults('NFL', EPOCH)).map((game) => [game.ref, game.clock]),
    );
    for (const game of live) {
      expect(game.clock).toBe(demoClock('NFL', nowMs - Date.parse(game.beginning)).clock);
      expect(again.get(game.ref)).toBe(game.clock);
    }
  });

  it('produces plausible finals: NFL 0..60 with ties rare, NBA 85..140 without ties, about 1 in 60 canceled', async () => {
    const seasonOver = provider(SEASON_START, SEASON_OVER);
    const nfl = await seasonOver.listResults('NFL', EPOCH);
    const nba = await seasonOver.listResults('NBA', EPOCH);
    const finished = (games: FeedGame[]) => games.filter((game) => game.status === GameStatus.Finished);
    for (const g of finished(nfl)) expect([g.homeScore!, g.awayScore!].every((s) => s >= 0 && s <= 60)).toBe(true);
    for (const g of finished(nba)) {
      expect([g.homeScore!, g.awayScore!].every((s) => s >= 85 && s <= 140)).toBe(true);
      expect(g.homeScore).not.toBe(g.awayScore);
    }
    expect(finished(nfl).filter((g) => g.homeScore === g.awayScore).length).toBeLessThanOrEqual(5);
    const canceled = [...nfl, ...nba].filter((g) => g.status === GameStatus.Canceled);
    expect(canceled.length).toBeGreaterThan(0);
    expect(canceled.length).toBeLessThan((nfl.length + nba.length) / 20);
    expect(canceled.every((g) => g.homeScore === null && g.awayScore === null)).toBe(true);
  });

  it('returns only the games begun from since up to now', async () => {
    const p = provider(SEASON_START, now);
    const all = await p.listResults('NFL', EPOCH);
    const since = all.map((game) => game.beginning).sort()[Math.floor(all.length / 2)]!;
    const recent = await p.listResults('NFL', since);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.map((game) => game.beginning)).toContain(since);
    expect(recent).toEqual(all.filter((game) => game.beginning >= since));
    expect(await p.listResults('NFL', new Date(nowMs + 1).toISOString())).toEqual([]);
  });

  it('rejects a since that is not an instant', async () => {
    await expect(provider().listResults('NFL', 'yesterday')).rejects.toThrow(/since/);
  });
});
