// View tests read as specifications too: given(commits) then the view items they project to. Every spec runs through
// both drivers of the views' definitions (functions/views/, docs/architecture.md): the rebuild's pure fold
// (functions/projector/fold-views.ts), over the commits and over each commit twice, and the live projector (applyRun,
// functions/projector/apply-commits.ts) on a real dynalite, in the runs the stream handler makes, each delivered twice
// (a redelivered record changes nothing, and stamps its client weeks again: projector-stamps.ts); the two must leave
// the same items. An expected item names its keys and the
// attributes that matter.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SlipEvent } from '#domain/betting/slip.ts';
import { documentClient, type Deps } from '../../functions/adapters/deps.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import type { Commit } from '../../functions/adapters/event-store.ts';
import { applyRun, joins } from '../../functions/projector/apply-commits.ts';
import { classifyCommit } from '../../functions/views/classify-commit.ts';
import { type FoldLookups, foldViews, keyText } from '../../functions/projector/fold-views.ts';
import { compareViews } from '../../functions/projector/views-check.ts';
import { keys } from '../../functions/store/keys.ts';
import { batchPut, scanByPrefix } from '../../functions/store/state-table.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { viewsPartition } from '../../functions/views/layout.ts';
import { restingItem } from '../../functions/views/week-aggregates.ts';
import { createMissingTables } from '../../infra/local/bootstrap-tables.ts';
import { inMemoryEventStore } from './in-memory-event-store.ts';
import { expectClientWeeksStamped } from './projector-stamps.ts';
import { type RunningDynalite, startDynalite } from '../../infra/local/dynalite-server.ts';

type Key = { PK: string; SK: string };
type Command = { input: object };

/** The deps with each database call made through `send`, which makes it or not. */
const withSend = (
  deps: Deps,
  send: (command: Command, made: (command: Command) => Promise<unknown>) => Promise<unknown>,
) => {
  const made = (command: Command) => (deps.db.send as (command: Command) => Promise<unknown>)(command);
  const db = new Proxy(deps.db, {
    get: (target, name, receiver) =>
      name === 'send' ? (command: Command) => send(command, made) : Reflect.get(target, name, receiver),
  });
  return { ...deps, db } as Deps;
};
type Item = Key & Record<string, unknown>;

/** The live projector's clock: after every kickoff of the specs, so a late pick's game counts as started. */
const liveNow = '2030-01-01T00:00:00.000Z';

/** What the live projector reads from the state table for these commits: the kickoffs bet on and the players' names. */
function stateItems(commits: readonly Commit[], { kickoffOf, namesIn }: FoldLookups) {
  const games = new Map<string, Item>();
  const clients = new Set<number>();
  for (const commit of commits) {
    const classified = classifyCommit(commit);
    if (classified.kind === 'week') clients.add(classified.scope.clientId);
    if (classified.kind !== 'slip') continue;
    const { weekId, clientId } = classified.slip;
    clients.add(clientId);
    for (const { data } of classified.events as SlipEvent[]) {
      const beginning = kickoffOf(weekId)(data.gameId);
      games.set(`${weekId}#${data.gameId}`, { ...keys.game(weekId, data.gameId), id: data.gameId, weekId, beginning });
    }
  }
  const users = [...clients].flatMap((clientId) =>
    [...namesIn(clientId)].map(([userId, names]) => ({ ...keys.user(clientId, userId), id: userId, ...names })),
  );
  return [...games.values(), ...users];
}

