// A DynamoDB client that asks for ReturnConsumedCapacity 'TOTAL' on every read and counts the requests by
// operation, Query pages, items read and written, and read capacity units. (Not on writes: no report shows
// write units, and dynalite would size each written item, and the one it replaces, for them.) A measured
// call's cost is the difference of the running totals, so measure one thing at a time. (No
// AsyncLocalStorage: on Node 20 it turns on promise hooks for the whole process, which slowed the
// promise-heavy SDK enough to distort the timings.)
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface Cost {
  requests: number;
  byOperation: Record<string, number>;
  queryPages: number;
  itemsRead: number;
  itemsWritten: number;
  readUnits: number;
  /** Time spent waiting on each operation, summed over requests (overlapping ones count twice). */
  msByOperation: Record<string, number>;
  ms: number;
}

export const emptyCost = (): Cost => ({
  requests: 0,
  byOperation: {},
  queryPages: 0,
  itemsRead: 0,
  itemsWritten: 0,
  readUnits: 0,
  msByOperation: {},
  ms: 0,
});

const reads = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

type Capacity = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
const unitsOf = (capacity: Capacity) =>
  [capacity ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
const countAll = (tables: Record<string, unknown[]> | undefined) =>
  Object.values(tables ?? {}).reduce((sum, rows) => sum + rows.length, 0);

function itemsReadBy(operation: string, output: Record<string, unknown>): number {
  switch (operation) {
    case 'GetItem':
      return output.Item ? 1 : 0;
    case 'Query':
    case 'Scan':
      return (output.Count as number | undefined) ?? (output.Items as unknown[] | undefined)?.length ?? 0;
    case 'BatchGetItem':
      return countAll(output.Responses as Record<string, unknown[]>);
    default:
      return 0;
  }
}

function itemsWrittenBy(operation: string, input: Record<string, unknown>): number {
  if (operation === 'PutItem' || operation === 'UpdateItem' || operation === 'DeleteItem') return 1;
  if (operation === 'BatchWriteItem') return countAll(input.RequestItems as Record<string, unknown[]>);
  return 0;
}

const copy = (cost: Cost): Cost => ({
  ...cost,
  byOperation: { ...cost.byOperation },
  msByOperation: { ...cost.msByOperation },
});

function difference(after: Cost, before: Cost): Cost {
  const cost = emptyCost();
  for (const key of ['requests', 'queryPages', 'itemsRead', 'itemsWritten', 'readUnits'] as const)
    cost[key] = after[key] - before[key];
  for (const [name, count] of Object.entries(after.byOperation))
    if (count !== (before.byOperation[name] ?? 0)) cost.byOperation[name] = count - (before.byOperation[name] ?? 0);
  for (const [name, ms] of Object.entries(after.msByOperation))
    if (ms !== (before.msByOperation[name] ?? 0)) cost.msByOperation[name] = ms - (before.msByOperation[name] ?? 0);
  return cost;
}

export function createMeter() {
  const total = emptyCost();

  function record(
    cost: Cost,
    operation: string,
    input: Record<string, unknown>,
    output: Record<string, unknown>,
    ms: number,
  ) {
    cost.requests += 1;
    cost.msByOperation[operation] = (cost.msByOperation[operation] ?? 0) + ms;
    cost.byOperation[operation] = (cost.byOperation[operation] ?? 0) + 1;
    if (operation === 'Query') cost.queryPages += 1;
    cost.itemsRead += itemsReadBy(operation, output);
    cost.itemsWritten += itemsWrittenBy(operation, input);
    cost.readUnits += unitsOf(output.ConsumedCapacity as Capacity);
  }

  /** A DynamoDB client like depsFromEnv's (endpoint from the environment), metered. */
  function client(endpoint: string) {
    const dynamo = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = (context.commandName ?? '').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        if (reads.has(operation)) input.ReturnConsumedCapacity = 'TOTAL';
        const started = performance.now();
        const result = await next(args);
        const ms = performance.now() - started;
        const output = result.output as unknown as Record<string, unknown>;
        record(total, operation, input, output, ms);
        return result;
      },
      { step: 'initialize', name: 'benchConsumedCapacity', priority: 'high' },
    );
    return dynamo;
  }

  /** Runs fn and returns what the metered requests made meanwhile cost (nothing else may run). */
  async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; cost: Cost }> {
    const before = copy(total);
    const started = performance.now();
    const value = await fn();
    const cost = difference(total, before);
    cost.ms = performance.now() - started;
    return { value, cost };
  }

  return { client, measure, total };
}

export type Meter = ReturnType<typeof createMeter>;

/** "12 (BatchGetItem 1, GetItem 3, Query 3)" */
export const describeRequests = (cost: Cost) =>
  `${cost.requests} (${Object.entries(cost.byOperation)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ')})`;

/** Where a measured step waited, longest first: the time summed per operation. */
export const describeWaits = (cost: Cost) =>
  Object.entries(cost.msByOperation)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
