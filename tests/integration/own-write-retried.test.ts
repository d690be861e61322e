// Issue 59, item 3: a conditional put whose answer a timeout lost after it was done is sent again by the SDK, and
// the resent put is refused by the item the first one wrote. That refusal is our own success: the demo seed's login
// claim, a slip's commit, the processes' schedules and a sender's count of messages to the admins are made once and
// answered as made; another's item is still a conflict.
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type User, UserStatus } from '#domain/auth/user.ts';
import type { Announcement } from '#domain/tenancy/announcements.ts';
import { ConcurrencyError, ConflictError } from '#domain/errors.ts';
import { documentClient } from '../../functions/adapters/deps.ts';
import { dynamoEventStore } from '../../functions/adapters/event-store.ts';
import { createUser, readClaim } from '../../functions/store/account-claims.ts';
import { takeSendSlot } from '../../functions/store/admin-messages.ts';
import { addAnnouncement, getAnnouncement } from '../../functions/store/announcements.ts';
import { keys } from '../../functions/store/keys.ts';
import { readSchedules, saveSchedules, type StoredSchedule } from '../../functions/store/process-schedules.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { getUser } from '../../functions/store/users.ts';
import { listDirectory, recountUsers, userCounts } from '../../functions/store/user-directory.ts';
import { withFaults } from '../../infra/local/fault-middleware.ts';
import { createFaults, faultPlanOf, type Faults } from '../../infra/local/faults.ts';
import { useBareDatabase } from './support/bare-database.ts';

const { tables, clientOf } = useBareDatabase();
let clean: DynamoDBDocumentClient;
beforeAll(() => {
  clean = documentClient(clientOf());
});

/**
 * A document client whose chosen puts each go through a real client meeting timeoutAfterWrite at rate 1 on their
 * first attempt (done, then its answer lost; the SDK sends it again, and that attempt is answered); every other call
 * goes through a client without faults. `timeouts()` counts the answers lost.
 */
function timingOut(chosen: (item: Record<string, unknown>, table: string) => boolean) {
  const injected: Faults[] = [];
  const firstAttemptTimesOut = (): Faults => {
    const faults = createFaults(faultPlanOf({ PICKEM_FAULTS: 'timeoutAfterWrite:1', PICKEM_FAULTS_SEED: '1' })!);
    injected.push(faults);
    return {
      ...faults,
      forCall: (call) => (faults.summary().timeoutAfterWrite === 0 ? faults.forCall(call) : undefined),
    };
  };
  const send = (command: { input: unknown }) => {
    const { Item, TableName } = command.input as { Item?: Record<string, unknown>; TableName?: string };
    if (!(command instanceof PutCommand && Item && chosen(Item, TableName!))) return clean.send(command as PutCommand);
    return documentClient(withFaults(clientOf(), firstAttemptTimesOut())).send(command);
  };
  return {
    db: { send } as unknown as DynamoDBDocumentClient,
    timeouts: () => injected.reduce((sum, faults) => sum + faults.summary().timeoutAfterWrite, 0),
  };
}

const announcementOf = (id: number): Announcement => ({
  id,
  clientId: 7,
  title: 'Snacks',
  body: 'Bring some.',
  sendEmail: false,
  createdBy: 2,
  authorName: 'Chris C.',
  createdAt: '2026-11-22T17:00:00.000Z',
});

const userOf = (id: number, login: string): User => ({
  id,
  clientId: 7,
  login,
  displayName: 'Sam S.',
  emailAddress: `${login}@demo.example.com`,
  firstName: 'Sam',
  lastName: 'Smith',
  middleName: '',
  phoneNumber: '+15550100100',
  status: UserStatus.Active,
  roleId: 3,
  passwordHash: 'scrypt$hash',
  dateCreated: '2026-11-22T17:00:00.000Z',
});

