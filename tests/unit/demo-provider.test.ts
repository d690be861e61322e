import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { FeedError, type FeedGame, type FeedLine, type SportsFeed } from '../../functions/providers/port.ts';
import { createDemoProvider, demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';
import type { SportKey as DemoSport } from '../../functions/providers/demo/demo-types.ts';
import { demoClock, demoResult } from '../../functions/providers/demo/results.ts';
import { demoSeasonGames } from '../../functions/providers/demo/schedule.ts';
import { demoTeamIds } from '../../functions/providers/demo/teams.ts';

const SPORTS: readonly DemoSport[] = ['NFL', 'NBA'];
const GAMES_PER_ROUND: Record<DemoSport, number> = { NFL: 16, NBA: 15 };
const HOUR_MS = 60 * 60 * 1000;
const SEASON_START = '2025-09-03';
const SEASON_YEAR = 2025;
const EPOCH = '1970-01-01T00:00:00.000Z';
const PRESEASON = '2025-09-01T00:00:00.000Z'; // before round 1: every game is upcoming
const SEASON_OVER = '2026-06-01T00:00:00.000Z';

function provider(seasonStart = SEASON_START, now = '2025-11-02T18:30:00.000Z'): SportsFeed {
  return createDemoProvider({ seasonStart, now: () => new Date(now) });
}

/** Independent of the code under test: Intl's view of an instant in America/New_York. */
function eastern(instant: string | Date): { date: string; weekday: string; time: string } {
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

function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR_MS));
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The demo feed's games carry our id; a missing one fails every comparison it takes part in. */
const ourId = (game: FeedGame): number => game.id ?? Number.NaN;

/** The round encoded in a demo game id (sport code * 100000 + round * 100 + slot). */
const roundOf = (game: FeedGame): number => Math.floor(ourId(game) / 100) % 1000;

function byRound(games: FeedGame[]): Map<number, FeedGame[]> {
  const rounds = new Map<number, FeedGame[]>();
  for (const game of games) rounds.set(roundOf(game), [...(rounds.get(roundOf(game)) ?? []), game]);
  return rounds;
}

const seasonGames = (feed: SportsFeed, sport: DemoSport, seasonYear = SEASON_YEAR) =>
  feed.listSeasonGames(sport, seasonYear);

/** Each affiliate's lines, by affiliate ref, in the order the feed lists them. */
function linesByAffiliate(lines: FeedLine[]): Map<string, FeedLine[]> {
  const byAffiliate = new Map<string, FeedLine[]>();
  for (const line of lines) byAffiliate.set(line.affiliate.ref, [...(byAffiliate.get(line.affiliate.ref) ?? []), line]);
  return byAffiliate;
}

