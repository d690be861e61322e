// Conditional reads: an answer's ETag is its content's hash, so the browser asks again with If-None-Match
// and an unchanged answer is a 304 without a body (lists that change during games, the team map).
import { createHash } from 'node:crypto';
import type { ApiReply } from './json-answer.ts';

const revalidate = { 'cache-control': 'private, no-cache' };

export function withETag<T>(body: T, headers: Readonly<Record<string, string | undefined>>): ApiReply<T> {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  if (headers['if-none-match'] === etag)
    return { status: 304, body: undefined as unknown as T, headers: { ...revalidate, etag } };
  return { status: 200, body, headers: { ...revalidate, etag } };
}
