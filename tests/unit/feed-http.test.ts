// The one HTTP client of the sports feeds, against a recorded feed on 127.0.0.1: retries while the feed is busy
// or down (without really waiting), gives up with a FeedError naming the feed, checks the answer's shape, never
// shows an API key, and refuses non-public targets before any packet is sent.
import { connect } from 'node:net';
import { useCapturedLogs } from '../support/captured-logs.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { Network } from '../../functions/adapters/outbound-http.ts';
import { espnScoreboardAnswer } from '../../functions/providers/espn/espn-schema.ts';
import { feedHttp, type FeedHttpOptions, retryAfterMs } from '../../functions/providers/feed-http.ts';
import { FeedError } from '../../functions/providers/port.ts';
import { type FakeFeed, fixture, fixtureText, startFakeFeed } from '../support/fake-feed.ts';

const path = '/apis/site/v2/sports/football/nfl/scoreboard';
const week12 = fixture('espn/nfl-scoreboard-week-12.json');
const secret = 'k3y-that-must-never-show';

let feed: FakeFeed;
let sleep: ReturnType<typeof vi.fn<(ms: number) => Promise<void>>>;
const logs = useCapturedLogs();

beforeAll(async () => {
  feed = await startFakeFeed();
});
afterAll(() => feed.stop());

beforeEach(() => {
  feed.requests.length = 0;
  sleep = vi.fn(async () => undefined);
});

const client = (options: Partial<FeedHttpOptions> = {}) =>
  feedHttp({ feed: 'ESPN', allowLoopback: true, sleep, ...options });
const at = (query = '') => new URL(`${path}${query}`, feed.baseUrl);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => error as Error,
  );

describe('a feed that is busy or down', () => {
  it('is asked again after a 503 and a 429, waiting 0.5 s, then Retry-After, and its answer is read', async () => {
    feed.setRoutes([
      {
        path,
        answers: [{ status: 503 }, { status: 429, headers: { 'retry-after': '2' } }, { body: week12 }],
      },
    ]);
    const answer = await client().getJson(at(), espnScoreboardAnswer);
    expect(answer.events).toHaveLength(7);
    expect(feed.count(path)).toBe(3);
    expect(sleep.mock.calls).toEqual([[500], [2000]]);
  });

  it('a Retry-After of an hour is cut to the bound: a job never sleeps for long', async () => {
    feed.setRoutes([{ path, answers: [{ status: 429, headers: { 'retry-after': '3600' } }, { body: week12 }] }]);
    await client({ maxRetryAfterMs: 5000 }).getJson(at(), espnScoreboardAnswer);
    expect(sleep.mock.calls).toEqual([[5000]]);
  });

  it('always answering 500 ends, after three attempts, in a FeedError naming the feed', async () => {
    feed.setRoutes([{ path, answers: [{ status: 500 }] }]);
    const error = await failure(client().getJson(at(), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^ESPN is unavailable: HTTP 500 after 3 attempts/);
    expect(feed.count(path)).toBe(3);
    expect(sleep.mock.calls).toEqual([[500], [1000]]);
  });

  it('that never answers runs into the deadline of each attempt and ends in a FeedError', async () => {
    feed.setRoutes([{ path, answers: ['hang'] }]);
    const error = await failure(client({ timeoutMs: 100 }).getJson(at(), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^ESPN is unavailable: no answer within 100 ms after 3 attempts/);
    expect(feed.count(path)).toBe(3);
  });

  it('a refusal such as 404 is not asked again', async () => {
    feed.setRoutes([{ path, answers: [{ status: 404, body: { message: 'not found' } }] }]);
    const error = await failure(client().getJson(at(), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^ESPN refused the call: HTTP 404/);
    expect(feed.count(path)).toBe(1);
  });

  it('Retry-After is read as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 18:00:10 GMT', Date.parse('2026-11-22T18:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('an answer of the wrong shape', () => {
  it('nonsense JSON is a FeedError saying what was unexpected', async () => {
    feed.setRoutes([{ path, answers: [{ body: fixtureText('espn/nonsense.json') }] }]);
    const error = await failure(client().getJson(at(), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^ESPN answered something unexpected: events: /);
  });

  it('a body that is not JSON is a FeedError', async () => {
    feed.setRoutes([{ path, answers: [{ body: '<html>Service Unavailable</html>' }] }]);
    const error = await failure(client().getJson(at(), z.object({})));
    expect(error.message).toMatch(/^ESPN answered something unexpected: not JSON/);
  });

  it('an answer beyond the size cap is not read to the end', async () => {
    feed.setRoutes([{ path, answers: [{ body: week12 }] }]);
    const error = await failure(client({ maxBodyBytes: 1000 }).getJson(at(), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/the answer is larger than 1000 bytes/);
  });
});

describe('an API key in the address', () => {
  it('never shows in the error or in a log line', async () => {
    feed.setRoutes([{ path, answers: [{ status: 502 }] }]);
    const error = await failure(client().getJson(at(`?dates=2026&apiKey=${secret}`), espnScoreboardAnswer));
    expect(error.message).toContain('apiKey=[hidden]');
    expect(logs.lines.join('')).toContain('Feed call failed');
    for (const text of [error.message, ...logs.lines]) expect(text).not.toContain(secret);
    expect(feed.requests[0]!.searchParams.get('apiKey')).toBe(secret);
  });
});

describe('the guard against calls to non-public addresses', () => {
  let network: Network & { lookup: ReturnType<typeof vi.fn>; connect: ReturnType<typeof vi.fn> };
  beforeEach(() => {
    network = { lookup: vi.fn(async () => ['10.0.0.1']), connect: vi.fn(() => connect({ port: 9 })) };
  });

  it('a feed host resolving to a private address is refused without connecting or trying again', async () => {
    const error = await failure(
      client({ network }).getJson(new URL('https://site.api.espn.com/apis/x'), espnScoreboardAnswer),
    );
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^ESPN may not be called at .*: the host name resolves to a private address/);
    expect(network.lookup).toHaveBeenCalledTimes(1);
    expect(network.connect).not.toHaveBeenCalled();
    expect(sleep).not.toHaveBeenCalled();
  });

  it.each([
    ['plain http to a public host', 'http://site.api.espn.com/apis/x', true],
    ['http to this machine unless FEEDS_ALLOW_LOOPBACK allows it', 'http://127.0.0.1:8080/apis/x', false],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', true],
  ])('%s is refused before any lookup', async (_, url, allowLoopback) => {
    const error = await failure(client({ network, allowLoopback }).getJson(new URL(url), espnScoreboardAnswer));
    expect(error).toBeInstanceOf(FeedError);
    expect(network.lookup).not.toHaveBeenCalled();
    expect(network.connect).not.toHaveBeenCalled();
  });
});
