// Push subscriptions were kept per user and endpoint (PUSHSUB#{user}#{endpoint hash}), so a browser two players
// shared was kept under both; they are now one item per endpoint naming its user (push-subscriptions.ts). This
// one-time step writes each client's endpoints as devices, the latest subscriber's where two users had the same one,
// then drops the old items, then sets the marker: a step cut short is simply run again.
import type { Deps } from '../adapters/deps.ts';
import { listAllClients } from './clients.ts';
import { keys } from './keys.ts';
import { endpointId, type PushSubscriptionRecord, pushDeviceItem } from './push-subscriptions.ts';
import { batchDelete, batchPut, getItem, putItem, queryAll } from './state-table.ts';

const marker = keys.migration('push-devices-per-endpoint');

const oldKey = (record: PushSubscriptionRecord) =>
  keys.pushSubscription(record.clientId, record.userId, endpointId(record.endpoint));

/** Runs once per database; answers how many old subscriptions it moved, or undefined when done before. */
export async function migratePushDevices(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let moved = 0;
  for (const client of await listAllClients(deps)) {
    const old = await queryAll<PushSubscriptionRecord>(deps, keys.clientPartition(client.id), {
      skPrefix: keys.pushSubscriptionPrefix,
    });
    const latestByEndpoint = new Map<string, PushSubscriptionRecord>();
    for (const record of old.sort((a, b) => a.addedAt.localeCompare(b.addedAt)))
      latestByEndpoint.set(record.endpoint, record);
    await batchPut(deps, [...latestByEndpoint.values()].map(pushDeviceItem));
    await batchDelete(deps, old.map(oldKey));
    moved += old.length;
  }
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return moved;
}