describe('demo provider teams', () => {
  it('lists the 32 NFL teams with ids 1001..1032 as their refs and unique abbreviations', async () => {
    const teams = await provider().listTeams('NFL');
    expect(teams.map((team) => team.id)).toEqual(Array.from({ length: 32 }, (_, i) => 1001 + i));
    expect(teams.every((team) => team.ref === String(team.id))).toBe(true);
    expect(new Set(teams.map((team) => team.abbreviation)).size).toBe(32);
  });

  it('lists the 30 NBA teams with ids 2001..2030 as their refs and unique abbreviations', async () => {
    const teams = await provider().listTeams('NBA');
    expect(teams.map((team) => team.id)).toEqual(Array.from({ length: 30 }, (_, i) => 2001 + i));
    expect(teams.every((team) => team.ref === String(team.id))).toBe(true);
    expect(new Set(teams.map((team) => team.abbreviation)).size).toBe(30);
  });

  it('names a team "City Mascot" with its real abbreviation', async () => {
    const nfl = await provider().listTeams('NFL');
    const nba = await provider().listTeams('NBA');
    expect(nfl.find((team) => team.abbreviation === 'KC')).toMatchObject({
      name: 'Kansas City Chiefs',
      city: 'Kansas City',
      mascot: 'Chiefs',
    });
    expect(nba.find((team) => team.abbreviation === 'POR')?.name).toBe('Portland Trail Blazers');
    for (const team of [...nfl, ...nba]) expect(team.name).toBe(`${team.city} ${team.mascot}`);
  });

  it('gives every team a base64 SVG monogram showing its abbreviation', async () => {
    for (const sport of SPORTS) {
      for (const team of await provider().listTeams(sport)) {
        const svg = Buffer.from(team.logo ?? '', 'base64').toString('utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
        expect(svg).toContain(`>${team.abbreviation}</text>`);
      }
    }
  });
});

describe('demo provider season games', () => {
  it.each(SPORTS)('%s has 18 weekly rounds with one game per pair of teams', async (sport) => {
    const rounds = byRound(await seasonGames(provider(), sport));
    expect([...rounds.keys()]).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    for (const roundGames of rounds.values()) expect(roundGames).toHaveLength(GAMES_PER_ROUND[sport]);
  });

  it.each(SPORTS)('%s: every team plays exactly once in every round', async (sport) => {
    const teamRefs = (await provider().listTeams(sport)).map((team) => team.ref).sort();
    for (const roundGames of byRound(await seasonGames(provider(), sport)).values()) {
      const playing = roundGames.flatMap((game) => [game.home.ref, game.away.ref]).sort();
      expect(playing).toEqual(teamRefs);
    }
  });

  it.each(SPORTS)('%s: every team hosts 9 of its 18 games, never more than 2 home or away in a row', async (sport) => {
    const games = await seasonGames(provider(), sport);
    for (const team of await provider().listTeams(sport)) {
      const venues = games
        .filter((game) => game.home.ref === team.ref || game.away.ref === team.ref)
        .sort((a, b) => roundOf(a) - roundOf(b))
        .map((game) => (game.home.ref === team.ref ? 'H' : 'A'))
        .join('');
      expect(venues).toHaveLength(18);
      expect(venues.replaceAll('A', '')).toHaveLength(9);
      expect(venues).not.toMatch(/HHH|AAA/);
    }
  });

  it.each(SPORTS)(
    '%s: every round has games on each day Wednesday..Sunday and on Monday and Tuesday',
    async (sport) => {
      for (const roundGames of byRound(await seasonGames(provider(), sport)).values()) {
        const weekdays = new Set(roundGames.map((game) => eastern(game.beginning).weekday));
        expect([...weekdays].sort()).toEqual(['Fri', 'Mon', 'Sat', 'Sun', 'Thu', 'Tue', 'Wed']);
      }
    },
  );

  // The first season crosses the November DST end, the second the March DST start.
  it.each(
    SPORTS.flatMap((sport) => [
      [sport, '2025-09-03'],
      [sport, '2026-01-07'],
    ]),
  )(
    "%s (season from %s): every kickoff falls inside its round's Wednesday..Tuesday week in New York",
    async (sport, seasonStart) => {
      const games = await seasonGames(provider(seasonStart), sport, Number(seasonStart.slice(0, 4)));
      expect(games).toHaveLength(18 * GAMES_PER_ROUND[sport]);
      for (const game of games) {
        const weekStart = plusDays(seasonStart, (roundOf(game) - 1) * 7);
        const kickoffDate = eastern(game.beginning).date;
        expect(
          kickoffDate >= weekStart && kickoffDate <= plusDays(weekStart, 6),
          `game ${game.ref} on ${kickoffDate}`,
        ).toBe(true);
      }
    },
  );

  it('kicks off at realistic New York times across DST: NFL Sundays at 13:00, 16:25 or 20:20; NBA 19:00..22:30', async () => {
    for (const seasonStart of ['2025-09-03', '2026-01-07']) {
      const feed = provider(seasonStart);
      const seasonYear = Number(seasonStart.slice(0, 4));
      const nfl = (await seasonGames(feed, 'NFL', seasonYear)).map((game) => eastern(game.beginning));
      expect(nfl.length).toBeGreaterThan(0);
      for (const kickoff of nfl.filter((k) => k.weekday === 'Sun'))
        expect(['13:00', '16:25', '20:20']).toContain(kickoff.time);
      for (const game of await seasonGames(feed, 'NBA', seasonYear)) {
        const { time } = eastern(game.beginning);
        expect(time >= '19:00' && time <= '22:30', `${game.ref} at ${time}`).toBe(true);
      }
    }
  });

  it.each([
    ['NFL', 33],
    ['NBA', 35],
  ] as const)(
    '%s game ids (also their refs) are %i*100000 + round*100 + slot, slots numbered in kickoff order',
    async (sport, code) => {
      const games = await seasonGames(provider(), sport);
      expect(games.every((game) => game.ref === String(game.id))).toBe(true);
      // The round read from the calendar, not from the id: which Wednesday..Tuesday week in New York.
      const weeks = new Map<number, FeedGame[]>();
      for (const game of games) {
        const round = Math.floor(daysBetween(SEASON_START, eastern(game.beginning).date) / 7) + 1;
        weeks.set(round, [...(weeks.get(round) ?? []), game]);
      }
      expect(weeks.size).toBe(18);
      for (const [round, roundGames] of weeks) {
        expect(roundGames.map(ourId)).toEqual(roundGames.map((_, i) => code * 100000 + round * 100 + i + 1));
        const kickoffs = roundGames.map((game) => game.beginning);
        expect(kickoffs).toEqual([...kickoffs].sort());
      }
    },
  );

  it.each(SPORTS)(
    '%s: the feed lists exactly the schedule of rounds, each game in the round its id names',
    async (sport) => {
      const schedule = demoSeasonGames(sport, demoTeamIds(sport), SEASON_START);
      const listed = await seasonGames(provider(), sport);
      expect(listed.map((game) => [ourId(game), roundOf(game), game.beginning, game.home.ref, game.away.ref])).toEqual(
        schedule.map((game) => [game.id, game.round, game.beginning, String(game.homeTeamId), String(game.awayTeamId)]),
      );
    },
  );

  it('stamps games with the year of seasonStart and names both teams by ref and name', async () => {
    const feed = provider('2025-12-31');
    const teams = new Map((await feed.listTeams('NBA')).map((team) => [team.ref, team.name]));
    const games = await seasonGames(feed, 'NBA');
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((game) => game.seasonYear === 2025)).toBe(true);
    for (const { home, away } of games) {
      expect(teams.get(home.ref)).toBe(home.name);
      expect(teams.get(away.ref)).toBe(away.name);
    }
  });

  it('lists no season games for a year other than the year of seasonStart', async () => {
    for (const sport of SPORTS) {
      expect(await provider().listSeasonGames(sport, 2024)).toEqual([]);
      expect(await provider().listSeasonGames(sport, 2026)).toEqual([]);
    }
  });

  it('refuses a seasonStart that is not a YYYY-MM-DD Wednesday', () => {
    expect(() => provider('2025-09-04')).toThrow(/Wednesday/);
    expect(() => provider('2025-9-3')).toThrow(/Wednesday/);
  });

  it.each(SPORTS)('%s: a season game not begun yet is upcoming, without scores', async (sport) => {
    const now = '2025-11-02T18:30:00.000Z';
    const upcoming = (await seasonGames(provider(SEASON_START, now), sport)).filter((game) => game.beginning > now);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const game of upcoming)
      expect(game).toMatchObject({ status: GameStatus.Upcoming, homeScore: null, awayScore: null });
  });
});

