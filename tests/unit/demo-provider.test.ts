import { describe, expect, it } from 'vitest';
import type { ProviderGame, SportKey, SportsDataProvider } from '../../functions/providers/port.ts';
import { createDemoProvider, demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';

const SPORTS: readonly SportKey[] = ['NFL', 'NBA'];
const GAMES_PER_ROUND: Record<SportKey, number> = { NFL: 16, NBA: 15 };
const HOUR_MS = 60 * 60 * 1000;
const SEASON_START = '2025-09-03';
const EPOCH = '1970-01-01T00:00:00.000Z';

function provider(seasonStart = SEASON_START, now = '2025-11-02T18:30:00.000Z'): SportsDataProvider {
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

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function byRound(games: ProviderGame[]): Map<number, ProviderGame[]> {
  const rounds = new Map<number, ProviderGame[]>();
  for (const game of games) rounds.set(game.round, [...(rounds.get(game.round) ?? []), game]);
  return rounds;
}

describe('demo provider teams', () => {
  it('lists the 32 NFL teams with ids 1001..1032 and unique abbreviations', async () => {
    const teams = await provider().listTeams('NFL');
    expect(teams.map((team) => team.id)).toEqual(Array.from({ length: 32 }, (_, i) => 1001 + i));
    expect(new Set(teams.map((team) => team.abbreviation)).size).toBe(32);
    expect(teams.every((team) => team.sport === 'NFL')).toBe(true);
  });

  it('lists the 30 NBA teams with ids 2001..2030 and unique abbreviations', async () => {
    const teams = await provider().listTeams('NBA');
    expect(teams.map((team) => team.id)).toEqual(Array.from({ length: 30 }, (_, i) => 2001 + i));
    expect(new Set(teams.map((team) => team.abbreviation)).size).toBe(30);
    expect(teams.every((team) => team.sport === 'NBA')).toBe(true);
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
        const svg = Buffer.from(team.logo, 'base64').toString('utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
        expect(svg).toContain(`>${team.abbreviation}</text>`);
      }
    }
  });
});

describe('demo provider season games', () => {
  it.each(SPORTS)('%s has 18 weekly rounds with one game per pair of teams', async (sport) => {
    const games = await provider().listSeasonGames(sport);
    const rounds = byRound(games);
    expect([...rounds.keys()]).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    for (const roundGames of rounds.values()) expect(roundGames).toHaveLength(GAMES_PER_ROUND[sport]);
  });

  it.each(SPORTS)('%s: every team plays exactly once in every round', async (sport) => {
    const teamIds = (await provider().listTeams(sport)).map((team) => team.id).sort();
    for (const roundGames of byRound(await provider().listSeasonGames(sport)).values()) {
      const playing = roundGames.flatMap((game) => [game.homeTeamId, game.awayTeamId]).sort();
      expect(playing).toEqual(teamIds);
    }
  });

  it.each(SPORTS)('%s: every team hosts 9 of its 18 games, never more than 2 home or away in a row', async (sport) => {
    const games = await provider().listSeasonGames(sport);
    for (const team of await provider().listTeams(sport)) {
      const venues = games
        .filter((game) => game.homeTeamId === team.id || game.awayTeamId === team.id)
        .sort((a, b) => a.round - b.round)
        .map((game) => (game.homeTeamId === team.id ? 'H' : 'A'))
        .join('');
      expect(venues.replaceAll('A', '')).toHaveLength(9);
      expect(venues).not.toMatch(/HHH|AAA/);
    }
  });

  it.each(SPORTS)(
    '%s: every round has games on each day Wednesday..Sunday and on Monday and Tuesday',
    async (sport) => {
      for (const roundGames of byRound(await provider().listSeasonGames(sport)).values()) {
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
      for (const game of await provider(seasonStart).listSeasonGames(sport)) {
        const weekStart = plusDays(seasonStart, (game.round - 1) * 7);
        const kickoffDate = eastern(game.beginning).date;
        expect(
          kickoffDate >= weekStart && kickoffDate <= plusDays(weekStart, 6),
          `game ${game.id} on ${kickoffDate}`,
        ).toBe(true);
      }
    },
  );

  it('kicks off at realistic New York times across DST: NFL Sundays at 13:00, 16:25 or 20:20; NBA 19:00..22:30', async () => {
    for (const seasonStart of ['2025-09-03', '2026-01-07']) {
      const nflSunday = (await provider(seasonStart).listSeasonGames('NFL')).map((game) => eastern(game.beginning));
      for (const kickoff of nflSunday.filter((k) => k.weekday === 'Sun'))
        expect(['13:00', '16:25', '20:20']).toContain(kickoff.time);
      for (const game of await provider(seasonStart).listSeasonGames('NBA')) {
        const { time } = eastern(game.beginning);
        expect(time >= '19:00' && time <= '22:30', `${game.id} at ${time}`).toBe(true);
      }
    }
  });

  it.each([
    ['NFL', 33],
    ['NBA', 35],
  ] as const)('%s game ids are %i*100000 + round*100 + slot, slots numbered in kickoff order', async (sport, code) => {
    const rounds = byRound(await provider().listSeasonGames(sport));
    for (const [round, roundGames] of rounds) {
      expect(roundGames.map((game) => game.id)).toEqual(roundGames.map((_, i) => code * 100000 + round * 100 + i + 1));
      const kickoffs = roundGames.map((game) => game.beginning);
      expect(kickoffs).toEqual([...kickoffs].sort());
    }
  });

  it('stamps games with the sport and the year of seasonStart', async () => {
    const games = await provider('2025-12-31').listSeasonGames('NBA');
    expect(games.every((game) => game.seasonYear === 2025 && game.sport === 'NBA')).toBe(true);
  });

  it('refuses a seasonStart that is not a YYYY-MM-DD Wednesday', () => {
    expect(() => provider('2025-09-04')).toThrow(/Wednesday/);
    expect(() => provider('2025-9-3')).toThrow(/Wednesday/);
  });
});

describe('demo provider determinism', () => {
  it('gives deep-equal data from two providers built with the same inputs', async () => {
    const [first, second] = [provider(), provider()];
    for (const sport of SPORTS) {
      expect(await first.listTeams(sport)).toEqual(await second.listTeams(sport));
      expect(await first.listSeasonGames(sport)).toEqual(await second.listSeasonGames(sport));
      expect(await first.listResults(sport, EPOCH)).toEqual(await second.listResults(sport, EPOCH));
      const affiliates = await first.listAffiliates(sport);
      expect(affiliates).toEqual(await second.listAffiliates(sport));
      for (const { id } of affiliates)
        expect(await first.listSpreads(sport, id)).toEqual(await second.listSpreads(sport, id));
    }
  });

  it('keeps a finished result unchanged as the clock moves on', async () => {
    const early = await provider(SEASON_START, '2025-10-01T00:00:00.000Z').listResults('NFL', EPOCH);
    const late = await provider(SEASON_START, '2026-06-01T00:00:00.000Z').listResults('NFL', EPOCH);
    const lateById = new Map(late.map((result) => [result.gameId, result]));
    for (const result of early.filter((r) => r.status !== 5)) expect(lateById.get(result.gameId)).toEqual(result);
  });
});

describe('demo provider results', () => {
  const now = '2025-11-02T18:30:00.000Z'; // an NFL Sunday: 13:00 ET games are live
  const nowMs = Date.parse(now);

  it.each(SPORTS)('%s returns nothing for games that have not begun', async (sport) => {
    const games = await provider(SEASON_START, now).listSeasonGames(sport);
    const results = await provider(SEASON_START, now).listResults(sport, EPOCH);
    const started = games.filter((game) => Date.parse(game.beginning) <= nowMs).map((game) => game.id);
    expect(results.map((result) => result.gameId).sort()).toEqual(started.sort());
    expect(started.length).toBeLessThan(games.length);
  });

  it.each(SPORTS)(
    '%s: a game over 3 hours old is finished with scores at beginning+3h, or canceled without',
    async (sport) => {
      const p = provider(SEASON_START, now);
      const games = new Map((await p.listSeasonGames(sport)).map((game) => [game.id, game]));
      const past = (await p.listResults(sport, EPOCH)).filter(
        (r) => Date.parse(games.get(r.gameId)!.beginning) + 3 * HOUR_MS <= nowMs,
      );
      expect(past.length).toBeGreaterThan(0);
      for (const result of past) {
        const beginningMs = Date.parse(games.get(result.gameId)!.beginning);
        if (result.status === 3) {
          expect(result).toMatchObject({ homeScore: null, awayScore: null });
          continue;
        }
        expect(result.status).toBe(2);
        expect(result.updatedAt).toBe(new Date(beginningMs + 3 * HOUR_MS).toISOString());
        expect(Number.isInteger(result.homeScore) && Number.isInteger(result.awayScore)).toBe(true);
      }
    },
  );

  it('reports games that began less than 3 hours ago as live with partial scores, updated at kickoff', async () => {
    const p = provider(SEASON_START, now);
    const games = new Map((await p.listSeasonGames('NFL')).map((game) => [game.id, game]));
    const live = (await p.listResults('NFL', EPOCH)).filter(
      (r) => Date.parse(games.get(r.gameId)!.beginning) + 3 * HOUR_MS > nowMs,
    );
    expect(live.length).toBeGreaterThan(0);
    const finals = new Map(
      (await provider(SEASON_START, '2026-06-01T00:00:00Z').listResults('NFL', EPOCH)).map((r) => [r.gameId, r]),
    );
    for (const result of live.filter((r) => r.status !== 3)) {
      expect(result.status).toBe(5);
      expect(result.updatedAt).toBe(games.get(result.gameId)!.beginning);
      expect(result.homeScore).toBeLessThanOrEqual(finals.get(result.gameId)!.homeScore!);
      expect(result.awayScore).toBeLessThanOrEqual(finals.get(result.gameId)!.awayScore!);
    }
  });

  it('produces plausible finals: NFL 0..60 with ties rare, NBA 85..140 without ties, about 1 in 60 canceled', async () => {
    const seasonOver = provider(SEASON_START, '2026-06-01T00:00:00Z');
    const nfl = await seasonOver.listResults('NFL', EPOCH);
    const nba = await seasonOver.listResults('NBA', EPOCH);
    const finished = (results: typeof nfl) => results.filter((r) => r.status === 2);
    for (const r of finished(nfl)) expect([r.homeScore!, r.awayScore!].every((s) => s >= 0 && s <= 60)).toBe(true);
    for (const r of finished(nba)) {
      expect([r.homeScore!, r.awayScore!].every((s) => s >= 85 && s <= 140)).toBe(true);
      expect(r.homeScore).not.toBe(r.awayScore);
    }
    expect(finished(nfl).filter((r) => r.homeScore === r.awayScore).length).toBeLessThanOrEqual(5);
    const canceled = [...nfl, ...nba].filter((r) => r.status === 3);
    expect(canceled.length).toBeGreaterThan(0);
    expect(canceled.length).toBeLessThan((nfl.length + nba.length) / 20);
    expect(canceled.every((r) => r.homeScore === null && r.awayScore === null)).toBe(true);
  });

  it('returns only results whose updatedAt is at or after since', async () => {
    const p = provider(SEASON_START, now);
    const all = await p.listResults('NFL', EPOCH);
    const since = all.map((r) => r.updatedAt).sort()[Math.floor(all.length / 2)]!;
    const recent = await p.listResults('NFL', since);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent).toEqual(all.filter((r) => r.updatedAt >= since));
    expect(await p.listResults('NFL', new Date(nowMs + 1).toISOString())).toEqual([]);
  });

  it('rejects a since that is not an instant', async () => {
    await expect(provider().listResults('NFL', 'yesterday')).rejects.toThrow(/since/);
  });
});

describe('demo provider affiliates and spreads', () => {
  it.each(SPORTS)('%s has at least two affiliates with distinct ids and urls', async (sport) => {
    const affiliates = await provider().listAffiliates(sport);
    expect(affiliates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(affiliates.map((a) => a.id)).size).toBe(affiliates.length);
    for (const affiliate of affiliates)
      expect(affiliate).toMatchObject({ sport, url: expect.stringMatching(/^https:\/\//) });
  });

  it('keeps affiliate ids stable: NFL 1 and 2, NBA 3 and 4', async () => {
    expect((await provider().listAffiliates('NFL')).map((a) => a.id)).toEqual([1, 2]);
    expect((await provider().listAffiliates('NBA')).map((a) => a.id)).toEqual([3, 4]);
  });

  it.each([
    ['NFL', 14],
    ['NBA', 13],
  ] as const)(
    '%s lines: one per game, home line of magnitude 1..%i, mostly half-points with some whole numbers',
    async (sport, max) => {
      const games = await provider().listSeasonGames(sport);
      for (const { id } of await provider().listAffiliates(sport)) {
        const spreads = await provider().listSpreads(sport, id);
        expect(spreads.map((s) => s.gameId)).toEqual(games.map((g) => g.id));
        expect(spreads.every((s) => s.affiliateId === id)).toBe(true);
        const lines = spreads.map((s) => s.homeSpread).filter((line) => line !== 0);
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
    const [first, second] = await provider().listAffiliates(sport);
    const a = await provider().listSpreads(sport, first!.id);
    const b = await provider().listSpreads(sport, second!.id);
    const differing = a.filter((s, i) => s.homeSpread !== b[i]!.homeSpread);
    expect(differing.length).toBeGreaterThan(0);
    for (const s of differing) expect(Math.abs(s.homeSpread - b[a.indexOf(s)]!.homeSpread)).toBeLessThanOrEqual(2);
    const noSpread = a.filter((s) => s.homeSpread === 0).map((s) => s.gameId);
    expect(noSpread.length).toBeGreaterThan(0);
    expect(b.filter((s) => s.homeSpread === 0).map((s) => s.gameId)).toEqual(noSpread);
  });

  it('throws a clear error for an affiliate that does not serve the sport', async () => {
    await expect(provider().listSpreads('NFL', 3)).rejects.toThrow('Unknown affiliate 3 for NFL');
    await expect(provider().listSpreads('NBA', 99)).rejects.toThrow('Unknown affiliate 99 for NBA');
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
    const round9 = (await provider(seasonStart, today).listSeasonGames('NFL')).filter((g) => g.round === 9);
    expect(round9.every((game) => eastern(game.beginning).date >= round9Start)).toBe(true);
  });
});
