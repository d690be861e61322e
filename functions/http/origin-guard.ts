// In AWS the API's own endpoint is public (CloudFront needs it as its origin), so CloudFront adds a secret
// header to every /Services request and the area Lambdas refuse any request without it: the API is
// reachable only through the site, with its security headers and tenant hosts. Locally ORIGIN_VERIFY is unset.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import { json } from './json-answer.ts';

export const originVerifyHeader = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when no origin secret is configured, or the request carries it. */
export function cameThroughOrigin(headers: Record<string, string | undefined>, expected: string | undefined): boolean {
  if (!expected) return true;
  const sent = Object.entries(headers).find(([name]) => name.toLowerCase() === originVerifyHeader)?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(expected));
}

export function originGuard(
  expected = process.env.ORIGIN_VERIFY,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: ({ event }) => {
      if (cameThroughOrigin(event.headers ?? {}, expected)) return;
      return json(403, { error: 'This API answers only through the site', code: 'NOT_THROUGH_SITE' });
    },
  };
}
