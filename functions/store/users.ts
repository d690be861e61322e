// Users in the state table, under their client's partition; each write keeps the user's directory row in step.
import { isDeepStrictEqual } from 'node:util';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type User, UserStatus } from '#domain/auth/user.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchGet, getItem, isConditionFailure, queryAll, setFields, updateIf, withoutKeys } from './state-table.ts';
import { putDirectoryRow } from './user-directory.ts';
import { directoryRowOf } from './user-directory-reads.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const getUser = (deps: Store, clientId: number, userId: number) =>
  getItem<User>(deps, keys.user(clientId, userId));

/** Users of the client by id, read a hundred at a time; ones that do not exist are left out. */
export const getUsers = async (deps: Store, clientId: number, userIds: readonly number[]) =>
  (
    await batchGet(
      deps,
      userIds.map((userId) => keys.user(clientId, userId)),
    )
  ).map((item) => withoutKeys<User>(item));

const userNotFound = () => new NotFoundError('User not found', 'UNKNOWN_USER');

/** The fields a profile edit writes; the rest of the record (password, sessions, deletion) has writers of its own. */
const profileFields = [
  'emailAddress',
  'displayName',
  'firstName',
  'lastName',
  'middleName',
  'phoneNumber',
  'roleId',
  'pickReminders',
  'pickReminderTiming',
  'announcementMails',
  'push',
  'status',
  'activeSince',
] as const satisfies readonly (keyof User)[];

/** The role always: a write that changes nothing else still answers whether the user is there, holding the role read. */
const writtenFields = (read: User, edited: User) =>
  profileFields.filter(
    (field) => field === 'roleId' || (edited[field] !== undefined && !isDeepStrictEqual(edited[field], read[field])),
  );

/**
 * Writes a profile edit of an existing, not deleted user read as `read`, and its directory row: only the profile's
 * fields the edit changes, so a password change or a session's end made since the read stays, and so
 * does a field another edit changed meanwhile (a player's notification choices under an administrator's rename, say);
 * and only while the user still holds the role read, since what the edit decided (who may change the role, the
 * administrators set) rests on it: 409 `USER_CHANGED` when another edit changed it meanwhile, 404 when the user is
 * gone. Answers the stored user.
 */
export async function saveProfile(deps: Store, read: User, edited: User): Promise<User> {
  const written = writtenFields(read, edited);
  let stored: User;
  try {
    stored = await setFields<User>(
      deps,
      keys.user(read.clientId, read.id),
      Object.fromEntries(written.map((field) => [field, edited[field]])),
      {
        when: 'attribute_exists(PK) AND attribute_not_exists(deletedAt) AND roleId = :readRoleId',
        values: { ':readRoleId': read.roleId },
      },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getUser(deps, read.clientId, read.id);
    if (!now || now.deletedAt) throw userNotFound();
    // This very write, landed on an attempt whose answer was lost and then asked again.
    const landed = written.every((field) => isDeepStrictEqual(now[field], edited[field]));
    if (!landed)
      throw new ConflictError(
        'Someone else changed this user’s role meanwhile: reload the user and edit again',
        'USER_CHANGED',
      );
    stored = now;
  }
  await putDirectoryRow(deps, stored);
  return stored;
}

/**
 * Undoes a profile edit saveProfile wrote (`read` to `edited`): each field it wrote that still holds the edit's value,
 * while the user still holds the edit's role, goes back to its value as read (a field it added goes again); another
 * edit's value since stays. The role goes last, so no field goes back once another edit has changed the role.
 */
export async function undoProfile(deps: Store, read: User, edited: User): Promise<void> {
  const key = keys.user(read.clientId, read.id);
  const fields = writtenFields(read, edited).sort((a, b) => Number(a === 'roleId') - Number(b === 'roleId'));
  for (const field of fields) {
    const back = read[field] !== undefined;
    await updateIf(deps, key, {
      set: back ? 'SET #field = :read' : 'REMOVE #field',
      // Never on a deleted user: a status put back would let them sign in again.
      when: '#field = :edited AND #roleId = :role AND attribute_not_exists(deletedAt)',
      names: { '#field': field, '#roleId': 'roleId' },
      values: { ...(back ? { ':read': read[field] } : {}), ':edited': edited[field], ':role': edited.roleId },
    });
  }
  const stored = await getUser(deps, read.clientId, read.id);
  if (stored) await putDirectoryRow(deps, stored);
}

/**
 * Deletes the user by archiving: not active, marked deleted, every session ended; the login claim, the picks
 * and the results stay. 404 when there is no such user or they were deleted already.
 */
export async function archiveUser(deps: Store, clientId: number, userId: number, at: Date): Promise<User> {
  let archived: User;
  try {
    const answer = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.user(clientId, userId),
        UpdateExpression: 'SET #status = :notActive, deletedAt = :at ADD tokenVersion :one',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':notActive': UserStatus.NotActive, ':at': at.toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    archived = withoutKeys<User>(answer.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw userNotFound();
    throw error;
  }
  await putDirectoryRow(deps, archived);
  return archived;
}

/**
 * Finishes a delete cut off between the user and their list rows (a crash, a throttle): the rows follow the user.
 * False when the user is not deleted or their id row already said so; the other orders' rows are written again even
 * then, as a delete may have been cut off after the id row.
 */
export async function finishArchive(deps: Store, user: User): Promise<boolean> {
  if (!user.deletedAt) return false;
  const finished = (await directoryRowOf(deps, user.clientId, user.id))?.deleted;
  await putDirectoryRow(deps, user);
  return !finished;
}

/** Sets a new password and ends every session signed in with the old one; answers the new token version. */
export async function setPasswordHash(deps: Store, user: User, passwordHash: string): Promise<number> {
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.user(user.clientId, user.id),
      UpdateExpression: 'SET passwordHash = :hash ADD tokenVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return answer.Attributes!.tokenVersion as number;
}

/** The same password hashed at the current cost; sessions stay, and a concurrent password change wins. */
export async function upgradePasswordHash(deps: Store, user: User, passwordHash: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.user(user.clientId, user.id),
        UpdateExpression: 'SET passwordHash = :hash',
        ConditionExpression: 'passwordHash = :old',
        ExpressionAttributeValues: { ':hash': passwordHash, ':old': user.passwordHash },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Ends every session of the user: tokens carry the version they were issued at (docs/rules.md, Session). */
export async function bumpTokenVersion(deps: Store, clientId: number, userId: number): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.user(clientId, userId),
      UpdateExpression: 'ADD tokenVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

export const listUsers = (deps: Store, clientId: number) =>
  queryAll<User>(deps, keys.clientPartition(clientId), { skPrefix: keys.userPrefix });