describe('a conditional put retried after its write committed', () => {
  it('creates the user whose login claim timed out after it was written, and the account is whole', async () => {
    const { db, timeouts } = timingOut((item) => String(item.PK).startsWith('LOGIN#'));
    const sam = userOf(101, 'sam');

    await createUser({ db, tables }, sam);

    expect(timeouts()).toBe(1);
    const store = { db: clean, tables };
    expect(await readClaim(store, sam.clientId, 'sam')).toEqual({ userId: sam.id });
    expect(await getUser(store, sam.clientId, sam.id)).toEqual(sam);
    expect((await listDirectory(store, sam.clientId)).map((row) => row.login)).toEqual(['sam']);
  });

  it("still refuses a login another user's claim holds", async () => {
    const { db } = timingOut((item) => String(item.PK).startsWith('LOGIN#'));
    await createUser({ db: clean, tables }, userOf(201, 'pat'));

    const again = createUser({ db, tables }, userOf(202, 'pat'));

    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow("The login 'pat' is already taken");
    expect(await readClaim({ db: clean, tables }, 7, 'pat')).toEqual({ userId: 201 });
  });

  it('counts the user whose directory row timed out after it was written, once', async () => {
    const store = { db: clean, tables };
    await recountUsers(store, [8]);
    const { db, timeouts } = timingOut((item) => item.PK === 'USERLIST#8' && String(item.SK).startsWith('id#'));

    await createUser({ db, tables }, { ...userOf(301, 'lee'), clientId: 8 });

    expect(timeouts()).toBe(1);
    expect((await listDirectory(store, 8)).map((row) => row.login)).toEqual(['lee']);
    expect(await userCounts(store, 8)).toEqual({ r3s1: 1 });
  });

  it('saves an announcement whose put-if-absent timed out after it was written, as the item it put', async () => {
    const announcement = { ...announcementOf(41), title: 'Kickoff moved' };
    const { db, timeouts } = timingOut((item) => item.PK === keys.announcement(7, 41).PK);
    await addAnnouncement({ db, tables }, announcement);
    expect(timeouts()).toBe(1);
    expect(await getAnnouncement({ db: clean, tables }, 7, 41)).toEqual(announcement);
  });

  it('still refuses a put-if-absent whose key holds another item, however alike', async () => {
    await addAnnouncement({ db: clean, tables }, announcementOf(42));
    const store = { db: clean, tables };
    await expect(addAnnouncement(store, { ...announcementOf(42), title: 'Another' })).rejects.toThrow(/conditional/i);
  });

  it('saves process schedules whose versioned put timed out after it was written, as the next version', async () => {
    const store = { db: clean, tables };
    const daily: StoredSchedule = {
      id: 1,
      processId: 4,
      active: true,
      executionHour: 6,
      executionMinute: 0,
      periodicity: 1,
      monthDay: null,
    };
    await saveSchedules(store, await readSchedules(store), [daily]);
    const { db, timeouts } = timingOut((item) => item.PK === keys.processSchedules.PK);

    await saveSchedules({ db, tables }, await readSchedules(store), [{ ...daily, executionHour: 7 }]);

    expect(timeouts()).toBe(1);
    expect(await readSchedules(store)).toEqual({
      version: 2,
      schedules: [{ ...daily, executionHour: 7 }],
      archived: [],
    });
  });

  it('still refuses a save of process schedules over a version another save moved on, even the same schedules', async () => {
    const store = { db: clean, tables };
    const read = await readSchedules(store);
    const daily: StoredSchedule = {
      id: 2,
      processId: 2,
      active: true,
      executionHour: 5,
      executionMinute: 0,
      periodicity: 1,
      monthDay: null,
    };
    await saveSchedules(store, read, [daily]);
    const { db } = timingOut((item) => item.PK === keys.processSchedules.PK);

    const again = saveSchedules({ db, tables }, read, [daily]);

    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow('The schedules were changed at the same time; please try again');
    expect(await readSchedules(store)).toEqual({ version: read.version + 1, schedules: [daily], archived: [] });
  });

  it("counts a message to the admins whose send's put timed out after it was written as one send", async () => {
    const sender = { clientId: 7, id: 101 };
    const store = { db: clean, tables };
    await takeSendSlot(store, sender, new Date('2026-11-22T17:00:00.000Z'));
    const { db, timeouts } = timingOut((item) => item.PK === keys.adminMessageSends(7, 101).PK);

    expect(await takeSendSlot({ db, tables }, sender, new Date('2026-11-22T17:05:00.000Z'))).toEqual({});

    expect(timeouts()).toBe(1);
    expect(await getItem(store, keys.adminMessageSends(7, 101))).toMatchObject({
      sentAt: ['2026-11-22T17:00:00.000Z', '2026-11-22T17:05:00.000Z'],
      version: 2,
    });
  });

  it('answers an append whose commit timed out after it was written with its version, committed once', async () => {
    const { db, timeouts } = timingOut((_item, table) => table === tables.events);
    const events = dynamoEventStore(db, tables.events);
    const meta = { at: '2026-11-22T17:00:00.000Z', actor: 101, correlationId: 'pick-1' };
    const picks = [{ type: 'BetPlaced', data: { gameId: 1, teamId: 2 } }];

    expect(await events.append('slip#7#101#1#1', 0, picks, meta)).toBe(1);
    expect(await events.append('slip#7#101#1#1', 1, picks, meta)).toBe(2);

    expect(timeouts()).toBe(2);
    const { version, commits } = await dynamoEventStore(clean, tables.events).readStream('slip#7#101#1#1');
    expect(version).toBe(2);
    expect(commits).toEqual([
      { streamId: 'slip#7#101#1#1', version: 1, events: picks, ...meta },
      { streamId: 'slip#7#101#1#1', version: 2, events: picks, ...meta },
    ]);
  });

  it('still refuses an append at a version another commit holds, even one with the same events and meta', async () => {
    const meta = { at: '2026-11-22T17:00:00.000Z', actor: 102, correlationId: 'pick-2' };
    const picks = [{ type: 'BetPlaced', data: { gameId: 1, teamId: 3 } }];
    await dynamoEventStore(clean, tables.events).append('slip#7#102#1#1', 0, picks, meta);
    const { db } = timingOut((_item, table) => table === tables.events);

    const append = dynamoEventStore(db, tables.events).append('slip#7#102#1#1', 0, picks, meta);

    await expect(append).rejects.toThrow(ConcurrencyError);
    const { commits } = await dynamoEventStore(clean, tables.events).readStream('slip#7#102#1#1');
    expect(commits).toHaveLength(1);
  });
});
