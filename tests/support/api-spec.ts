// Route-level specs without a stack (Emmett's ApiSpecification is the model): given the streams that exist, when a
// member calls a route, then its answer, the events it appended and the jobs it queued. The route's area handler is the one the CDK app
// deploys, called in-process with API Gateway's event; its events live in an in-memory event store, its
// catalogue in a database of the file's own that a world function writes once through the product's functions.
// Every case starts from the world's commits and its own given streams, on the clock it names. What a route writes
// to the database (a manual line's item, a stamp) stays for the file's later cases, as on a stack.
import { beforeAll, expect } from 'vitest';
import type { Client, User } from '#domain/auth/user.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';
import type { Event } from '#domain/decider.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { documentClient, type Deps } from '../../functions/adapters/deps.ts';
import type { Commit, CommitMeta } from '../../functions/adapters/event-store.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { counterIds } from '../../functions/adapters/ids.ts';
import { scryptPasswords } from '../../functions/adapters/passwords.ts';
import { fixedVersions } from '../../functions/adapters/secret-versions.ts';
import { signingKeys } from '../../functions/adapters/signing-key.ts';
import { issueUserToken } from '../../functions/adapters/tokens.ts';
import { createAreaHandler, routes } from '../../functions/http/routes.ts';
import { useBareDatabase } from '../integration/support/bare-database.ts';
import { callHandler } from '../integration/support/call-handler.ts';
import { commitOf, inMemoryEventStore } from './in-memory-event-store.ts';
import { testPasswordCost } from './local-test-stack.ts';

/** What a case ends with: the route's answer, the commits it appended and the jobs it queued (never run here). */
export interface Outcome<C extends Contract = Contract> {
  answer: Awaited<ReturnType<typeof callHandler<C>>>;
  appended: Commit[];
  queued: JobRequest[];
}
export type Check = (outcome: Outcome) => void | Promise<void>;

/** A stream as the events table holds it before the call: one commit of these events per call to it. */
export interface GivenStream {
  streamId: string;
  events: Event<string, unknown>[];
  meta?: Partial<CommitMeta>;
}
export const existingStream = (streamId: string, events: Event<string, unknown>[], meta?: Partial<CommitMeta>) => ({
  streamId,
  events,
  meta,
});

/** The outside world's adapters: an API spec that reaches one fails at once, naming it. */
const outsideWorld = <T extends object>(name: string) =>
  new Proxy({} as T, {
    get: (_, method) =>
      typeof method === 'symbol' || method === 'then'
        ? undefined
        : () => {
            throw new Error(`${name}.${method} is not in a spec`);
          },
  });

export interface Caller {
  user: User;
  client: Client;
}

/** The area whose handler serves the contract, as the route table says. */
function areaOf(contract: Contract) {
  const route = Object.values(routes).find((candidate) => candidate.contract === contract);
  if (!route) throw new Error(`No route serves ${contract.method} ${contract.path}`);
  return route.area;
}

export function apiSpec<World>(makeWorld: (deps: Deps) => Promise<World>) {
  const database = useBareDatabase();
  let base: Omit<Deps, 'events'>;
  let world: World;
  let worldCommits: Commit[] = [];
  beforeAll(async () => {
    const db = documentClient(database.clientOf());
    base = {
      db,
      tables: database.tables,
      clock: fixedClock('2026-11-18T00:00:00Z'),
      ids: counterIds(db, database.tables.state),
      signingKeys: signingKeys(fixedVersions('the api specs signing key')),
      passwords: scryptPasswords(testPasswordCost),
      siteUrl: (domain) => `http://${domain}.localhost`,
      indexLagMs: 0,
      liveReadsMs: [0],
      settings: {},
      mailer: outsideWorld('mailer'),
      push: outsideWorld('push'),
      jobs: outsideWorld('jobs'),
      loginDirectory: outsideWorld('loginDirectory'),
      scheduler: outsideWorld('scheduler'),
    };
    const store = inMemoryEventStore();
    world = await makeWorld({ ...base, events: store });
    worldCommits = store.appended();
  });

  /** The given streams' commits, each after the stream's commits the world made (a game's feed line, say). */
  function commitsOf(streams: readonly GivenStream[]) {
    const versions = new Map<string, number>();
    for (const { streamId, version } of worldCommits)
      versions.set(streamId, Math.max(versions.get(streamId) ?? 0, version));
    return streams.map(({ streamId, events, meta }): Commit => {
      const version = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, version);
      return { ...commitOf(streamId, version, ...events), ...meta };
    });
  }

  return {
    world: () => world,
    given: (...streams: GivenStream[]) => ({
      /** The call, as `as` on the clock `at`; then checks the outcome and answers it for more. */
      when: <C extends Contract>(at: string, as: Caller, contract: C, input: RequestOf<C>) => ({
        then: async (...checks: Check[]): Promise<Outcome<C>> => {
          if (!checks.length) throw new Error('A spec case names what it expects: then(...checks)');
          const events = inMemoryEventStore([...worldCommits, ...commitsOf(streams)]);
          const queued: JobRequest[] = [];
          const jobs = { enqueue: async (job: JobRequest) => void queued.push(job) };
          const deps = { ...base, events, jobs, clock: fixedClock(at) };
          const { access_token } = await issueUserToken(deps, as.user);
          const handler = createAreaHandler(areaOf(contract), () => deps);
          const answer = await callHandler(handler, contract, input, access_token);
          const outcome = { answer, appended: events.appended(), queued };
          for (const check of checks) await check(outcome as Outcome);
          return outcome;
        },
      }),
    }),
  };
}

export const expectResponse =
  (status: number, body?: unknown): Check =>
  ({ answer }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (body !== undefined) expect(answer.body).toMatchObject(body as object);
  };

/** A refusal: the status, the code and (when given) the exact message, and nothing appended. */
export const expectError =
  (status: number, code: string, error?: string): Check =>
  (outcome) => {
    expectResponse(status, { code, ...(error !== undefined && { error }) })(outcome);
    expectNoNewEvents(outcome);
  };

export const expectNewEvents =
  (streamId: string, events: unknown[]): Check =>
  ({ appended }) =>
    expect(appended.filter((commit) => commit.streamId === streamId).flatMap((commit) => commit.events)).toMatchObject(
      events,
    );

export const expectNoNewEvents: Check = ({ appended }) => expect(appended).toEqual([]);

/** The jobs of these types the route queued, in order. */
export const expectQueuedJobs =
  (types: readonly string[]): Check =>
  ({ queued }) =>
    expect(queued.map((job) => job.type)).toEqual(types);
