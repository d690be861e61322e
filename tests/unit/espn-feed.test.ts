// The ESPN feed on recorded site-API answers served from 127.0.0.1: teams, a whole regular season (NFL by week,
// NBA by date ranges), statuses, scores and both forms of ESPN's odds turned into the home team's line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { createEspnFeed } from '../../functions/providers/espn/espn-feed.ts';
import { espnClock, espnGame, espnHomeLine, espnStatus } from '../../functions/providers/espn/espn-mapping.ts';
import type { EspnCompetitor, EspnEvent } from '../../functions/providers/espn/espn-schema.ts';
import { FeedError, type FeedGame } from '../../functions/providers/port.ts';
import { type FakeFeed, type FakeRoute, fixture, fixtureText, startFakeFeed } from '../support/fake-feed.ts';

const NFL = '/apis/site/v2/sports/football/nfl';
const NBA = '/apis/site/v2/sports/basketball/nba';
const empty = { body: fixture('espn/nfl-scoreboard-empty.json') };

/** The recorded answers: week 1 and week 12 of the 2026 NFL season, a few NBA games of 19-25 November 2026. */
const routes: FakeRoute[] = [
  { path: `${NFL}/teams`, answers: [{ body: fixture('espn/nfl-teams.json') }] },
  { path: `${NBA}/teams`, answers: [{ body: fixture('espn/nba-teams.json') }] },
  {
    path: `${NFL}/scoreboard`,
    query: (query) => query.get('week') === '1',
    answers: [{ body: fixture('espn/nfl-scoreboard-week-1.json') }],
  },
  {
    path: `${NFL}/scoreboard`,
    query: (query) => query.get('week') === '12' || /^2026111[89]|^2026112[0-2]/.test(query.get('dates') ?? ''),
    answers: [{ body: fixture('espn/nfl-scoreboard-week-12.json') }],
  },
  { path: `${NFL}/scoreboard`, answers: [empty] },
  {
    path: `${NBA}/scoreboard`,
    query: (query) => ['20261119-20261125', '20261122-20261128'].includes(query.get('dates') ?? ''),
    answers: [{ body: fixture('espn/nba-scoreboard-2026-11-19.json') }],
  },
  { path: `${NBA}/scoreboard`, answers: [empty] },
];

let feed: FakeFeed;
beforeAll(async () => {
  feed = await startFakeFeed(routes);
});
afterAll(() => feed.stop());
beforeEach(() => {
  feed.setRoutes(routes);
  feed.requests.length = 0;
});

const espn = (now = '2026-11-22T17:00:00Z') =>
  createEspnFeed({
    baseUrl: feed.baseUrl,
    now: () => new Date(now),
    transport: { allowLoopback: true, sleep: async () => undefined },
  });
const byRef = (games: FeedGame[]) => new Map(games.map((game) => [game.ref, game]));

describe('teams', () => {
  it('come with ESPN id as ref, full name, city, mascot and abbreviation', async () => {
    const teams = await espn().listTeams('NFL');
    expect(teams).toHaveLength(13);
    expect(teams).toContainEqual({
      ref: '12',
      name: 'Kansas City Chiefs',
      city: 'Kansas City',
      mascot: 'Chiefs',
      abbreviation: 'KC',
    });
  });
});

describe('a whole NFL regular season', () => {
  it('is read week by week, 1 to 18, each game once with its home and away team and kickoff', async () => {
    const games = await espn().listSeasonGames('NFL', 2026);
    const weeks = feed.requests.filter((url) => url.pathname === `${NFL}/scoreboard`);
    expect(weeks.map((url) => url.searchParams.get('week'))).toEqual(
      Array.from({ length: 18 }, (_, index) => String(index + 1)),
    );
    expect(weeks.every((url) => url.searchParams.get('dates') === '2026')).toBe(true);
    expect(weeks.every((url) => url.searchParams.get('seasontype') === '2')).toBe(true);
    expect(games).toHaveLength(8);
    expect(new Set(games.map((game) => game.ref)).size).toBe(8);
    expect(games.every((game) => game.seasonYear === 2026)).toBe(true);
    expect(byRef(games).get('401772901')).toEqual({
      ref: '401772901',
      seasonYear: 2026,
      beginning: '2026-11-20T01:15:00.000Z',
      home: { ref: '34', name: 'Houston Texans' },
      away: { ref: '2', name: 'Buffalo Bills' },
      status: GameStatus.Finished,
      homeScore: 17,
      awayScore: 24,
    });
  });

  it('a team missing from the teams answer passes through as a ref with its name', async () => {
    const teams = await espn().listTeams('NFL');
    const games = await espn().listSeasonGames('NFL', 2026);
    expect(teams.some((team) => team.ref === '13')).toBe(false);
    expect(byRef(games).get('401772906')!.away).toEqual({ ref: '13', name: 'Las Vegas Raiders' });
  });

  it('a postponed game keeps its kickoff, is postponed and has no score', async () => {
    const postponed = byRef(await espn().listSeasonGames('NFL', 2026)).get('401772907')!;
    expect(postponed).toMatchObject({
      beginning: '2026-11-22T18:00:00.000Z',
      status: GameStatus.Postponed,
      homeScore: null,
      awayScore: null,
    });
  });
});

