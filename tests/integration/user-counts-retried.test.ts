// Issue 59, item 3: the users list's counts item (functions/store/user-directory.ts) moves once per change of a user's
// row even when the SDK sends the move again after it applied (a timeout lost its answer), stays right with two
// administrators writing at once, and counts a row whose put's answer was lost while another's row came over it.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type User, UserStatus } from '#domain/auth/user.ts';
import { documentClient } from '../../functions/adapters/deps.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem, queryAll } from '../../functions/store/state-table.ts';
import {
  listDirectory,
  listOrders,
  putDirectoryRow,
  recountUsers,
  userCounts,
} from '../../functions/store/user-directory.ts';
import { useBareDatabase } from './support/bare-database.ts';
import { loseFirstAnswers } from './support/lost-answers.ts';

const { tables, clientOf } = useBareDatabase();

const clean = () => ({ db: documentClient(clientOf()), tables });

/**
 * An administrator's store whose every write to a counts item is done and its answer lost on the first attempt
 * (faults.ts' timeoutAfterWrite): the SDK sends it again. `lost()` counts the answers lost.
 */
function countsTimingOut() {
  const db = documentClient(clientOf());
  const lost = loseFirstAnswers(
    { db },
    (command, input) =>
      command === 'UpdateItemCommand' && (input as { Key?: { SK?: { S?: string } } }).Key?.SK?.S === 'COUNTS',
  );
  return { db, tables, lost };
}

const userOf = (clientId: number, id: number, roleId = 3): User => ({
  id,
  clientId,
  login: `player${id}`,
  displayName: `Player ${id}`,
  emailAddress: `player${id}@demo.example.com`,
  firstName: 'Sam',
  lastName: 'Smith',
  middleName: '',
  phoneNumber: '+15550100100',
  status: UserStatus.Active,
  roleId,
  passwordHash: 'scrypt$hash',
  dateCreated: '2026-11-22T17:00:00.000Z',
});

/** The counts as the rows give them: what the start-up's recount would write. */
async function countsOfRows(clientId: number) {
  const counts: Record<string, number> = {};
  for (const row of await listDirectory(clean(), clientId)) {
    const cell = `r${row.roleId}s${row.status}`;
    if (!row.deleted) counts[cell] = (counts[cell] ?? 0) + 1;
  }
  return counts;
}

/**
 * An administrator's store whose first put of the user's id row is done, then, before its answer comes back,
 * `meanwhile` runs (another administrator's write), then the answer is lost: the SDK sends the put again.
 */
function idRowAnswerLostWhile(meanwhile: () => Promise<void>) {
  const client = clientOf();
  let lost = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const { Item } = args.input as { Item?: { SK?: { S?: string } } };
      if (context.commandName !== 'PutItemCommand' || !Item?.SK?.S?.startsWith('id#') || lost > 0) return next(args);
      await next(args);
      lost += 1;
      await meanwhile();
      throw Object.assign(new Error('a request has exceeded the configured requestTimeout (injected)'), {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      });
    },
    { step: 'deserialize', priority: 'low', name: 'idRowAnswerLost' },
  );
  return { db: documentClient(client), tables, lost: () => lost };
}

const withoutZeros = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count !== 0));

describe("the users list's counts when a move's answer is lost after it applied", () => {
  it('counts a new user once', async () => {
    await recountUsers(clean(), [11]);
    const admin = countsTimingOut();

    await putDirectoryRow(admin, userOf(11, 1));

    expect(admin.lost()).toBeGreaterThan(0);
    expect(await userCounts(clean(), 11)).toEqual({ r3s1: 1 });
    // The move's id left the item once answered: at rest it holds the counts only.
    expect(await getItem(clean(), keys.userCounts(11))).toEqual({ counted: true, r3s1: 1 });
  });

  it('moves a user whose role changed once, from the old cell to the new', async () => {
    await recountUsers(clean(), [12]);
    await putDirectoryRow(clean(), userOf(12, 1));
    await putDirectoryRow(clean(), userOf(12, 2));
    const admin = countsTimingOut();

    await putDirectoryRow(admin, userOf(12, 2, 2));

    expect(admin.lost()).toBeGreaterThan(0);
    expect(withoutZeros(await userCounts(clean(), 12))).toEqual({ r3s1: 1, r2s1: 1 });
  });

  it('keeps the total right with two administrators writing at once, the same users too', async () => {
    await recountUsers(clean(), [13]);
    const [first, second] = [countsTimingOut(), countsTimingOut()];
    const ids = Array.from({ length: 12 }, (_, index) => index + 1);

    await Promise.all(ids.map((id) => putDirectoryRow(id % 2 ? first : second, userOf(13, id))));
    // Both edit every user at once: one gives them role 2, the other makes them not active; the rows end as one of them left.
    await Promise.all(
      ids.flatMap((id) => [
        putDirectoryRow(first, userOf(13, id, 2)),
        putDirectoryRow(second, { ...userOf(13, id), status: UserStatus.NotActive }),
      ]),
    );

    expect(first.lost() + second.lost()).toBeGreaterThan(24);
    const counts = withoutZeros(await userCounts(clean(), 13));
    expect(counts).toEqual(await countsOfRows(13));
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(ids.length);
  });

  it("counts a change whose answer was lost while another administrator's change came over it, and keeps the later row", async () => {
    await recountUsers(clean(), [14]);
    await putDirectoryRow(clean(), userOf(14, 1));
    // The first gives the player role 2; before its answer comes back, the second makes them not active.
    const later = { ...userOf(14, 1, 2), status: UserStatus.NotActive };
    const first = idRowAnswerLostWhile(() => putDirectoryRow(clean(), later));

    await putDirectoryRow(first, userOf(14, 1, 2));

    expect(first.lost()).toBe(1);
    expect(await listDirectory(clean(), 14)).toEqual([expect.objectContaining({ roleId: 2, status: later.status })]);
    expect(withoutZeros(await userCounts(clean(), 14))).toEqual(await countsOfRows(14));
    expect(withoutZeros(await userCounts(clean(), 14))).toEqual({ [`r2s${later.status}`]: 1 });
  });
});

describe("the users list's other orders, two administrators writing at once", () => {
  it("keep a delete whose rows were written while an earlier edit's other rows were on their way: the user stays out of the list", async () => {
    const player = userOf(15, 1);
    await putItem(clean(), { ...keys.user(15, 1), ...player });
    await putDirectoryRow(clean(), player);
    const edited = { ...player, displayName: 'Renamed' };
    const deleted = { ...edited, deletedAt: '2026-11-22T18:00:00.000Z' };
    await putItem(clean(), { ...keys.user(15, 1), ...edited });
    // The edit's other rows are held (a throttle) until the delete, made meanwhile, has written its rows whole.
    const plain = documentClient(clientOf());
    let held = false;
    const send = async (command: Parameters<typeof plain.send>[0]) => {
      if (!held && command instanceof BatchWriteCommand) {
        held = true;
        await putItem(clean(), { ...keys.user(15, 1), ...deleted });
        await putDirectoryRow(clean(), deleted);
      }
      return plain.send(command);
    };
    await putDirectoryRow({ db: { send } as unknown as typeof plain, tables }, edited);

    expect(held).toBe(true);
    for (const order of listOrders)
      expect(await queryAll(clean(), keys.userListOrder(15, order), { index: 'GSI1' }), order).toEqual([]);
  });
});
