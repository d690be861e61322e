// The week aggregate items of a client sport's season (domain/scoring/week-aggregates.ts): one item per
// week, its counters as plain number attributes, so a player's change is one ADD per changed week. Beside
// them, a client week's live counts (players per live week score), so a live standing is read, not counted.
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Counters } from '#domain/scoring/week-aggregates.ts';
import { seasonOfWeek, weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getItem, type Key, queryAll } from '../store/state-table.ts';
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';

type ClientSeason = Pick<WeekScope, 'clientId' | 'sportId' | 'weekId'>;

const aggregatesPartition = ({ clientId, sportId, weekId }: ClientSeason) =>
  viewsPartition(`WEEKAGG#${clientId}#${sportId}#${seasonOfWeek(weekId)}`);
export const aggregateKey = (scope: ClientSeason, week: number) => ({
  PK: aggregatesPartition(scope),
  SK: pad(week, 2),
});
export const liveCountsKey = ({ clientId, sportId, weekId }: WeekScope) => ({
  PK: viewsPartition(`LIVECOUNT#${clientId}#${sportId}#${weekId}`),
  SK: 'COUNTS',
});

/**
 * The tokens of the counter moves whose sender has not yet seen its answer (addCounters): a string set, empty (so
 * absent) once every move has finished, so a counter item at rest holds what a rebuild writes.
 */
const applied = 'applied';

const countersOf = (item: Counters): Counters =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !['week', 'PK', 'SK', applied].includes(name)));

/** The season's aggregate items as they now stand, written whole. */
export const aggregateItems = (scope: ClientSeason, aggregates: ReadonlyMap<number, Counters>) =>
  [...aggregates].map(([week, counters]) => ({ ...aggregateKey(scope, week), week, ...counters }));

const nameList = (names: readonly string[]) => Object.fromEntries(names.map((name, index) => [`#c${index}`, name]));

/**
 * After a move: its token leaves the item and so do counters it brought to zero (or the item itself goes), as a whole
 * recompute leaves them out; only while they are still zero, so another player's ADD landing meanwhile is kept (it
 * drops them itself).
 */
async function settleMove(deps: Deps, key: Key, item: Record<string, unknown>, token: string) {
  const counters = Object.entries(countersOf(item as Counters));
  const zeros = counters.filter(([, value]) => value === 0).map(([name]) => name);
  const names = { ...nameList(zeros), '#applied': applied };
  const mine = { ':mine': new Set([token]) };
  const withoutToken = (condition: string, values: Record<string, unknown>, remove = '') =>
    deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.views,
        Key: key,
        UpdateExpression: `${remove}DELETE #applied :mine`,
        ConditionExpression: condition,
        ExpressionAttributeNames: remove ? names : { '#applied': applied },
        ExpressionAttributeValues: { ...values, ...mine },
      }),
    );
  const stillZero = zeros.map((_, index) => `#c${index} = :zero`).join(' AND ');
  try {
    if (zeros.length > 0 && zeros.length === counters.length)
      return await deps.db.send(
        new DeleteCommand({
          TableName: deps.tables.views,
          Key: key,
          ConditionExpression: stillZero,
          ExpressionAttributeNames: nameList(zeros),
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
    if (zeros.length > 0)
      return await withoutToken(
        stillZero,
        { ':zero': 0 },
        `REMOVE ${zeros.map((_, index) => `#c${index}`).join(', ')} `,
      );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  try {
    // Only on the item still there: an update of a missing item would make one of its keys alone.
    await withoutToken('attribute_exists(PK)', {});
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * One ADD of the counters to an item (and its `week`, on a week aggregate). The SDK sends a request again when its
 * answer was lost, though the first may have been applied: each move carries its own token and applies only to an
 * item that does not hold it yet, so the second finds it and fails its condition, which means the move is done.
 */
async function addCounters(deps: Deps, key: Key, counters: Counters, week?: number) {
  const names = Object.keys(counters);
  if (names.length === 0) return;
  const token = randomUUID();
  let item: Record<string, unknown>;
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.views,
        Key: key,
        UpdateExpression: `${week === undefined ? '' : 'SET week = :week '}ADD #applied :mine, ${names.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
        ConditionExpression: 'NOT contains(#applied, :token)',
        ExpressionAttributeNames: { ...nameList(names), '#applied': applied },
        ExpressionAttributeValues: {
          ...(week === undefined ? {} : { ':week': week }),
          ...Object.fromEntries(names.map((name, index) => [`:c${index}`, counters[name]])),
          ':mine': new Set([token]),
          ':token': token,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    item = Attributes ?? {};
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    item = (await getItem<Record<string, unknown>>(deps, key, 'views')) ?? {};
  }
  await settleMove(deps, key, item, token);
}

/** Moves the aggregates by one player's change: an ADD of the changed counters per changed week. */
export const moveAggregates = (deps: Deps, scope: ClientSeason, moves: ReadonlyMap<number, Counters>) =>
  Promise.all([...moves].map(([week, counters]) => addCounters(deps, aggregateKey(scope, week), counters, week)));

/** Every week's aggregate of the season the week belongs to: one query of at most one item per week. */
export async function seasonAggregateRows(deps: Deps, scope: ClientSeason) {
  const rows = await queryAll<Counters>(deps, aggregatesPartition(scope), { table: 'views' });
  return new Map(rows.map((row) => [row.week!, countersOf(row)]));
}

/** One week's aggregate (empty before the week has any player). */
export const weekAggregate = async (deps: Deps, scope: ClientSeason) =>
  countersOf((await getItem<Counters>(deps, aggregateKey(scope, weekNumberOf(scope.weekId)), 'views')) ?? {});

/** An item of counters written whole, or its key deleted when it counts nothing (a recompute leaves zeros out). */
async function writeCounters(deps: Deps, key: Key, item: Record<string, unknown> | undefined) {
  if (item) await deps.db.send(new PutCommand({ TableName: deps.tables.views, Item: item }));
  else await deps.db.send(new DeleteCommand({ TableName: deps.tables.views, Key: key }));
}

/** One week's aggregate written whole (recounted from its totals), or deleted when it counts nothing. */
export async function writeWeekAggregate(deps: Deps, scope: ClientSeason, counters: Counters) {
  const week = weekNumberOf(scope.weekId);
  const [item] = aggregateItems(scope, new Map([[week, counters]]));
  await writeCounters(deps, aggregateKey(scope, week), Object.keys(counters).length > 0 ? item : undefined);
}

/** A client week's live counts as an item (none while no player is active). */
export const liveCountsItem = (scope: WeekScope, counters: Counters) =>
  Object.keys(counters).length === 0 ? [] : [{ ...liveCountsKey(scope), ...counters }];

/**
 * A client week's live counts written whole, recounted from every active total's live week points: by each live score,
 * result or penalty of the week, which also heals a count a crash left one move behind.
 */
export const writeLiveCounts = (deps: Deps, scope: WeekScope, counters: Counters) =>
  writeCounters(deps, liveCountsKey(scope), liveCountsItem(scope, counters)[0]);

/** Moves a week's live counts by one player's change of live week points. */
export const moveLiveCounts = (deps: Deps, scope: WeekScope, moves: Counters) =>
  addCounters(deps, liveCountsKey(scope), moves);

/** A client week's live counts (empty before any player is active). */
export const liveCounts = async (deps: Deps, scope: WeekScope) =>
  countersOf((await getItem<Counters>(deps, liveCountsKey(scope), 'views')) ?? {});
