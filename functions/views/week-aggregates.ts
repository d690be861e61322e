// The week aggregate items of a client sport's season (domain/scoring/week-aggregates.ts): one item per
// week, its counters as plain number attributes, so a player's change is one ADD per changed week. Beside
// them, a client week's live counts (players per live week score), so a live standing is read, not counted.
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { parseWeekStats } from '#domain/scoring/stats.ts';
import { type Counters, liveCounters, weekAggregateOf } from '#domain/scoring/week-aggregates.ts';
import { isActiveWeek, type WeekTotal } from '#domain/scoring/week-scores.ts';
import { seasonOfWeek, weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getItem, type Key, queryAll } from '../store/state-table.ts';
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';
import { weekStatsOf } from './season-rows.ts';

type ClientSeason = Pick<WeekScope, 'clientId' | 'sportId' | 'weekId'>;

const aggregatesPrefix = viewsPartition('WEEKAGG#');
const liveCountsPrefix = viewsPartition('LIVECOUNT#');
const aggregatesPartition = ({ clientId, sportId, weekId }: ClientSeason) =>
  `${aggregatesPrefix}${clientId}#${sportId}#${seasonOfWeek(weekId)}`;
export const aggregateKey = (scope: ClientSeason, week: number) => ({
  PK: aggregatesPartition(scope),
  SK: pad(week, 2),
});
export const liveCountsKey = ({ clientId, sportId, weekId }: WeekScope) => ({
  PK: `${liveCountsPrefix}${clientId}#${sportId}#${weekId}`,
  SK: 'COUNTS',
});

/**
 * A counter move (addCounters) runs in steps, each one conditional write, so that a request the SDK sends again after
 * its answer was lost, and another projector invocation moving the same item meanwhile, change nothing twice:
 * 1. ADD: the counters and the move's token into `applied`, on the condition that the token is not there yet (a
 *    resent ADD finds it and is refused: the move is done). It also drops `closing` (step 3), so no close begun
 *    before it can delete what it added.
 * 2. Settle: the token leaves `applied` (so do tokens a crash left, older than any retry), and so do counters the
 *    ADD found at zero, while they still are (a zero counter and none count the same; a rebuild leaves them out).
 *    Only its own tokens and zeros leave: another writer's token or counter is never dropped.
 * 3. Close: an item left counting nothing, with no move under way (`applied` absent), is deleted as a rebuild leaves
 *    it out: first marked `closing` with this move's token, then deleted only while the mark is still this one, which
 *    any ADD since would have removed. A crash's leftover token or mark counts nothing; views-check compares items
 *    at rest (restingItem), and the next move on the item clears them.
 */
const applied = 'applied';
const closing = 'closing';
const bookkeeping = ['week', 'PK', 'SK', applied, closing];

const countersOf = (item: Record<string, unknown>): Counters =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !bookkeeping.includes(name))) as Counters;
/** The counters that count: a zero one (a move's, until settled) is as none. */
const countingOf = (item: Record<string, unknown>): Counters =>
  Object.fromEntries(Object.entries(countersOf(item)).filter(([, value]) => value !== 0));

/**
 * A week's aggregate from its totals, the one definition both drivers count it by: every player's stats of the week
 * and year to date through it. The rebuild writes it for each week, the live projector when it recounts a week (a
 * player's commit moves it by ADDs in between).
 */
export const weekAggregateFrom = (scope: ClientSeason, players: readonly { total: WeekTotal; ytd: number }[]) =>
  weekAggregateOf(
    weekNumberOf(scope.weekId),
    players.map(({ total, ytd }) => ({ stats: parseWeekStats(weekStatsOf(total)), ytd })),
  );

/** The season's aggregate items as they now stand, written whole. */
export const aggregateItems = (scope: ClientSeason, aggregates: ReadonlyMap<number, Counters>) =>
  [...aggregates].map(([week, counters]) => ({ ...aggregateKey(scope, week), week, ...counters }));

const nameList = (names: readonly string[]) => Object.fromEntries(names.map((name, index) => [`#c${index}`, name]));

/** No retry or invocation lives this long: a token older is a crash's leftover. */
const tokenLifeMs = 15 * 60_000;
/** A move's token: when it was made (ms, base 36), then a random part. */
const newToken = () => `${Date.now().toString(36)}.${randomUUID()}`;
const isStale = (token: string) =>
  !/^[0-9a-z]+\.[0-9a-f-]{36}$/.test(token) || Math.abs(Date.now() - parseInt(token, 36)) >= tokenLifeMs;
const tokensOf = (item: Record<string, unknown>) => [...((item[applied] as Set<string> | undefined) ?? [])];

type Item = Record<string, unknown>;