export function projectionSpec(lookups: FoldLookups) {
  let database: RunningDynalite;
  let client: DynamoDBClient;
  let db: ReturnType<typeof documentClient>;
  let cases = 0;
  beforeAll(async () => {
    database = await startDynalite({ path: undefined, eventsTable: 'spec-events', onCommit: () => undefined });
    client = new DynamoDBClient({
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      endpoint: database.endpoint,
      requestHandler: database.requestHandler,
    });
    db = documentClient(client);
  });
  afterAll(() => database?.close());

  /** A stack of the case's own (its state and views tables), the given commits in its events. */
  async function liveDeps(commits: readonly Commit[]) {
    cases += 1;
    const base = localTableNames();
    const tables = { ...base, state: `${base.state}-spec${cases}`, views: `${base.views}-spec${cases}` };
    await createMissingTables(client, tables);
    const deps = { db, tables, events: inMemoryEventStore(commits), clock: fixedClock(liveNow) };
    await batchPut(deps, stateItems(commits, lookups));
    return deps as unknown as Deps;
  }

  /**
   * The live projector's items after every commit, at rest: the commits in runs as the stream handler hands them on
   * (commits that join), each run delivered twice.
   */
  async function liveItems(commits: readonly Commit[]) {
    const deps = await liveDeps(commits);
    const runs: Commit[][] = [];
    for (const commit of commits) {
      const run = runs.at(-1);
      if (run && joins(run.at(-1)!, commit)) run.push(commit);
      else runs.push([commit]);
    }
    for (const run of runs) {
      // Each delivery stamps every client week it wrote (projector-stamps.ts), the redelivery those it wrote again.
      const first = await expectClientWeeksStamped(deps, (watched) => applyRun(watched, run));
      const again = await expectClientWeeksStamped(deps, (watched) => applyRun(watched, run));
      expect(again.size > 0).toBe(first.size > 0);
    }
    const items = await scanByPrefix<Item>(deps, viewsPartition(''), 'views');
    return { deps, items: items.flatMap((item) => restingItem(item) ?? []) };
  }

  /**
   * The live projector's items when the last two commits are projected at once, as two invocations on two stream
   * shards are on AWS: the first reads, then pauses before its first write of a week total while the second is
   * projected, until the second is done or waits for the client week (views check: how they differ from the
   * rebuild's items).
   */
  async function overlapping(...commits: Commit[]) {
    const deps = await liveDeps(commits);
    const [first, second] = commits.slice(-2) as [Commit, Commit];
    for (const commit of commits.slice(0, -2)) await applyRun(deps, [commit]);
    let firstPaused = () => {};
    let secondWaitsOrIsDone = () => {};
    const paused = new Promise<void>((resolve) => (firstPaused = resolve));
    const gate = new Promise<void>((resolve) => (secondWaitsOrIsDone = resolve));
    const write = (command: object) => /^(Put|BatchWrite|Update)Command$/.test(command.constructor.name);
    const firstPauses = withSend(deps, async (command, send) => {
      if (write(command) && JSON.stringify(command.input).includes(viewsPartition('TOTALS#'))) {
        firstPaused();
        await gate;
      }
      return send(command);
    });
    const secondSays = withSend(deps, (command, send) =>
      send(command).catch((error: unknown) => {
        if (write(command) && JSON.stringify(command.input).includes('RECOMPUTING#')) secondWaitsOrIsDone();
        throw error;
      }),
    );
    const firstRun = applyRun(firstPauses, [first]);
    await Promise.race([paused, firstRun]);
    await Promise.all([firstRun, applyRun(secondSays, [second]).finally(secondWaitsOrIsDone)]);
    const scratch = await liveDeps([]);
    await batchPut(scratch, foldViews(commits, lookups).items as Item[], 'views');
    return (await compareViews(deps, scratch)).shown;
  }

  return {
    overlapping,
    given: (...commits: Commit[]) => {
      let checked: Promise<Item[]> | undefined;
      /** The rebuild's items, once they are known to equal the live projector's (and a fold of every commit twice). */
      const items = () =>
        (checked ??= (async () => {
          const rebuilt = foldViews(commits, lookups).items as Item[];
          const twice = foldViews(
            commits.flatMap((commit) => [commit, commit]),
            lookups,
          ).items as Item[];
          expect(new Map(twice.map((item) => [keyText(item), item]))).toEqual(
            new Map(rebuilt.map((item) => [keyText(item), item])),
          );
          const live = await liveItems(commits);
          const scratch = await liveDeps([]);
          await batchPut(scratch, rebuilt, 'views');
          const check = await compareViews(live.deps, scratch);
          expect(check.shown, 'the live projector leaves what the rebuild folds').toEqual([]);
          expect(live.items.length).toBe(rebuilt.length);
          return rebuilt;
        })());
      const find = (all: readonly Key[], { PK, SK }: Key) => all.find((item) => item.PK === PK && item.SK === SK);
      return {
        items,
        then: async (...expected: (Key & Record<string, unknown>)[]) => {
          const all = await items();
          for (const item of expected) expect(find(all, item), `${item.PK}|${item.SK}`).toMatchObject(item);
        },
        thenNo: async (...keyList: Key[]) => {
          const all = await items();
          for (const key of keyList) expect(find(all, key), `${key.PK}|${key.SK}`).toBeUndefined();
        },
      };
    },
  };
}
