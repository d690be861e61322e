// Middy middleware that tags the logger's lines with the request's ids: the Lambda request id, and as
// correlation id the caller's x-correlation-id header when it sends one, else API Gateway's request id.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { enterInvocation } from '../adapters/logger.ts';

export function correlationIdOf(event: APIGatewayProxyEventV2): string | undefined {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-correlation-id');
  return header?.[1] ?? event.requestContext?.requestId;
}

export function logContext(): MiddlewareObj<APIGatewayProxyEventV2> {
  return { before: ({ event, context }) => enterInvocation(context, correlationIdOf(event)) };
}
