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

/** A file answered as text (a CSV download): its type in UTF-8, named by the headers the handler gives. */
export const file = (
  status: number,
  mediaType: string,
  body: string,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: {
    'content-type': `${mediaType}; charset=utf-8`,
    'cache-control': 'no-store',
    ...securityHeaders,
    ...headers,
  },
  body,
});
