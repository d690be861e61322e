// The demo feed's teams and season: who plays, when and where, which sports it serves, and where a season starts.
import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { FeedError, type FeedGame } from '../../functions/providers/port.ts';
import { demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';
import { demoSeasonGames } from '../../functions/providers/demo/schedule.ts';
import { demoTeamIds } from '../../functions/providers/demo/teams.ts';
import {
  byRound,
  daysBetween,
  EPOCH,
  eastern,
  GAMES_PER_ROUND,
  ourId,
  plusDays,
  provider,
  roundOf,
  SEASON_START,
  SEASON_YEAR,
  seasonGames,
  SPORTS,
  weekdayOf,
} from './support/demo-feed.ts';

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
