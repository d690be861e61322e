// Issue 59, item 3: the projector's counter moves (week aggregates, live counts: functions/views/week-aggregates.ts)
// under concurrent writers and writes retried after they committed. Another invocation's whole move landing between
// any two steps of a move is kept; a move whose ADD's answer was lost, resent after another writer emptied the item,
// counts once; every write's answer lost once still leaves the item as a rebuild writes it; a crash's leftover token
// or close mark is no difference for views-check, and the next move clears it.
import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Counters } from '#domain/scoring/week-aggregates.ts';
import { documentClient, type Deps } from '../../functions/adapters/deps.ts';
import { compareViews } from '../../functions/projector/views-check.ts';
import type { WeekScope } from '../../functions/views/scope.ts';
import {
  aggregateKey,
  liveCounts,
  liveCountsKey,
  moveAggregates,
  moveLiveCounts,
  weekAggregate,
  writeLiveCounts,
} from '../../functions/views/week-aggregates.ts';
import { createMissingTables } from '../../infra/local/bootstrap-tables.ts';
import { useBareDatabase } from './support/bare-database.ts';

const { tables: names, clientOf } = useBareDatabase({ createTables: false });

/** Deps of one writer (a projector invocation) on a views table: its own client, so its requests can be told apart. */
const depsOf = (db: DynamoDBDocumentClient, views: string) => ({ db, tables: { ...names, views } }) as unknown as Deps;
const plainDb = () => documentClient(clientOf());

afterEach(() => vi.restoreAllMocks());

let cases = 0;
/** A views table of the case's own (and a scratch one to rebuild into), so no case finds another's items. */
async function freshViews() {
  cases += 1;
  const [views, rebuilt] = [`${names.views}-case${cases}`, `${names.views}-rebuilt${cases}`];
  await createMissingTables(clientOf(), { ...names, views });
  await createMissingTables(clientOf(), { ...names, views: rebuilt });
  const db = plainDb();
  return { views, plain: depsOf(db, views), rebuilt: depsOf(db, rebuilt) };
}

const scope: WeekScope = { clientId: 7, sportId: 33, weekId: 202_605 };

const timeout = () =>
  Object.assign(new Error('a request has exceeded the configured requestTimeout (injected)'), {
    name: 'TimeoutError',
    code: 'ETIMEDOUT',
  });

type Hook = (attempt: number, send: () => Promise<unknown>, request: object) => Promise<unknown>;

/**
 * A writer whose every attempt at a views write (each attempt, beneath the SDK's retries) goes through `hook`, given
 * its number (0, 1, ...), the sending of it, and its request (the same object for each attempt of one command).
 */
function writer(views: string, hook: Hook) {
  const client = clientOf();
  let attempts = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const { TableName } = args.input as { TableName?: string };
      if (!/^(Update|Delete|Put)Item/.test(context.commandName ?? '') || TableName !== views) return next(args);
      return hook(attempts++, () => next(args), context) as ReturnType<typeof next>;
    },
    { step: 'deserialize', priority: 'low', name: 'writerHook' },
  );
  return depsOf(documentClient(client), views);
}

/** The stored item as DynamoDB holds it (tokens and marks included), or undefined. */
async function storedItem(deps: Deps, key: { PK: string; SK: string }) {
  const { Items = [] } = await deps.db.send(new ScanCommand({ TableName: deps.tables.views }));
  return Items.find((item) => item.PK === key.PK && item.SK === key.SK);
}