/** One conditional update of the item answering the item after it, or undefined when its condition did not hold. */
async function updateIf(deps: Deps, key: Key, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>) {
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({ TableName: deps.tables.views, Key: key, ReturnValues: 'ALL_NEW', ...update }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Counters counting nothing still (at zero, or gone: a resent request finds them removed), as a condition, and their
 * removal, with the names and value to give with them.
 */
function stillZero(zeros: readonly string[]) {
  const names = Object.fromEntries(zeros.map((name, index) => [`#z${index}`, name]));
  return {
    condition: zeros.map((_, index) => `(#z${index} = :zero OR attribute_not_exists(#z${index}))`).join(' AND '),
    remove: zeros.length ? `REMOVE ${zeros.map((_, index) => `#z${index}`).join(', ')} ` : '',
    names,
    values: zeros.length ? { ':zero': 0 } : {},
  };
}

/** Step 2: the move's token (and stale ones) leave the item, and the zeros the ADD found, while still zero. */
async function settleMove(deps: Deps, key: Key, added: Item, token: string) {
  const leaving = new Set([token, ...tokensOf(added).filter(isStale)]);
  const zeros = Object.entries(countersOf(added))
    .filter(([, value]) => value === 0)
    .map(([name]) => name);
  const settle = (zero: ReturnType<typeof stillZero>) =>
    updateIf(deps, key, {
      UpdateExpression: `${zero.remove}DELETE #applied :leaving`,
      ConditionExpression: ['attribute_exists(PK)', ...(zero.condition ? [zero.condition] : [])].join(' AND '),
      ExpressionAttributeNames: { ...zero.names, '#applied': applied },
      ExpressionAttributeValues: { ...zero.values, ':leaving': leaving },
    });
  // Another writer's ADD moved one of the zeros meanwhile: that writer removes what it found at zero.
  const settled = (zeros.length ? await settle(stillZero(zeros)) : undefined) ?? (await settle(stillZero([])));
  if (settled && tokensOf(settled).length === 0 && Object.values(countersOf(settled)).every((value) => value === 0))
    await closeItem(deps, key, settled, token);
}

/** Step 3: an item counting nothing, with no move under way, deleted unless a move lands meanwhile. */
async function closeItem(deps: Deps, key: Key, item: Item, token: string) {
  const zero = stillZero(Object.keys(countersOf(item)));
  const marked = await updateIf(deps, key, {
    UpdateExpression: `${zero.remove}SET #closing = :mine`,
    ConditionExpression: ['attribute_exists(PK)', 'attribute_not_exists(#applied)', zero.condition]
      .filter(Boolean)
      .join(' AND '),
    ExpressionAttributeNames: { ...zero.names, '#applied': applied, '#closing': closing },
    ExpressionAttributeValues: { ...zero.values, ':mine': token },
  });
  if (!marked) return; // a move came: it settles the item itself
  const mine = { ConditionExpression: '#closing = :mine', ExpressionAttributeNames: { '#closing': closing } };
  const values = { ExpressionAttributeValues: { ':mine': token } };
  try {
    // Counters another move added and settled between the settle and the mark: the item stays, unmarked.
    if (Object.keys(countersOf(marked)).length > 0)
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.tables.views,
          Key: key,
          UpdateExpression: 'REMOVE #closing',
          ...mine,
          ...values,
        }),
      );
    else await deps.db.send(new DeleteCommand({ TableName: deps.tables.views, Key: key, ...mine, ...values }));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Step 1: one ADD of the counters to an item (and its `week`, on a week aggregate), then its settle. */
async function addCounters(deps: Deps, key: Key, counters: Counters, week?: number) {
  const names = Object.keys(counters);
  if (names.length === 0) return;
  const token = newToken();
  const added = await updateIf(deps, key, {
    UpdateExpression: `${week === undefined ? '' : 'SET week = :week '}REMOVE #closing ADD #applied :mine, ${names.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
    ConditionExpression: 'NOT contains(#applied, :token)',
    ExpressionAttributeNames: { ...nameList(names), '#applied': applied, '#closing': closing },
    ExpressionAttributeValues: {
      ...(week === undefined ? {} : { ':week': week }),
      ...Object.fromEntries(names.map((name, index) => [`:c${index}`, counters[name]])),
      ':mine': new Set([token]),
      ':token': token,
    },
  });
  // Refused: the token is there, so this is the SDK's second sending of an ADD that was applied.
  await settleMove(deps, key, added ?? (await getItem<Item>(deps, key, 'views')) ?? {}, token);
}

/**
 * What a counter item at rest holds, as a rebuild writes it: without a move's bookkeeping (a crash's leftover token
 * or close mark) nor zero counters, and none (undefined) when it counts nothing. Any other item as it is.
 */
export function restingItem<T extends Item & { PK: string }>(item: T): T | undefined {
  if (![aggregatesPrefix, liveCountsPrefix].some((prefix) => item.PK.startsWith(prefix))) return item;
  if (Object.keys(countingOf(item)).length === 0) return undefined;
  const kept = Object.entries(item).filter(([name]) => name !== applied && name !== closing);
  return Object.fromEntries(kept.filter(([name, value]) => bookkeeping.includes(name) || value !== 0)) as T;
}

/** Moves the aggregates by one player's change: an ADD of the changed counters per changed week. */
export const moveAggregates = (deps: Deps, scope: ClientSeason, moves: ReadonlyMap<number, Counters>) =>
  Promise.all([...moves].map(([week, counters]) => addCounters(deps, aggregateKey(scope, week), counters, week)));

/** Every week's aggregate of the season the week belongs to: one query of at most one item per week. */
export async function seasonAggregateRows(deps: Deps, scope: ClientSeason) {
  const rows = await queryAll<Counters>(deps, aggregatesPartition(scope), { table: 'views' });
  const counting = rows.map((row) => [row.week!, countingOf(row)] as const);
  return new Map(counting.filter(([, counters]) => Object.keys(counters).length > 0));
}

/** One week's aggregate (empty before the week has any player). */
export const weekAggregate = async (deps: Deps, scope: ClientSeason) =>
  countingOf((await getItem<Counters>(deps, aggregateKey(scope, weekNumberOf(scope.weekId)), 'views')) ?? {});

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

/** A client week's live counts from its totals, the one definition both drivers count them by: its active players' live week points. */
export const liveCountsFrom = (
  totals: readonly { total: Pick<WeekTotal, 'totalBetsCount' | 'penalty'>; live: number }[],
) => liveCounters(totals.filter(({ total }) => isActiveWeek(total)).map(({ live }) => live));

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
  countingOf((await getItem<Counters>(deps, liveCountsKey(scope), 'views')) ?? {});
