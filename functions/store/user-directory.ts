// The users list's rows (docs/rules.md, Users): per client, one small item per user and per order the list offers,
// each kept sorted by GSI1 under its normalized value, so a page is one query of the page's rows and a search is
// a prefix query per searched field, whatever the client's size. A deleted user's rows stay (the directory of every
// user) but leave the index. A counts item, kept by the same writes, answers the list's total.
// The account store keeps all of it current on each write of a user.
import { PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { User } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchPut, getItem, isConditionFailure, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/** A user as the list shows them; `deleted` users stay in the directory but leave the list. */
export type DirectoryRow = Pick<
  User,
  | 'id'
  | 'login'
  | 'displayName'
  | 'firstName'
  | 'lastName'
  | 'middleName'
  | 'phoneNumber'
  | 'emailAddress'
  | 'status'
  | 'roleId'
  | 'dateCreated'
  | 'pickReminders'
  | 'announcementMails'
> & { deleted?: true };

/** The orders the list offers, and the fields a search looks in (all but id and phone). */
export const listOrders = [
  'id',
  'login',
  'displayName',
  'firstName',
  'middleName',
  'lastName',
  'phoneNumber',
  'emailAddress',
] as const;
export type ListOrder = (typeof listOrders)[number];

export const directoryRow = (user: User): DirectoryRow => ({
  id: user.id,
  login: user.login,
  displayName: user.displayName,
  firstName: user.firstName,
  lastName: user.lastName,
  middleName: user.middleName,
  phoneNumber: user.phoneNumber,
  emailAddress: user.emailAddress,
  status: user.status,
  roleId: user.roleId,
  dateCreated: user.dateCreated,
  // The mails a user turned off (the Edit User dialog shows them); left out while on, as on the user.
  ...(user.pickReminders === false ? { pickReminders: false } : {}),
  ...(user.announcementMails === false ? { announcementMails: false } : {}),
  ...(user.deletedAt ? { deleted: true } : {}),
});

export const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const padded = (id: number) => String(id).padStart(10, '0');

/** The row's place in an order: the value, then the id (below any character, so 'ab' sorts before 'ab c'). */
export const sortKey = (row: DirectoryRow, order: ListOrder) =>
  order === 'id' ? padded(row.id) : `${normalized(row[order])}\u0001${padded(row.id)}`;

/** The counts item's cell the row counts in; deleted users count nowhere. */
const cellOf = (row: DirectoryRow) => (row.deleted ? 'deleted' : `r${row.roleId}s${row.status}`);

interface IdRow {
  row: DirectoryRow;
  cell: string;
  /** The ids of the last writes that put the row (putDirectoryRow), the latest last. */
  writes?: string[];
}

/** How many writes' ids the id row keeps: more than can come over a put between its sending and the SDK's resend. */
const keptWrites = 5;

const rowItems = (clientId: number, row: DirectoryRow) =>
  listOrders.map((order) => ({
    ...keys.userListRow(clientId, order, row.id),
    ...(row.deleted ? {} : { GSI1PK: keys.userListOrder(clientId, order), GSI1SK: sortKey(row, order) }),
    row,
    ...(order === 'id' ? { cell: cellOf(row) } : {}),
  }));

type RowItem = ReturnType<typeof rowItems>[number];
type RowKey = ReturnType<typeof keys.userListRow>;

/**
 * Moves one user between the counts' cells; skipped while the client is not counted (recountUsers counts it). The
 * move carries the id row's write id into the counts item's `moving` set, on the condition that it is not there: the
 * SDK's second sending of a move that was applied (its answer lost) is refused, so it counts once. The id then leaves
 * the set (a crash's leftover counts nothing, and the start-up's recount writes the item afresh). Each write's id is
 * its own, so two administrators' moves at once both count.
 */
async function countMove(deps: Store, clientId: number, from: string | undefined, to: string, writeId: string) {
  const moves = [
    [from, -1],
    [to, 1],
  ].filter((move): move is [string, number] => !!move[0] && move[0] !== 'deleted');
  if (!moves.length) return;
  const mine = { ':mine': new Set([writeId]), ':id': writeId };
  const once = async (update: Omit<UpdateCommandInput, 'TableName' | 'Key'>) => {
    try {
      await deps.db.send(
        new UpdateCommand({ TableName: deps.tables.state, Key: keys.userCounts(clientId), ...update }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  };
  await once({
    UpdateExpression: `ADD #moving :mine, ${moves.map((_, index) => `#c${index} :d${index}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(counted) AND NOT contains(#moving, :id)',
    ExpressionAttributeNames: {
      '#moving': 'moving',
      ...Object.fromEntries(moves.map(([cell], index) => [`#c${index}`, cell])),
    },
    ExpressionAttributeValues: {
      ...mine,
      ...Object.fromEntries(moves.map(([, delta], index) => [`:d${index}`, delta])),
    },
  });
  await once({
    UpdateExpression: 'DELETE #moving :mine',
    ConditionExpression: 'contains(#moving, :id)',
    ExpressionAttributeNames: { '#moving': 'moving' },
    ExpressionAttributeValues: mine,
  });
}

/**
 * Writes the user's rows as the user is stored. The id row is the commit point: put on the condition that it is
 * still the one read (its last write's id), so the counts move once per change, and each attempt reads the user
 * after the row, so of two writers at once the later row holds the later user (a delete is never undone by an
 * edit's row written after it). The other rows and the counts follow; run again, it changes nothing. The id row
 * keeps the ids of its last writes: a put the SDK sent again after a timeout, refused by the row its first attempt
 * wrote or by another writer's row that came over it since, was made, and the counts still move, once
 * (countMove); the other rows are left to the later writer.
 */
export async function putDirectoryRow(deps: Store, user: User): Promise<void> {
  const key = keys.userListRow(user.clientId, 'id', user.id);
  const writeId = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const before = await getItem<IdRow>(deps, key);
    const stored = (await getItem<User>(deps, keys.user(user.clientId, user.id))) ?? user;
    const [idRow, ...others] = rowItems(user.clientId, directoryRow(stored)) as [RowItem, ...RowItem[]];
    let overwritten = false;
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.tables.state,
          Item: { ...idRow, writes: [...(before?.writes ?? []).slice(1 - keptWrites), writeId] },
          ...asRead(before),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const held = await getItem<IdRow>(deps, key);
      if (!held?.writes?.includes(writeId)) {
        if (attempt < 5) continue;
        throw error;
      }
      overwritten = held.writes.at(-1) !== writeId;
    }
    if (!overwritten) await putOtherRows(deps, user, key, writeId, others);
    if (before?.cell !== idRow.cell) await countMove(deps, user.clientId, before?.cell, idRow.cell as string, writeId);
    return;
  }
}

/**
 * Puts the list's other rows, then checks that the id row still names the write last: a writer whose id row came
 * after may have put its other rows before these landed, and they are then put again as the user is stored now (a
 * delete is never undone in the other orders either).
 */
async function putOtherRows(deps: Store, user: User, key: RowKey, writeId: string, others: RowItem[]) {
  let [rows, latest] = [others, writeId];
  for (let pass = 0; pass < 5; pass++) {
    await batchPut(deps, rows);
    const last = (await getItem<IdRow>(deps, key))?.writes?.at(-1);
    if (last === undefined || last === latest) return;
    const stored = await getItem<User>(deps, keys.user(user.clientId, user.id));
    if (!stored) return;
    [rows, latest] = [rowItems(user.clientId, directoryRow(stored)).slice(1), last];
  }
}

/** The condition that the id row is the one read: its last write, or (a row from before writes were kept) its cell. */
const asRead = (before: IdRow | undefined) =>
  !before
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : before.writes?.length
      ? {
          ConditionExpression: `size(#writes) = :size AND #writes[${before.writes.length - 1}] = :last`,
          ExpressionAttributeNames: { '#writes': 'writes' },
          ExpressionAttributeValues: { ':size': before.writes.length, ':last': before.writes.at(-1) },
        }
      : { ConditionExpression: 'cell = :cell', ExpressionAttributeValues: { ':cell': before.cell } };

/** Every user of the client as the list shows them, deleted ones too. */
export async function listDirectory(deps: Store, clientId: number): Promise<DirectoryRow[]> {
  const rows = await queryAll<IdRow>(deps, keys.userListPartition(clientId), { skPrefix: 'id#' });
  return rows.map(({ row }) => row);
}

type Counts = Record<string, number>;

function countsOf(rows: readonly DirectoryRow[]): Counts {
  const counts: Counts = {};
  for (const row of rows) {
    const cell = cellOf(row);
    if (cell !== 'deleted') counts[cell] = (counts[cell] ?? 0) + 1;
  }
  return counts;
}

const cells = (item: Record<string, unknown>): Counts =>
  Object.fromEntries(Object.entries(item).filter(([name]) => /^r\d+s\d+$/.test(name))) as Counts;

/** Listed users per role and status (`r{roleId}s{status}`): the counts item, or the rows while it is not counted. */
export async function userCounts(deps: Store, clientId: number): Promise<Counts> {
  const stored = await getItem<Record<string, unknown>>(deps, keys.userCounts(clientId));
  return stored?.counted ? cells(stored) : countsOf(await listDirectory(deps, clientId));
}

/**
 * Counts the clients' users again from their rows: a new client, many rows written at once (test data, bulk loads
 * and the migration), and the start-up's repair (a crash between a row and its count leaves a count off by one).
 */
export async function recountUsers(deps: Store, clientIds: Iterable<number>): Promise<void> {
  for (const clientId of clientIds) await writeUserCounts(deps, clientId, await listDirectory(deps, clientId));
}

/** The client's counts item written whole from its rows (the whole directory, as listDirectory reads it). */
export const writeUserCounts = (deps: Store, clientId: number, rows: readonly DirectoryRow[]) =>
  putItem(deps, { ...keys.userCounts(clientId), counted: true, ...countsOf(rows) });

/** Writes many users' rows at once and counts their clients again. */
export async function putDirectoryRows(deps: Store, users: readonly User[]): Promise<void> {
  await batchPut(
    deps,
    users.flatMap((user) => rowItems(user.clientId, directoryRow(user))),
  );
  await recountUsers(deps, new Set(users.map((user) => user.clientId)));
}
