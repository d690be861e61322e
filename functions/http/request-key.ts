// A change asked again after its answer was lost (docs/rules.md, A change asked again): a change sent with an
// Idempotency-Key header is made at most once per user and key. Asked again, it gets the answer the first one got; an
// attempt after one that failed or died draws the same ids, so what that one made is found, not made a second time.
import { createHash } from 'node:crypto';
import { ValidationError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { beginRequest } from '../store/request-keys.ts';
import type { Caller } from './auth-guard.ts';
import type { ApiReply } from './json-answer.ts';

const requestKeyHeader = 'idempotency-key';
const keyShape = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Answers bigger than this are not kept (a write costs a unit per kilobyte; a week's bet list of a baseball week is
 * long): a change asked again is then made again with the same ids, as after a failure.
 */
const keptAnswerChars = 16_000;

/**
 * Makes the change through `make`, once per caller and request key when the request carries one: the key sent again
 * with the same route and input answers what the first got (unless `keepsAnswer` is false: then it is made again with
 * the same ids), with another change 409. Without a key, `make` runs. A change whose input holds a secret (a password)
 * is never brought here: its fingerprint would keep a fast hash of it.
 */
export async function madeOnce(
  deps: Deps,
  caller: Caller,
  request: { route: string; input: unknown; headers: Record<string, string | undefined>; keepsAnswer: boolean },
  make: (deps: Deps) => Promise<ApiReply>,
): Promise<ApiReply> {
  const requestKey = request.headers[requestKeyHeader];
  if (requestKey === undefined) return make(deps);
  if (!keyShape.test(requestKey))
    throw new ValidationError(
      'The Idempotency-Key header must be 16 to 64 letters, digits, - or _',
      undefined,
      'BAD_REQUEST_KEY',
    );
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.route, request.input]))
    .digest('base64url');
  const begun = await beginRequest(deps, caller.user, requestKey, fingerprint, deps.clock.now(), deps.ids);
  if ('answer' in begun) return begun.answer;
  const { attempt } = begun;
  let answer: ApiReply;
  try {
    answer = await make({ ...deps, ids: attempt.ids });
  } catch (error) {
    await attempt.letGo().catch((release: unknown) => logger.warn('A failed change kept its request key', { release }));
    throw error;
  }
  // An answer holding a secret (an invite code), or a big one, is not kept: asked again, the change is made again with
  // the same ids. One that cannot be kept is not given either (an error instead), so nobody acts on an answer that the
  // change asked again would not give.
  if (!request.keepsAnswer || JSON.stringify(answer).length > keptAnswerChars) await attempt.letGo();
  else await attempt.keep(answer);
  return answer;
}
