// A player's devices for Web Push (docs/rules.md, Push notifications): one item a subscription under the client's
// partition, keyed by the user and the hash of the endpoint, so the same endpoint again is the same item and no
// query that starts from a caller's client and user reaches anyone else's.
import { createHash } from 'node:crypto';
import { pushLimits } from '#domain/push/push-kinds.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchDelete, deleteItem, getItem, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface PushSubscriptionRecord {
  clientId: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** When the device subscribed, or last sent the same endpoint again: the oldest is replaced beyond the limit. */
  addedAt: string;
}

const endpointId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
const keyOf = (clientId: number, userId: number, endpoint: string) =>
  keys.pushSubscription(clientId, userId, endpointId(endpoint));

export const listPushSubscriptions = (deps: Store, clientId: number, userId: number) =>
  queryAll<PushSubscriptionRecord>(deps, keys.clientPartition(clientId), {
    skPrefix: keys.pushSubscriptionPrefix(userId),
  });

/**
 * Keeps the subscription (the same endpoint again updates it), then trims the user's devices to the limit, the ones
 * added longest ago first. Each one added is stamped after every other of the user's, so the order holds within a
 * millisecond too; the trim reads the devices again after the write, so two devices subscribing at once converge.
 * Answers how many are kept and how many were replaced.
 */
export async function savePushSubscription(
  deps: Store & Pick<Deps, 'clock'>,
  subscription: Omit<PushSubscriptionRecord, 'addedAt'>,
) {
  const { clientId, userId, endpoint } = subscription;
  const others = (await listPushSubscriptions(deps, clientId, userId)).filter((each) => each.endpoint !== endpoint);
  const latest = Math.max(0, ...others.map((each) => Date.parse(each.addedAt)));
  const addedAt = new Date(Math.max(deps.clock.now().getTime(), latest + 1)).toISOString();
  await putItem(deps, { ...keyOf(clientId, userId, endpoint), ...subscription, addedAt });
  const newestFirst = (await listPushSubscriptions(deps, clientId, userId)).sort(
    (a, b) => b.addedAt.localeCompare(a.addedAt) || a.endpoint.localeCompare(b.endpoint),
  );
  const beyond = newestFirst.slice(pushLimits.subscriptions);
  if (beyond.length)
    await batchDelete(
      deps,
      beyond.map((each) => keyOf(clientId, userId, each.endpoint)),
    );
  return { subscriptions: newestFirst.length - beyond.length, replaced: beyond.length };
}

/** Removes the user's subscription of that endpoint: false when the user has none. */
export async function deletePushSubscription(deps: Store, clientId: number, userId: number, endpoint: string) {
  const key = keyOf(clientId, userId, endpoint);
  if (!(await getItem(deps, key))) return false;
  await deleteItem(deps, key);
  return true;
}
