// Messages to a client's administrators in the state table (docs/rules.md, Contact Admin): under the client's
// partition, ordered by id, so a page newest first is one query from where the last one stopped; and each sender's
// sends of the last hour in one item, so the hourly limit is one conditional write.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type AdminMessage, messageLimits, sendWindow } from '#domain/tenancy/admin-messages.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, type Key, putItem, sameFields, withoutKeys } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/**
 * Its id drawn for it, a message already there from the same sender with the same words is an earlier attempt's of
 * the same change (functions/http/request-key.ts), made a moment before; any other is refused.
 */
export const addAdminMessage = (deps: Store, message: AdminMessage) =>
  putItem(
    deps,
    { ...keys.adminMessage(message.clientId, message.id), ...message },
    { ifAbsent: true, isOwn: (held) => sameFields(held, message, ['senderId', 'issue', 'message']) },
  );

export const getAdminMessage = (deps: Store, clientId: number, messageId: number) =>
  getItem<AdminMessage>(deps, keys.adminMessage(clientId, messageId));

/** Up to `limit` messages of the client, newest first, older than `before` when given; `more` when older ones follow. */
export async function adminMessagePage(
  deps: Store,
  clientId: number,
  { limit, before }: { limit: number; before?: number },
): Promise<{ messages: AdminMessage[]; more: boolean }> {
  const page = await deps.db.send(
    new QueryCommand({
      TableName: deps.tables.state,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':pk': keys.clientPartition(clientId),
        ':first': keys.adminMessagePrefix,
        ':last': before === undefined ? `${keys.adminMessagePrefix}~` : keys.adminMessage(clientId, before - 1).SK,
      },
      ScanIndexForward: false,
      Limit: limit + 1,
    }),
  );
  const messages = (page.Items ?? []).map((item) => withoutKeys<AdminMessage>(item));
  return { messages: messages.slice(0, limit), more: messages.length > limit };
}

interface Sends {
  sentAt: string[];
  version: number;
}

/**
 * Counts a send of the user's at `now` unless the last hour already holds the most they may send: then the seconds
 * to wait. Read, then one write conditional on what was read, so two sends at once never both take the last place.
 */
export async function takeSendSlot(
  deps: Store,
  sender: { clientId: number; id: number },
  now: Date,
): Promise<{ wait?: number }> {
  const key = keys.adminMessageSends(sender.clientId, sender.id);
  // Each lost write is another send that won; after as many as the hour holds, the read finds it full.
  for (let attempt = 0; attempt <= messageLimits.perHour; attempt++) {
    const held = await getItem<Sends>(deps, key);
    const { recent, wait } = sendWindow(held?.sentAt ?? [], now);
    if (wait !== undefined) return { wait };
    try {
      await putSends(deps, key, held, [...recent, now.toISOString()], now);
      return {};
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Only releases raced every write: the hour is as good as full for a moment.
  return { wait: 60 };
}

/** Gives back the send counted at `at` when its message could not be stored. */
export async function releaseSendSlot(deps: Store, sender: { clientId: number; id: number }, at: Date) {
  const key = keys.adminMessageSends(sender.clientId, sender.id);
  for (let attempt = 0; attempt < 3; attempt++) {
    const held = await getItem<Sends>(deps, key);
    if (!held?.sentAt.includes(at.toISOString())) return;
    const left = held.sentAt.filter((each) => each !== at.toISOString());
    try {
      await putSends(deps, key, held, left, at);
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/**
 * The sender's sends as `sentAt`, put only over the version read (or where there was none). A put resent after its
 * answer was lost finds its own item (its `writeId`), which is success, not another send that won: two sends at once
 * can put the very same list.
 */
const putSends = (deps: Store, key: Key, held: Sends | undefined, sentAt: string[], now: Date) =>
  putItem(
    deps,
    {
      ...key,
      sentAt,
      version: (held?.version ?? 0) + 1,
      // Forgotten an hour after its newest send, when it no longer limits anything.
      ttl: Math.floor((now.getTime() + messageLimits.windowMs) / 1000),
    },
    { overVersion: held?.version ?? 0 },
  );