describe('demo provider games by day', () => {
  // Late NBA games (22:00, 22:30 New York) fall on the next day in UTC; the ranges cross both DST changes
  // and a round boundary (Tuesday to Wednesday).
  it.each([
    ['2025-09-03', '2025-11-01', '2025-11-03'],
    ['2025-09-03', '2025-11-02', '2025-11-02'],
    ['2025-09-03', '2025-11-04', '2025-11-05'],
    ['2026-01-07', '2026-03-07', '2026-03-09'],
  ])('(season from %s) lists exactly the games on the New York days %s..%s', async (seasonStart, from, to) => {
    const feed = provider(seasonStart, '2025-11-02T18:30:00.000Z');
    const seasonYear = Number(seasonStart.slice(0, 4));
    for (const sport of SPORTS) {
      const expected = (await seasonGames(feed, sport, seasonYear)).filter((game) => {
        const day = eastern(game.beginning).date;
        return day >= from && day <= to;
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(await feed.listGames(sport, from, to)).toEqual(expected);
    }
  });
});

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

describe('demo provider sports', () => {
  it.each(['NHL', 'MLB'] as const)('answers a FeedError saying the demo feed has no %s games', async (sport) => {
    const feed = provider();
    const message = `The demo feed has no ${sport} games`;
    for (const call of [
      () => feed.listTeams(sport),
      () => feed.listSeasonGames(sport, SEASON_YEAR),
      () => feed.listGames(sport, '2025-11-01', '2025-11-02'),
      () => feed.listResults(sport, EPOCH),
      () => feed.listLines(sport),
    ]) {
      const answer = call();
      await expect(answer).rejects.toThrow(FeedError);
      await expect(answer).rejects.toThrow(message);
    }
  });
});

describe('demoSeasonStart', () => {
  // Edges of the New York week (Wednesday 00:30, Tuesday 23:30 which is already Wednesday in UTC) and DST days.
  it.each([
    '2025-11-12T15:00:00Z',
    '2025-11-12T05:30:00Z',
    '2025-11-19T04:30:00Z',
    '2025-11-02T06:30:00Z',
    '2026-03-08T07:30:00Z',
    '2026-03-11T03:59:59Z',
    '2026-03-11T04:00:00Z',
    '2026-07-04T12:00:00Z',
  ])('returns a Wednesday and puts %s in round 9', async (today) => {
    const seasonStart = demoSeasonStart(new Date(today));
    expect(weekdayOf(seasonStart)).toBe(3);
    const round9Start = plusDays(seasonStart, 8 * 7);
    const todayInNewYork = eastern(today).date;
    expect(todayInNewYork >= round9Start && todayInNewYork <= plusDays(round9Start, 6)).toBe(true);
    const games = await seasonGames(provider(seasonStart, today), 'NFL', Number(seasonStart.slice(0, 4)));
    const round9 = games.filter((game) => roundOf(game) === 9);
    expect(round9).toHaveLength(GAMES_PER_ROUND.NFL);
    expect(round9.every((game) => eastern(game.beginning).date >= round9Start)).toBe(true);
  });
});
