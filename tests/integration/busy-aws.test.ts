// AWS's bad minute (issue 59): a throttle that outlasts the SDK's retries, or a call that overruns its time, answers
// 503 with a retry-after and changes nothing. The handlers run on a DynamoDB client of the stack's database whose
// middleware answers the chosen requests as a throttled DynamoDB does, beneath the SDK's retry strategy (which asks
// again, as on AWS), or never answers them.
import type { Context } from 'aws-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { type Deps, depsFromEnv } from '../../functions/adapters/deps.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: the week's games from Thursday evening on are open for picks.
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });

interface Request {
  command: string;
  table: string | undefined;
}

/** What DynamoDB answers a throttled request, on the wire (the SDK makes its ThrottlingException from it). */
const throttled = () => ({
  statusCode: 400,
  headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'throttled' },
  body: new TextEncoder().encode(
    JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
      message: 'Throughput exceeds the current throughput limit for your account.',
    }),
  ),
});

/**
 * The bets area on a DynamoDB client whose chosen requests are throttled (or never answered: 'hang'), with the SDK's
 * retries cut to one. `met` lists every chosen request sent, retries included.
 */
function busyBetsApi(chosen: (request: Request) => boolean, fault: 'throttle' | 'hang' = 'throttle') {
  const met: Request[] = [];
  const dynamo = new DynamoDBClient({ ...awsClientConfig(given.stack.settings, 'DYNAMODB'), maxAttempts: 2 });
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const request = { command: context.commandName ?? '', table: (args.input as { TableName?: string }).TableName };
      if (!chosen(request)) return next(args);
      met.push(request);
      if (fault === 'hang') return new Promise<never>(() => undefined);
      return { output: undefined as never, response: throttled() };
    },
    // Beneath the retry strategy (finalizeRequest) and the deserializer: in place of the HTTP request itself.
    { step: 'deserialize', priority: 'low', name: 'busyMinute' },
  );
  const own = depsFromEnv(given.stack.settings, dynamo);
  const deps: Deps = { ...given.stack.deps, db: own.db, events: own.events, ids: own.ids };
  return { api: createBetsApi(() => deps), met };
}

/** A Lambda context with this much time left, as Lambda gives one (middy answers before it runs out). */
const withTimeLeft = (ms: number): Partial<Context> => ({
  functionName: 'bets',
  awsRequestId: 'busy-minute',
  getRemainingTimeInMillis: () => ms,
});

const picksOf = (rows: BetRow[]) => rows.filter((row) => row.id !== null).map((row) => [row.gameId, row.points]);

async function slip(token: string) {
  const answer = await call(given.api, contracts.betList, { sportId: 33 }, token);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Five picks on the week's first open games, using each slot. */
const fivePicks = (rows: BetRow[]) =>
  rows
    .filter((row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > thursday)
    .slice(0, 5)
    .map((row, index) => ({ gameId: row.gameId, teamId: row.homeTeamId, points: [20, 10, 10, 5, 5][index]! }));

function expectBusy(answer: { status: number; headers: Headers; body: { error?: string; code?: string } }) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(answer.body).toMatchObject({ code: 'SERVER_BUSY', error: expect.stringMatching(/busy/) });
}

describe('a throttle that outlasts the SDK’s retries', () => {
  it('answers a pick with 503 and a retry-after, the slip stays as it was, and asked again later it goes through', async () => {
    const token = await given.api.signIn('alex');
    const before = await slip(token);
    const events = given.stack.deps.tables.events;
    const busy = busyBetsApi(({ command, table }) => command === 'PutItemCommand' && table === events);
    const bets = fivePicks(before);

    expectBusy(await callHandler(busy.api, contracts.setBets, { bets }, token));
    // The SDK asked again before giving up, as it does on AWS.
    expect(busy.met).toHaveLength(2);
    expect(picksOf(await slip(token))).toEqual(picksOf(before));

    expect((await call(given.api, contracts.setBets, { bets }, token)).status).toBe(200);
  });

  it('answers a read with 503 and a retry-after', async () => {
    const token = await given.api.signIn('alex');
    const busy = busyBetsApi(({ command }) => command === 'QueryCommand');

    expectBusy(await callHandler(busy.api, contracts.betList, { sportId: 33 }, token));
    expect(busy.met.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a call that overruns its time', () => {
  it('answers 503 and a retry-after when its budget runs out, and the slip stays as it was', async () => {
    const token = await given.api.signIn('jordan');
    const before = await slip(token);
    const events = given.stack.deps.tables.events;
    const busy = busyBetsApi(({ command, table }) => command === 'PutItemCommand' && table === events, 'hang');

    const answer = await callHandler(
      busy.api,
      contracts.setBets,
      { bets: fivePicks(before) },
      token,
      withTimeLeft(2000),
    );

    expectBusy(answer);
    expect(busy.met).toHaveLength(1);
    expect(picksOf(await slip(token))).toEqual(picksOf(before));
  });
});
