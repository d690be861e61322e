// A sports feed on 127.0.0.1 answering recorded payloads (tests/fixtures/feeds), so the ESPN and The Odds API
// adapters run against real HTTP without any traffic leaving the machine. A route answers a path (and a query
// it accepts) with its answers in turn, the last one repeating: a 503, then a 429, then the payload.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  /** Keeps the connection open without a byte of answer. */
  | 'hang';

export interface FakeRoute {
  /** The exact path, e.g. /apis/site/v2/sports/football/nfl/scoreboard. */
  path: string;
  /** Which queries this route answers; every query when left out. */
  query?: (query: URLSearchParams) => boolean;
  answers: FakeAnswer[];
}

export interface FakeFeed {
  /** e.g. http://127.0.0.1:43121 */
  baseUrl: string;
  /** Every request received, in order. */
  requests: URL[];
  /** Requests to this path (all of them when left out). */
  count(path?: string): number;
  /** Replaces the route table (and forgets which answers were given). */
  setRoutes(routes: FakeRoute[]): void;
  stop(): Promise<void>;
}

/** A recorded payload, e.g. fixture('espn/nfl-teams.json'). */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), 'utf8'));
}

/** The raw text of a recorded payload, for answers that are not meant to parse. */
export const fixtureText = (name: string): string =>
  readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), 'utf8');

function send(response: ServerResponse, answer: Exclude<FakeAnswer, 'hang'>) {
  const body =
    answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(body);
}

export async function startFakeFeed(initialRoutes: FakeRoute[] = []): Promise<FakeFeed> {
  let routes = initialRoutes;
  let given = new Map<FakeRoute, number>();
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const route = routes.find(
      (candidate) => candidate.path === url.pathname && (candidate.query?.(url.searchParams) ?? true),
    );
    if (!route) return send(response, { status: 404, body: { message: `no recorded answer for ${url.pathname}` } });
    const turn = given.get(route) ?? 0;
    given.set(route, turn + 1);
    const answer = route.answers[Math.min(turn, route.answers.length - 1)]!;
    if (answer !== 'hang') send(response, answer);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((url) => path === undefined || url.pathname === path).length,
    setRoutes(next) {
      routes = next;
      given = new Map();
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