describe('a whole NBA regular season', () => {
  it('is read in 7-day ranges from October to April of the next year, each game once, in the season it starts', async () => {
    const games = await espn().listSeasonGames('NBA', 2026);
    const ranges = feed.requests.map((url) => url.searchParams.get('dates'));
    expect(ranges[0]).toBe('20261001-20261007');
    expect(ranges.at(-1)).toBe('20270429-20270430');
    expect(ranges).toHaveLength(31);
    expect(games.map((game) => game.ref).sort()).toEqual([
      '401810101',
      '401810102',
      '401810103',
      '401810104',
      '401810105',
    ]);
    expect(games.every((game) => game.seasonYear === 2026)).toBe(true);
  });
});

describe('games between two days', () => {
  it('are the regular season’s only: a postseason game (a play-in, a playoff) or a preseason one is left out', async () => {
    const board = structuredClone(fixture('espn/nba-scoreboard-2026-11-19.json')) as { events: EspnEvent[] };
    board.events[0]!.season = { ...board.events[0]!.season!, type: 3 };
    board.events[1]!.season = { ...board.events[1]!.season!, type: 1 };
    feed.setRoutes([{ path: `${NBA}/scoreboard`, answers: [{ body: board }] }]);
    const games = await espn().listGames('NBA', '2026-11-19', '2026-11-25');
    expect(games.map((game) => game.ref).sort()).toEqual(['401810103', '401810104', '401810105']);
  });
});

describe('statuses', () => {
  it('of the recorded games: final, in progress, halftime, scheduled, postponed, canceled, anything else', async () => {
    const nfl = byRef(await espn().listSeasonGames('NFL', 2026));
    const nba = byRef(await espn().listGames('NBA', '2026-11-19', '2026-11-25'));
    const statuses = Object.fromEntries([...nfl, ...nba].map(([ref, game]) => [ref, game.status]));
    expect(statuses).toMatchObject({
      '401772901': GameStatus.Finished,
      '401772902': GameStatus.Live,
      '401772903': GameStatus.Live,
      '401772904': GameStatus.Upcoming,
      '401772907': GameStatus.Postponed,
      '401810102': GameStatus.Canceled,
      '401810104': GameStatus.Undefined,
    });
    expect(nfl.get('401772902')).toMatchObject({ homeScore: 14, awayScore: 10 });
    expect(nfl.get('401772904')).toMatchObject({ homeScore: null, awayScore: null });
  });

  it.each([
    ['STATUS_SCHEDULED', 'pre', false, GameStatus.Upcoming],
    ['STATUS_DELAYED', 'pre', false, GameStatus.Upcoming],
    ['STATUS_FINAL', 'post', true, GameStatus.Finished],
    ['STATUS_FINAL_OT', 'post', true, GameStatus.Finished],
    ['STATUS_CANCELED', 'post', false, GameStatus.Canceled],
    ['STATUS_POSTPONED', 'post', false, GameStatus.Postponed],
    ['STATUS_IN_PROGRESS', 'in', false, GameStatus.Live],
    ['STATUS_HALFTIME', 'in', false, GameStatus.Live],
    ['STATUS_END_PERIOD', 'in', false, GameStatus.Live],
    ['STATUS_SUSPENDED', 'post', false, GameStatus.Undefined],
  ])('%s (state %s, completed %s) is status %i', (name, state, completed, expected) => {
    expect(espnStatus({ type: { name, state, completed } })).toBe(expected);
  });
});

