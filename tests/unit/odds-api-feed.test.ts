// The Odds API feed on recorded v4 answers served from 127.0.0.1: teams by full name, the scheduled events of a
// season, every bookmaker's home spread, scores, the quota header, and a wrong or missing key.
import { useCapturedLogs } from '../support/captured-logs.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { createOddsApiFeed } from '../../functions/providers/odds-api/odds-api-feed.ts';
import { oddsApiKeyFromEnv } from '../../functions/providers/odds-api/odds-api-key.ts';
import { splitTeamName } from '../../functions/providers/odds-api/odds-api-mapping.ts';
import { FeedError } from '../../functions/providers/port.ts';
import { type FakeFeed, type FakeRoute, fixture, startFakeFeed } from '../support/fake-feed.ts';

const NFL = '/v4/sports/americanfootball_nfl';
const key = 'recorded-test-key-0451';
const quota = (remaining: number) => ({ 'x-requests-remaining': String(remaining), 'x-requests-used': '188' });

const routes: FakeRoute[] = [
  {
    path: `${NFL}/participants`,
    answers: [{ body: fixture('odds-api/nfl-participants.json'), headers: quota(4812) }],
  },
  { path: `${NFL}/events`, answers: [{ body: fixture('odds-api/nfl-events.json'), headers: quota(4812) }] },
  { path: `${NFL}/odds`, answers: [{ body: fixture('odds-api/nfl-odds.json'), headers: quota(4811) }] },
  { path: `${NFL}/scores`, answers: [{ body: fixture('odds-api/nfl-scores.json'), headers: quota(4809) }] },
];

let feed: FakeFeed;
const logs = useCapturedLogs();
beforeAll(async () => {
  feed = await startFakeFeed(routes);
});
afterAll(() => feed.stop());
beforeEach(() => {
  feed.setRoutes(routes);
  feed.requests.length = 0;
});

const oddsApi = (now = '2026-11-22T12:00:00Z') =>
  createOddsApiFeed({
    baseUrl: feed.baseUrl,
    apiKey: async () => key,
    now: () => new Date(now),
    transport: { allowLoopback: true, sleep: async () => undefined },
  });

describe('teams', () => {
  it('are named by their full name; city, mascot and abbreviation are derived from it', async () => {
    const teams = await oddsApi().listTeams('NFL');
    expect(teams.map(({ ref, abbreviation }) => [ref, abbreviation])).toEqual([
      ['Buffalo Bills', 'BUF'],
      ['Houston Texans', 'HOU'],
      ['Kansas City Chiefs', 'KC'],
      ['Denver Broncos', 'DEN'],
      ['New York Giants', 'NYG'],
      ['New York Jets', 'NYJ'],
      ['Los Angeles Rams', 'LAR'],
      ['Los Angeles Chargers', 'LAC'],
    ]);
    expect(teams[2]).toEqual({
      ref: 'Kansas City Chiefs',
      name: 'Kansas City Chiefs',
      city: 'Kansas City',
      mascot: 'Chiefs',
      abbreviation: 'KC',
    });
    expect(feed.requests[0]!.searchParams.get('apiKey')).toBe(key);
  });

  it.each([
    ['Boston Red Sox', 'Boston', 'Red Sox'],
    ['Toronto Maple Leafs', 'Toronto', 'Maple Leafs'],
    ['San Francisco 49ers', 'San Francisco', '49ers'],
  ])('%s is %s and %s', (name, city, mascot) => {
    expect(splitTeamName(name)).toEqual({ city, mascot });
  });
});

describe('games', () => {
  it('of a season are the events now scheduled whose kickoff falls in it, January games in the season before', async () => {
    const games = await oddsApi().listSeasonGames('NFL', 2026);
    expect(games.map((game) => game.ref)).toEqual([
      '5e1c1a7ab0d4e0c1f5a8c1d2e3f40a01',
      '5e1c1a7ab0d4e0c1f5a8c1d2e3f40a02',
      '5e1c1a7ab0d4e0c1f5a8c1d2e3f40a03',
      '5e1c1a7ab0d4e0c1f5a8c1d2e3f40a04',
    ]);
    expect(games[0]).toEqual({
      ref: '5e1c1a7ab0d4e0c1f5a8c1d2e3f40a01',
      seasonYear: 2026,
      beginning: '2026-11-22T21:25:00.000Z',
      home: { ref: 'Denver Broncos', name: 'Denver Broncos' },
      away: { ref: 'Kansas City Chiefs', name: 'Kansas City Chiefs' },
      status: GameStatus.Upcoming,
      homeScore: null,
      awayScore: null,
    });
  });

  it('a team the participants do not list passes through by its name', async () => {
    const games = await oddsApi().listSeasonGames('NFL', 2026);
    expect(games[2]!.away).toEqual({ ref: 'Las Vegas Raiders', name: 'Las Vegas Raiders' });
  });

  it('of some days are asked for by kickoff from the first US Eastern midnight to the last second', async () => {
    await oddsApi().listGames('NFL', '2026-11-22', '2026-11-23');
    const asked = feed.requests[0]!.searchParams;
    expect(asked.get('commenceTimeFrom')).toBe('2026-11-22T05:00:00Z');
    expect(asked.get('commenceTimeTo')).toBe('2026-11-24T04:59:59Z');
  });
});

