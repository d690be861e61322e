// The user directory (docs/rules.md, Users): per client, the user list's columns of every user, a hundred users
// per item, so a page of the list reads the client's directory (a hundred items for 10,000 users) rather than
// every user item. The user store keeps it current on each write of a user.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { putItem, queryAll } from './state-table.ts';

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
> & { deleted?: true };

const usersPerBucket = 100;
const bucketOf = (userId: number) => Math.floor(userId / usersPerBucket);

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
  ...(user.deletedAt ? { deleted: true } : {}),
});

const isMissingMap = (error: unknown) => error instanceof Error && error.name === 'ValidationException';

/** Sets the rows of users of one bucket in one update; the bucket's map is made first when it does not exist yet. */
async function setRows(deps: Store, clientId: number, bucket: number, users: readonly User[]) {
  const names: Record<string, string> = { '#users': 'users' };
  const values: Record<string, unknown> = {};
  const assignments = users.map((user, index) => {
    names[`#u${index}`] = String(user.id);
    values[`:u${index}`] = directoryRow(user);
    return `#users.#u${index} = :u${index}`;
  });
  const update = new UpdateCommand({
    TableName: deps.tables.state,
    Key: keys.userDirectory(clientId, bucket),
    UpdateExpression: `SET ${assignments.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  try {
    await deps.db.send(update);
  } catch (error) {
    // A nested path cannot be set in a map that does not exist, nor can one update make both.
    if (!isMissingMap(error)) throw error;
    try {
      await putItem(deps, { ...keys.userDirectory(clientId, bucket), users: {} }, { ifAbsent: true });
    } catch (raced) {
      if (!(raced instanceof Error && raced.name === 'ConditionalCheckFailedException')) throw raced;
    }
    await deps.db.send(update);
  }
}

/** Writes the users' rows, one update per bucket (test data and bulk loads; a single write uses the same path). */
export async function putDirectoryRows(deps: Store, users: readonly User[]): Promise<void> {
  const groups = new Map<string, { clientId: number; bucket: number; users: User[] }>();
  for (const user of users) {
    const key = `${user.clientId}#${bucketOf(user.id)}`;
    const group = groups.get(key) ?? { clientId: user.clientId, bucket: bucketOf(user.id), users: [] };
    group.users.push(user);
    groups.set(key, group);
  }
  const queue = [...groups.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift())
      await setRows(deps, group.clientId, group.bucket, group.users);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

export const putDirectoryRow = (deps: Store, user: User) => setRows(deps, user.clientId, bucketOf(user.id), [user]);

/** Every user of the client as the list shows them, deleted ones too. */
export async function listDirectory(deps: Store, clientId: number): Promise<DirectoryRow[]> {
  const buckets = await queryAll<{ users?: Record<string, DirectoryRow> }>(deps, keys.userDirectoryPartition(clientId));
  return buckets.flatMap((bucket) => Object.values(bucket.users ?? {}));
}
