// Conditional reads: the browser asks again with If-None-Match and an unchanged answer is a 304 without a body.
// The lists that change during games take their ETag from a few version stamps read first (store/stamps.ts), so
// an unchanged refresh reads nothing else; other answers (the team map) hash their content.
import { createHash } from 'node:crypto';
import { momentsPassed, quarterHourOf } from '#domain/season/answer-clock.ts';
import type { Deps } from '../adapters/deps.ts';
import { readStamps, settling, type Stamp, type StampKey, turnsOf } from '../store/stamps.ts';
import type { ApiReply } from './json-answer.ts';

const revalidate = { 'cache-control': 'private, no-cache' };

/** Bump when the shape of a stamped answer changes, so a browser never keeps an old one; a deployed version does too. */
const answersVersion = 2;
const deployed = process.env.AWS_LAMBDA_FUNCTION_VERSION ?? 'local';

const tagOf = (value: unknown) =>
  `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;

const matches = (headers: Readonly<Record<string, string | undefined>>, etag: string) =>
  (headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === etag);

function answer<T>(body: T, etag: string, headers: Readonly<Record<string, string | undefined>>): ApiReply<T> {
  if (matches(headers, etag)) return { status: 304, body: undefined as unknown as T, headers: { ...revalidate, etag } };
  return { status: 200, body, headers: { ...revalidate, etag } };
}

export const withETag = <T>(body: T, headers: Readonly<Record<string, string | undefined>>): ApiReply<T> =>
  answer(body, tagOf(body), headers);

export interface StampedRead<T> {
  /** The week's games stamp first (it carries the kickoffs), then the others the answer depends on. */
  stamps: readonly [StampKey, ...StampKey[]];
  /** Everything else the answer depends on: the route, the caller, the client and the request's input. */
  scope: unknown;
  /** The answer, given the stamps as read (undefined where DynamoDB left them unread). */
  build: (stamps: readonly (Stamp | undefined)[] | undefined) => Promise<T>;
}

/**
 * The answer's ETag from its stamps, the kickoffs and the stamps' other turns passed (a last-day bonus opening) and
 * the quarter hour (pick visibility, game status and bonus days follow the clock): a matching If-None-Match is a 304
 * before anything else is read. Without the week's games stamp (games written before stamps were), or while a stamp
 * was bumped a moment ago (an index may not show the write yet, and its old rows must not stay under the new ETag),
 * the answer is built and its content hashed, so the next refresh after that builds it again.
 */
export async function withStampedETag<T>(
  deps: Pick<Deps, 'db' | 'tables' | 'clock' | 'indexLagMs'>,
  headers: Readonly<Record<string, string | undefined>>,
  read: StampedRead<T>,
): Promise<ApiReply<T>> {
  const stamps = await readStamps(deps, read.stamps);
  const kickoffs = stamps?.[0]?.kickoffs;
  if (!stamps || !kickoffs || settling(stamps, deps.indexLagMs)) return withETag(await read.build(stamps), headers);
  const now = deps.clock.now();
  const etag = tagOf([
    answersVersion,
    deployed,
    read.scope,
    stamps.map((stamp) => stamp?.token ?? null),
    momentsPassed(kickoffs, now),
    momentsPassed(stamps.flatMap(turnsOf), now),
    quarterHourOf(now),
  ]);
  if (matches(headers, etag)) return answer(undefined as unknown as T, etag, headers);
  return answer(await read.build(stamps), etag, headers);
}
