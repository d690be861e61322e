// The stack's HTTP areas run in-process on a DynamoDB client that records every request it makes (operation
// and table), so a test can tell what a call read or wrote. Same handlers and event shape as the local API server.
import { withDynamoLimits } from '../../../infra/local/dynamo-limits.ts';
import type { Context } from 'aws-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { awsClientConfig } from '../../../functions/adapters/aws-client-config.ts';
import { type Deps, documentClient } from '../../../functions/adapters/deps.ts';
import { dynamoEventStore } from '../../../functions/adapters/event-store.ts';
import { counterIds } from '../../../functions/adapters/ids.ts';
import type { Settings } from '../../../functions/adapters/settings.ts';
import { type Area, createAreaHandler, routes } from '../../../functions/http/routes.ts';
import { toApiGatewayEvent } from '../../../infra/local/api-server.ts';
import type { Answer, client } from './test-stack.ts';

export interface Request {
  operation: string;
  tables: string[];
}

const context = { functionName: 'test', awsRequestId: 'test', getRemainingTimeInMillis: () => 29_000 } as Context;

function tablesOf(input: Record<string, unknown>) {
  if (typeof input.TableName === 'string') return [input.TableName];
  return Object.keys((input.RequestItems as Record<string, unknown> | undefined) ?? {});
}

/** `settings`: the stack's, whose database endpoint the metered client calls. */
export function meteredApi(stackDeps: Deps, settings: Settings) {
  const requests: Request[] = [];
  const dynamo = withDynamoLimits(new DynamoDBClient(awsClientConfig(settings, 'DYNAMODB')));
  dynamo.middlewareStack.add(
    (next, handlerContext) => async (args) => {
      const operation = (handlerContext.commandName ?? '').replace(/Command$/, '');
      requests.push({ operation, tables: tablesOf(args.input as Record<string, unknown>) });
      return next(args);
    },
    { step: 'initialize', name: 'testMeter' },
  );
  const db = documentClient(dynamo);
  // The event store and the id counters too: every request a call makes is on the meter.
  const deps: Deps = {
    ...stackDeps,
    db,
    events: dynamoEventStore(db, stackDeps.tables.events),
    ids: counterIds(db, stackDeps.tables.state),
  };
  const byArea: Partial<Record<Area, ReturnType<typeof createAreaHandler>>> = {};

  const call: ReturnType<typeof client>['call'] = async (method, path, init = {}) => {
    const form = init.form && new URLSearchParams(init.form);
    const url = `/Services${path}`;
    const route = Object.values(routes).find((spec) => spec.method === method && spec.path === url.split('?')[0]);
    if (!route) throw new Error(`no route ${method} ${path}`);
    const area = (byArea[route.area] ??= createAreaHandler(route.area, () => deps));
    const event = toApiGatewayEvent({
      method,
      url,
      headers: {
        host: 'localhost',
        ...init.headers,
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }),
      },
      body: Buffer.from(form?.toString() ?? ''),
      sourceIp: '127.0.0.1',
    });
    const answer = await area(event, context);
    const text = answer.body ?? '';
    const headers = new Headers(answer.headers as Record<string, string>);
    // A download (a CSV file) is its text; every other answer is JSON.
    const isJson = !headers.get('content-type')?.startsWith('text/csv');
    return {
      status: answer.statusCode ?? 200,
      body: text && isJson ? JSON.parse(text) : text || undefined,
      headers,
    } satisfies Answer;
  };

  /** Runs fn and answers what it asked DynamoDB. */
  async function measure<T>(fn: () => Promise<T>) {
    const from = requests.length;
    const value = await fn();
    return { value, requests: requests.slice(from) };
  }

  return { api: { call }, deps, measure };
}
