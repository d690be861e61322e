// The invite list reads the links that may still work, not the client's history of links (docs/rules.md, Invites):
// its cost grows with the links made in the last 90 days, whatever the client made before.
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Invite } from '#domain/tenancy/invites.ts';
import { documentClient } from '../../functions/adapters/deps.ts';
import { addInvite, archiveInvite, listInvites } from '../../functions/store/invites.ts';
import { useBareDatabase } from './support/bare-database.ts';

const { tables, clientOf } = useBareDatabase();
const dayMs = 24 * 3600 * 1000;
const now = new Date('2026-11-22T17:00:00.000Z');
let db: DynamoDBDocumentClient;
beforeAll(() => {
  db = documentClient(clientOf());
});

const inviteOf = (id: number, daysAgo: number, days = 14): Invite => ({
  id,
  clientId: 7,
  codeHash: `hash-${id}`,
  createdBy: 2,
  createdAt: new Date(now.getTime() - daysAgo * dayMs).toISOString(),
  expiresAt: new Date(now.getTime() - (daysAgo - days) * dayMs).toISOString(),
  maxUses: null,
  uses: 0,
});

/** The store through a client that counts the items its queries answered. */
function counting() {
  let itemsRead = 0;
  const send = async (command: unknown) => {
    const answer = await db.send(command as QueryCommand);
    if (command instanceof QueryCommand) itemsRead += (answer as { Items?: unknown[] }).Items?.length ?? 0;
    return answer;
  };
  return { store: { db: { send } as unknown as DynamoDBDocumentClient, tables }, itemsRead: () => itemsRead };
}

describe('the invite list of a client with years of links', () => {
  it('lists the links that work, newest first, reading little beyond the last 90 days', async () => {
    const store = { db, tables };
    // 600 links made a day apart, the newest 100 days ago: all expired long since.
    for (let id = 1; id <= 600; id++) await addInvite(store, inviteOf(id, 700 - id));
    // This season's: a 90-day link made 80 days ago still works, one withdrawn, two made this week.
    await addInvite(store, inviteOf(601, 80, 90));
    await addInvite(store, inviteOf(602, 10));
    await archiveInvite(store, inviteOf(602, 10), now);
    await addInvite(store, inviteOf(603, 3));
    await addInvite(store, inviteOf(604, 1));
    const reads = counting();

    const listed = await listInvites(reads.store, 7, now);

    expect(listed.map((invite) => invite.id)).toEqual([604, 603, 601]);
    expect(reads.itemsRead()).toBeLessThanOrEqual(100);
  });
});