describe('lines', () => {
  it("are every bookmaker's spread of the home team; a bookmaker without spreads gives none", async () => {
    const found = await oddsApi().listLines('NFL');
    const asked = feed.requests[0]!.searchParams;
    expect([asked.get('regions'), asked.get('markets')]).toEqual(['us', 'spreads']);
    expect(found.map((line) => [line.gameRef.slice(-3), line.affiliate.ref, line.homeLine])).toEqual([
      ['a01', 'draftkings', -2.5],
      ['a01', 'fanduel', -3],
      ['a02', 'draftkings', 1.5],
      ['a02', 'fanduel', 0],
      ['a03', 'draftkings', -6.5],
    ]);
    expect(found[0]!.affiliate).toEqual({
      ref: 'draftkings',
      name: 'DraftKings',
      url: 'https://sportsbook.draftkings.com',
    });
  });
});

describe('results', () => {
  it('completed: final; scores but not completed: in progress; no scores: upcoming', async () => {
    const results = await oddsApi('2026-11-22T21:30:00Z').listResults('NFL', '2026-11-19T12:00:00Z');
    expect(feed.requests[0]!.searchParams.get('daysFrom')).toBe('3');
    expect(
      results.map(({ ref, status, homeScore, awayScore }) => [ref.slice(-3), status, homeScore, awayScore]),
    ).toEqual([
      ['b01', GameStatus.Finished, 17, 24],
      ['b02', GameStatus.Live, 14, 10],
      ['a01', GameStatus.Upcoming, null, null],
    ]);
    expect(results[1]!.away).toEqual({ ref: 'Las Vegas Raiders', name: 'Las Vegas Raiders' });
  });
});

describe('the quota', () => {
  it('the feed tells how many requests its last answer said remain, for live polling to slow down on', async () => {
    const odds = oddsApi();
    expect(odds.remainingRequests?.()).toBeUndefined();
    await odds.listResults('NFL', '2026-11-19T12:00:00Z');
    expect(odds.remainingRequests?.()).toBe(4809);
  });

  it('left after each call is logged', async () => {
    await oddsApi().listLines('NFL');
    const logged = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ message: 'The Odds API quota', remaining: 4811, used: 188 }),
    );
    expect(logs.lines.join('')).not.toContain(key);
  });

  it('used up fails the call with a FeedError saying so', async () => {
    feed.setRoutes([
      {
        path: `${NFL}/odds`,
        answers: [{ status: 401, body: fixture('odds-api/quota-used-up.json'), headers: quota(0) }],
      },
    ]);
    await expect(oddsApi().listLines('NFL')).rejects.toThrow(/^The Odds API quota is used up/);
  });

  it('spent by the last answer stops the next paid call before it is made; the free schedule still answers', async () => {
    feed.setRoutes([
      { path: `${NFL}/odds`, answers: [{ body: fixture('odds-api/nfl-odds.json'), headers: quota(0) }] },
      { path: `${NFL}/events`, answers: [{ body: fixture('odds-api/nfl-events.json'), headers: quota(0) }] },
    ]);
    const odds = oddsApi();
    expect(await odds.listLines('NFL')).toHaveLength(5);
    await expect(odds.listResults('NFL', '2026-11-19T12:00:00Z')).rejects.toThrow(/^The Odds API quota is used up/);
    expect(feed.count(`${NFL}/scores`)).toBe(0);
    expect(await odds.listSeasonGames('NFL', 2026)).toHaveLength(4);
  });
});

describe('the key', () => {
  it('refused (401) fails with a FeedError saying the key is missing or wrong, never showing it', async () => {
    feed.setRoutes([
      {
        path: `${NFL}/odds`,
        answers: [{ status: 401, body: fixture('odds-api/unauthorized.json'), headers: quota(500) }],
      },
    ]);
    const error: unknown = await oddsApi()
      .listLines('NFL')
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as Error).message).toBe('The Odds API refused the key: ODDS_API_KEY is missing or wrong');
    expect(feed.count(`${NFL}/odds`)).toBe(1);
  });

  it('is ODDS_API_KEY when set, else the secret named by ODDS_API_KEY_SECRET_ARN, read once', async () => {
    const send = vi.fn(async () => ({ SecretString: 'from-the-secret\n' }));
    expect(await oddsApiKeyFromEnv({ ODDS_API_KEY: 'direct' }, () => ({ send }) as never)()).toBe('direct');
    const fromSecret = oddsApiKeyFromEnv({ ODDS_API_KEY_SECRET_ARN: 'arn:secret' }, () => ({ send }) as never);
    expect([await fromSecret(), await fromSecret()]).toEqual(['from-the-secret', 'from-the-secret']);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('missing altogether is a FeedError naming both settings', async () => {
    await expect(oddsApiKeyFromEnv({})()).rejects.toThrow(
      'The Odds API key is missing: set ODDS_API_KEY or ODDS_API_KEY_SECRET_ARN',
    );
  });
});

describe('a broken answer', () => {
  it('nonsense fails the call with a FeedError', async () => {
    feed.setRoutes([{ path: `${NFL}/odds`, answers: [{ body: fixture('odds-api/nonsense.json') }] }]);
    await expect(oddsApi().listLines('NFL')).rejects.toThrow(/^The Odds API answered something unexpected/);
  });
});