describe('lines', () => {
  it("are the upcoming games' home lines: from the numeric spread, else from the text", async () => {
    const lines = await espn('2026-11-22T17:00:00Z').listLines('NFL');
    expect(feed.requests[0]!.searchParams.get('dates')).toBe('20261122-20261128');
    const affiliate = { ref: '58', name: 'ESPN BET', url: 'https://www.espn.com' };
    // Each line names the team it is of, ESPN's home team.
    expect(lines).toEqual([
      // "DEN -2.5", Denver at home.
      { gameRef: '401772904', affiliate, home: { ref: '7', name: 'Denver Broncos' }, homeLine: -2.5 },
      // spread 3 ("SF -3", San Francisco the away favourite).
      { gameRef: '401772905', affiliate, home: { ref: '26', name: 'Seattle Seahawks' }, homeLine: 3 },
      // "EVEN"
      { gameRef: '401772906', affiliate, home: { ref: '24', name: 'Los Angeles Chargers' }, homeLine: 0 },
    ]);
  });

  it('an away favourite given only as text gives the home team the opposite line, "PK" none', async () => {
    const lines = await espn('2026-11-22T12:00:00Z').listLines('NBA');
    expect(lines.map(({ gameRef, homeLine }) => [gameRef, homeLine])).toEqual([
      ['401810103', 0],
      ['401810105', 5.5],
    ]);
  });

  it.each([
    [{ spread: -1.5, details: 'HOU -1.5' }, 'HOU', 'BUF', -1.5],
    [{ details: 'DEN -2.5' }, 'DEN', 'KC', -2.5],
    [{ details: 'SF -3' }, 'SEA', 'SF', 3],
    [{ details: 'EVEN' }, 'LAC', 'LV', 0],
    [{ details: 'PK' }, 'DEN', 'MIA', 0],
    [{ details: 'OFF' }, 'DEN', 'MIA', undefined],
    [{ details: 'NYJ -3' }, 'DEN', 'MIA', undefined],
    [{}, 'DEN', 'MIA', undefined],
  ])('odds %j with %s at home against %s give the home team %s', (odds, home, away, expected) => {
    const side = (abbreviation: string, homeAway: string): EspnCompetitor => ({
      homeAway,
      team: { id: abbreviation, displayName: abbreviation, abbreviation },
    });
    expect(espnHomeLine(odds, side(home, 'home'), side(away, 'away'))).toBe(expected);
  });
});

describe('results', () => {
  it('are the games begun since the given instant up to now, with statuses and scores', async () => {
    const results = await espn('2026-11-22T20:00:00Z').listResults('NFL', '2026-11-19T12:00:00Z');
    expect(feed.requests[0]!.searchParams.get('dates')).toBe('20261119-20261122');
    expect(results.map(({ ref, status, homeScore, awayScore }) => [ref, status, homeScore, awayScore])).toEqual([
      ['401772901', GameStatus.Finished, 17, 24],
      ['401772902', GameStatus.Live, 14, 10],
      ['401772903', GameStatus.Live, 7, 13],
      ['401772907', GameStatus.Postponed, null, null],
    ]);
  });
});

describe('a broken answer', () => {
  it('nonsense from ESPN fails the call with a FeedError', async () => {
    feed.setRoutes([{ path: `${NFL}/scoreboard`, answers: [{ body: fixtureText('espn/nonsense.json') }] }]);
    await expect(espn().listGames('NFL', '2026-11-19', '2026-11-23')).rejects.toThrow(FeedError);
    await expect(espn().listGames('NFL', '2026-11-19', '2026-11-23')).rejects.toThrow(
      /^ESPN answered something unexpected/,
    );
  });
});

describe('live scores: a scoreboard recorded mid-afternoon on an NFL Sunday', () => {
  const sunday = fixture('espn/nfl-scoreboard-sunday-live.json') as { events: EspnEvent[] };
  const games = byRef(sunday.events.map((event) => espnGame('NFL', event)!));

  it('a game in progress is live with both scores, its period and ESPN’s clock text', () => {
    expect(games.get('401772902')).toMatchObject({
      status: GameStatus.Live,
      homeScore: 17,
      awayScore: 13,
      period: 3,
      clock: '8:17 - 3rd',
    });
    expect(games.get('401772907')).toMatchObject({ homeScore: 10, awayScore: 14, period: 2, clock: '0:42 - 2nd' });
  });

  it('halftime is live, with the clock text "Halftime"', () => {
    expect(games.get('401772903')).toMatchObject({
      status: GameStatus.Live,
      homeScore: 13,
      awayScore: 7,
      clock: 'Halftime',
    });
  });

  it('where ESPN says only "In Progress", the clock is told from its clock and period figures', () => {
    expect(
      espnClock({
        displayClock: '4:05',
        period: 4,
        type: { name: 'STATUS_IN_PROGRESS', state: 'in', shortDetail: 'In Progress' },
      }),
    ).toEqual({ period: 4, clock: '4:05 - 4th' });
    expect(espnClock({ displayClock: '9:12', period: 5, type: { name: 'STATUS_IN_PROGRESS', state: 'in' } })).toEqual({
      period: 5,
      clock: '9:12 - OT',
    });
  });

  it('games not under way carry no clock: the final one and those scheduled later in the day', () => {
    for (const ref of ['401772901', '401772904', '401772905']) {
      expect(games.get(ref)!.clock).toBeUndefined();
      expect(games.get(ref)!.period).toBeUndefined();
    }
    expect(games.get('401772904')).toMatchObject({ status: GameStatus.Upcoming, homeScore: null });
  });
});
