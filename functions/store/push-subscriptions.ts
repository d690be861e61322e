// A player's devices for Web Push (docs/rules.md, Push notifications): one item per endpoint under the client's
// partition, keyed by the hash of the endpoint and naming the one user it belongs to, so a browser two players share
// is only ever the last subscriber's. GSI1 lists a user's devices; nothing reaches another client's partition.
import { createHash } from 'node:crypto';
import { pushLimits } from '#domain/push/push-kinds.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchGet, deleteIf, putItem, queryAll, withoutKeys } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface PushSubscriptionRecord {
  clientId: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** When the device subscribed, or last sent the same endpoint again: the oldest is replaced beyond the limit. */
  addedAt: string;
}

export const endpointId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
const keyOf = (clientId: number, endpoint: string) => keys.pushDevice(clientId, endpointId(endpoint));

const oldestFirst = (a: PushSubscriptionRecord, b: PushSubscriptionRecord) =>
  a.addedAt.localeCompare(b.addedAt) || a.endpoint.localeCompare(b.endpoint);

/** The item of a device, as its owner's index entry lists it. */
export const pushDeviceItem = (record: PushSubscriptionRecord) => ({
  ...keyOf(record.clientId, record.endpoint),
  GSI1PK: keys.pushDevicesOf(record.clientId, record.userId),
  GSI1SK: record.addedAt,
  ...record,
});

/**
 * The user's devices, oldest first. The index names them; the items themselves are then read, consistently, and
 * only those still the user's are kept: an index lags its table, and a device that moved to another user a moment
 * ago must not get this user's pushes.
 */
export async function listPushSubscriptions(deps: Store, clientId: number, userId: number) {
  const listed = await queryAll<PushSubscriptionRecord>(deps, keys.pushDevicesOf(clientId, userId), { index: 'GSI1' });
  if (listed.length === 0) return [];
  const items = await batchGet(
    deps,
    listed.map((each) => keyOf(clientId, each.endpoint)),
  );
  return items
    .map((item) => withoutKeys<PushSubscriptionRecord>(item))
    .filter((each) => each.userId === userId)
    .sort(oldestFirst);
}

/** Removes the device of that endpoint while it is the user's, in one conditional write: false when it is not. */
export const deletePushSubscription = (deps: Store, clientId: number, userId: number, endpoint: string) =>
  deleteIf(deps, keyOf(clientId, endpoint), { when: 'userId = :userId', values: { ':userId': userId } });

/**
 * Keeps the subscription as the user's, in one write over whatever the endpoint's item held: the same endpoint again
 * is the same device, and an endpoint another user of the client had (a shared browser) is this user's alone from
 * now on. Then the user's devices beyond the limit go, the ones added longest ago first; each one added is stamped
 * after every other of the user's, so the order holds within a millisecond too. Answers how many are kept and how
 * many were replaced.
 */
export async function savePushSubscription(
  deps: Store & Pick<Deps, 'clock'>,
  subscription: Omit<PushSubscriptionRecord, 'addedAt'>,
) {
  const { clientId, userId, endpoint } = subscription;
  const others = (await listPushSubscriptions(deps, clientId, userId)).filter((each) => each.endpoint !== endpoint);
  const latest = Math.max(0, ...others.map((each) => Date.parse(each.addedAt)));
  const addedAt = new Date(Math.max(deps.clock.now().getTime(), latest + 1)).toISOString();
  await putItem(deps, pushDeviceItem({ ...subscription, addedAt }));
  const beyond = others.slice(0, Math.max(0, others.length + 1 - pushLimits.subscriptions));
  await Promise.all(beyond.map((each) => deletePushSubscription(deps, clientId, userId, each.endpoint)));
  return { subscriptions: others.length + 1 - beyond.length, replaced: beyond.length };
}
