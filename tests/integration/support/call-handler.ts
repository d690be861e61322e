// Calls an area's handler in-process as a contract says, for the tests that need it on another clock than the
// running stack's (a Monday, an hour later); the answer is held to the contract like every other.
import type { Context } from 'aws-lambda';
import type { Contract, RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import type { areaApi } from '../../../functions/http/area-api.ts';
import { toApiGatewayEvent } from '../../../infra/local/api-server.ts';
import { checkAnswer } from './answer-check.ts';
import type { RefusalBody } from './call.ts';

export async function callHandler<C extends Contract>(
  handler: ReturnType<typeof areaApi>,
  contract: C,
  input: RequestOf<C>,
  token?: string,
  /** The Lambda's context: a test gives one with getRemainingTimeInMillis to give the call a time budget. */
  context: Partial<Context> = {},
  sentHeaders: Record<string, string> = {},
) {
  const params = inputParams(input).toString();
  const inQuery = contract.input === 'query';
  const headers: Record<string, string> = { host: 'localhost', ...sentHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (!inQuery)
    headers['content-type'] = contract.input === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  const url = inQuery && params ? `${contract.path}?${params}` : contract.path;
  const body = inQuery ? '' : contract.input === 'json' ? JSON.stringify(input) : params;
  const event = toApiGatewayEvent({
    method: contract.method,
    url,
    headers,
    body: Buffer.from(body),
    sourceIp: '127.0.0.1',
  });
  const result = await handler(event, context as Context);
  const answer = {
    status: result.statusCode!,
    body: (result.body ? JSON.parse(result.body) : {}) as ResponseOf<C> & RefusalBody,
    headers: new Headers(result.headers as Record<string, string>),
  };
  checkAnswer(contract.method, url, answer.status, answer.body, answer.headers);
  return answer;
}