describe('counter moves under another writer', () => {
  /**
   * Another invocation's move, started at one write of the emptying move: its ADD only (its settle waits until the
   * emptying move is over) or the whole of it.
   */
  function otherMove(views: string, plain: Deps, whole: boolean) {
    let over!: () => void;
    const emptyingOver = new Promise<void>((resolve) => (over = resolve));
    let added!: () => void;
    const addLanded = new Promise<void>((resolve) => (added = resolve));
    const other = writer(views, async (attempt, send) => {
      if (attempt > 0 && !whole) await emptyingOver;
      const answer = await send();
      if (attempt === 0) added();
      return answer;
    });
    let moved: Promise<void> | undefined;
    const start = () => (moved ??= moveLiveCounts(other, scope, { l7: 1 }));
    return {
      /** Starts it, and waits until its ADD (or all of it) landed. */
      land: () => (whole ? start() : (start(), addLanded)),
      finish: () => (over(), start()),
    };
  }

  it.each([
    ['ADD', 1],
    ['ADD', 2],
    ['ADD', 3],
    ['whole move', 1],
    ['whole move', 2],
    ['whole move', 3],
    ['whole move', 4],
  ] as const)(
    "keeps another invocation's l7 whose %s landed before the emptying move's write %i (its settle, close mark, delete)",
    async (what, step) => {
      const { views, plain } = await freshViews();
      await moveLiveCounts(plain, scope, { l5: 1 });
      const other = otherMove(views, plain, what === 'whole move');
      const emptying = writer(views, async (attempt, send) => {
        if (attempt === step) await other.land();
        return send();
      });

      await moveLiveCounts(emptying, scope, { l5: -1 });
      await other.finish();

      expect(await liveCounts(plain, scope)).toEqual({ l7: 1 });
      expect(await storedItem(plain, liveCountsKey(scope))).toEqual({ ...liveCountsKey(scope), l7: 1 });
    },
  );

  it('counts a move once whose ADD the SDK sends again after other writers emptied the item meanwhile', async () => {
    const { views, plain } = await freshViews();
    await moveLiveCounts(plain, scope, { l5: 1 });
    let committed!: () => void;
    const firstCommitted = new Promise<void>((resolve) => (committed = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const late = writer(views, async (attempt, send) => {
      if (attempt > 0) return send();
      await send();
      committed();
      await released;
      throw timeout();
    });

    const lateMove = moveLiveCounts(late, scope, { l5: -1 });
    await firstCommitted;
    await moveLiveCounts(plain, scope, { l5: 1 });
    await moveLiveCounts(plain, scope, { l5: -1 });
    release();
    await lateMove;

    // 1 - 1 + 1 - 1: nobody stands on a live score, and the item is gone, as a rebuild leaves it out.
    expect(await liveCounts(plain, scope)).toEqual({});
    expect(await storedItem(plain, liveCountsKey(scope))).toBeUndefined();
  });

  it('leaves each item as a rebuild writes it when every write of every move is sent twice', async () => {
    const { views, plain } = await freshViews();
    const answered = new WeakSet<object>();
    let lost = 0;
    const twice = writer(views, async (_attempt, send, request) => {
      const answer = await send();
      if (answered.has(request)) return answer;
      answered.add(request);
      lost += 1;
      throw timeout();
    });
    const moves: Counters[] = [{ t0: 2, w4: 1 }, { t0: -2, w4: -1, w6: 1 }, { w6: -1 }, { t1: 1 }];
    for (const counters of moves) await moveAggregates(twice, scope, new Map([[3, counters]]));
    for (const counters of [{ l1: 1 }, { l1: -1, l2: 1 }, { l2: -1 }] as Counters[])
      await moveLiveCounts(twice, scope, counters);

    expect(lost).toBeGreaterThan(10);
    const key = aggregateKey(scope, 3);
    expect(await storedItem(plain, key)).toEqual({ ...key, week: 3, t1: 1 });
    expect(await weekAggregate(plain, { ...scope, weekId: 202_603 })).toEqual({ t1: 1 });
    expect(await storedItem(plain, liveCountsKey(scope))).toBeUndefined();
  });
});

describe("a crash's leftovers on a counter item", () => {
  /** A writer that dies (a crash: no retry) at its write `step`, after the ones before it were made. */
  const dyingAt = (views: string, step: number) =>
    writer(views, async (attempt, send) => {
      if (attempt === step) throw Object.assign(new Error('the invocation died'), { name: 'Crash' });
      return send();
    });

  it('is no difference for views-check, and the next move clears a token older than any retry', async () => {
    const { views, plain, rebuilt } = await freshViews();
    await writeLiveCounts(rebuilt, scope, { l5: 1 });
    await expect(moveLiveCounts(dyingAt(views, 1), scope, { l5: 1 })).rejects.toThrow('the invocation died');
    expect((await storedItem(plain, liveCountsKey(scope)))?.applied).toBeDefined();

    const check = await compareViews(plain, rebuilt);
    expect(check.shown).toEqual([]);
    expect(check).toMatchObject({ items: 1, differ: 0 });

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 16 * 60_000);
    await moveLiveCounts(plain, scope, { l6: 1 });
    await moveLiveCounts(plain, scope, { l6: -1 });
    expect(await storedItem(plain, liveCountsKey(scope))).toEqual({ ...liveCountsKey(scope), l5: 1 });
  });

  it('leaves an item counting nothing, with its close mark, as no item for views-check, and a move reuses it', async () => {
    const { views, plain, rebuilt } = await freshViews();
    await moveLiveCounts(plain, scope, { l5: 1 });
    // The emptying move dies before its delete: the item counts nothing and carries its close mark.
    await expect(moveLiveCounts(dyingAt(views, 3), scope, { l5: -1 })).rejects.toThrow('the invocation died');
    expect(await storedItem(plain, liveCountsKey(scope))).toEqual({
      ...liveCountsKey(scope),
      closing: expect.any(String),
    });

    const check = await compareViews(plain, rebuilt);
    expect(check.shown).toEqual([]);
    expect(check).toMatchObject({ items: 0, differ: 0 });

    await moveLiveCounts(plain, scope, { l2: 1 });
    expect(await storedItem(plain, liveCountsKey(scope))).toEqual({ ...liveCountsKey(scope), l2: 1 });
  });
});
