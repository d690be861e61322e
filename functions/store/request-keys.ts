// The changes a user sent under a request key (the Idempotency-Key header; docs/rules.md, A change asked again): one
// record per user and key, in a partition of its own. An attempt holds the record while it runs; the ids the change
// draws are kept on it, so an attempt after a crash or a failure draws the same ones (a create finds what an earlier
// attempt made instead of making a second), and the answer is kept, so a change asked again after its answer was
// lost gets that answer and does nothing more. A record is forgotten a day after it was made.
import { randomUUID } from 'node:crypto';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Ids } from '../adapters/ids.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, type Key, putIfFree, putItem, updateIf } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/** An answer as the route gave it. */
export interface KeptAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface RequestRecord {
  /** The route and input the key was first sent with. */
  fingerprint: string;
  /** The attempt holding the record: only its writes to the record count. */
  attempt: string;
  /** Until when (epoch ms) the attempt may still be running; absent once it answered or failed. */
  runningUntil?: number;
  /** The ids the change drew, by kind and order (`prize#0`). */
  ids: Record<string, number>;
  answer?: KeptAnswer;
  ttl: number;
}

const keptForMs = 24 * 60 * 60_000;

/** Longer than an API Lambda runs (15 s): an attempt still marked running after this has died. */
export const attemptMs = 20_000;

const requestRunning = () =>
  new ConflictError('This change is still being made: try again in a moment', 'REQUEST_RUNNING');

/** A request's record, held by one attempt: the ids it draws are kept, and so is its answer. */
export interface Attempt {
  ids: Ids;
  keep(answer: KeptAnswer): Promise<void>;
  letGo(): Promise<void>;
}

function attemptOn(deps: Store, key: Key, attempt: string, kept: Record<string, number>, drawIds: Ids): Attempt {
  const drawn = new Map<string, number>();
  const mine = { ':attempt': attempt };
  return {
    ids: {
      ...drawIds,
      async next(kind) {
        const order = drawn.get(kind) ?? 0;
        drawn.set(kind, order + 1);
        const slot = `${kind}#${order}`;
        if (kept[slot] !== undefined) return kept[slot];
        const id = await drawIds.next(kind);
        const noted = await updateIf(deps, key, {
          set: 'SET ids.#slot = :id',
          when: 'attempt = :attempt',
          values: { ...mine, ':id': id },
          names: { '#slot': slot },
        });
        // Another attempt took the record over (this one ran past its time): that one makes the change.
        if (!noted) throw requestRunning();
        return id;
      },
    },
    async keep(answer) {
      const kept = await updateIf(deps, key, {
        set: 'SET answer = :answer REMOVE runningUntil',
        when: 'attempt = :attempt',
        values: { ...mine, ':answer': answer },
      });
      if (!kept) throw requestRunning();
    },
    async letGo() {
      await updateIf(deps, key, {
        set: 'REMOVE runningUntil',
        when: 'attempt = :attempt',
        values: mine,
      });
    },
  };
}

/**
 * Begins the change the user sends under `requestKey`: the answer kept from an earlier attempt, or an attempt that
 * holds the record (an earlier one's ids with it). The key sent before with another change is refused (409
 * REQUEST_KEY_REUSED), as is the change while an earlier attempt may still be making it (409 REQUEST_RUNNING).
 */
export async function beginRequest(
  deps: Store,
  user: { clientId: number; id: number },
  requestKey: string,
  fingerprint: string,
  now: Date,
  drawIds: Ids,
): Promise<{ answer: KeptAnswer } | { attempt: Attempt }> {
  const key = keys.requestKey(user.clientId, user.id, requestKey);
  const attempt = randomUUID();
  const runningUntil = now.getTime() + attemptMs;
  const fresh: RequestRecord = {
    fingerprint,
    attempt,
    runningUntil,
    ids: {},
    ttl: Math.floor((now.getTime() + keptForMs) / 1000),
  };
  for (let tries = 0; tries < 3; tries++) {
    const held = await putIfFree<RequestRecord>(deps, { ...key, ...fresh }, (record) => record.attempt === attempt);
    if (!held) return { attempt: attemptOn(deps, key, attempt, {}, drawIds) };
    // The table forgets expired records only within a day or two: one past its day is as good as gone.
    const forgotten = held.ttl * 1000 <= now.getTime();
    if (!forgotten) {
      if (held.fingerprint !== fingerprint)
        throw new ConflictError(
          'This request key was sent before with another change: a new change needs a new key',
          'REQUEST_KEY_REUSED',
        );
      if (held.answer) return { answer: held.answer };
      if (held.runningUntil !== undefined && held.runningUntil > now.getTime()) throw requestRunning();
    }
    const record = forgotten ? fresh : { ...held, attempt, runningUntil };
    try {
      await putItem(deps, { ...key, ...record }, { when: 'attempt = :held', values: { ':held': held.attempt } });
      return { attempt: attemptOn(deps, key, attempt, record.ids, drawIds) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A put resent after its answer was lost finds its own attempt there.
      if ((await getItem<RequestRecord>(deps, key))?.attempt === attempt)
        return { attempt: attemptOn(deps, key, attempt, record.ids, drawIds) };
    }
  }
  throw requestRunning();
}
