import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { securityHeaders } from './security-headers.ts';

/** An answer with another status than 200 (or extra headers). */
export interface ApiReply<T = unknown> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}
export const reply = <T>(status: number, body: T): ApiReply<T> => ({ status, body });

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...securityHeaders,
    ...headers,
  },
  body: JSON.stringify(body),
});
