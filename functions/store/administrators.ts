// The client's administrators as one item (docs/invariants.md, Last administrator): a set of user ids that
// a delete or a role change leaves with one conditional update, refused when it would empty the set. Members
// are only ever added after the user's write and removed before it, so a crash in between leaves the set
// smaller than the truth (it refuses too much, never too little) until the start-up adds the administrators its
// directory shows and the set misses (repairAdministrators), or a removal finds the one it missed; a client
// without a set yet is counted from its directory on first use.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { administers } from '#domain/auth/administrators.ts';
import { type Role, type User, UserStatus } from '#domain/auth/user.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { getRole, getRoles, listHolders } from './roles.ts';
import { getUser, getUsers } from './users.ts';
import { listAllClients } from './clients.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, putItem, updateIf } from './state-table.ts';
import { type DirectoryRow, listDirectory } from './user-directory.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

interface Administrators {
  counted: true;
  userIds?: Set<number>;
  /** When a member was last removed: that user's write may still be on its way for a request's lifetime. */
  lastRemovalAt?: string;
}

/** The longest a request may take between a removal and its user's write: a Lambda's longest run. */
const removalInFlightMs = 15 * 60_000;

const lastAdministrator = () =>
  new ConflictError('You cannot remove the last administrator of the client', 'LAST_ADMINISTRATOR');

/** The client's administrators as its directory's rows hold them. */
function administratorsOf(rows: readonly DirectoryRow[], roles: readonly Role[]): Administrators {
  const roleOf = new Map(roles.map((role) => [role.id, role]));
  const ids = rows.filter((row) => administers(row, roleOf.get(row.roleId))).map((row) => row.id);
  return { counted: true, ...(ids.length ? { userIds: new Set(ids) } : {}) };
}

/** The set, counted from the directory when the client has none yet (start-up counts every client's). */
async function counted(deps: Store, clientId: number): Promise<Administrators> {
  const stored = await getItem<Administrators>(deps, keys.administrators(clientId));
  if (stored?.counted) return stored;
  const rows = await listDirectory(deps, clientId);
  const roles = await getRoles(
    deps,
    rows.map((row) => row.roleId),
  );
  return firstCount(deps, clientId, administratorsOf(rows, [...roles.values()]));
}

/** Writes the client's first set unless one was written meanwhile, and answers the set that stands. */
async function firstCount(deps: Store, clientId: number, item: Administrators): Promise<Administrators> {
  try {
    await putItem(deps, { ...keys.administrators(clientId), ...item }, { ifAbsent: true });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getItem<Administrators>(deps, keys.administrators(clientId)))!;
  }
  return item;
}

/** The members of the client's set (none when it has no set yet), read as users. */
async function members(deps: Store, clientId: number): Promise<User[]> {
  const stored = await getItem<Administrators>(deps, keys.administrators(clientId));
  return getUsers(deps, clientId, [...(stored?.userIds ?? [])]);
}

/** The ids of the client's administrators: one read of the set (counted from the directory on its first use). */
export async function administratorIds(deps: Store, clientId: number): Promise<number[]> {
  return [...((await counted(deps, clientId)).userIds ?? [])];
}

/**
 * Counts the user among the client's administrators (after the write that made them one), then checks it: a
 * concurrent write (a role edit, the user's role change or delete) may have ended their administration meanwhile.
 */
export async function addAdministrator(deps: Store, clientId: number, userId: number): Promise<void> {
  await counted(deps, clientId);
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.administrators(clientId),
      UpdateExpression: 'ADD userIds :id',
      ExpressionAttributeValues: { ':id': new Set([userId]) },
    }),
  );
  await settleAdministrator(deps, { clientId, id: userId });
}

/**
 * Takes the user out of the set, without the last-one check, unless their user item and role (read again) say they
 * administer: after a write that may have ended an administration a concurrent write counted. Always safe, as a
 * member who does not administer could only let the last real administrator go.
 */
export async function settleAdministrator(deps: Store, user: Pick<User, 'clientId' | 'id'>): Promise<void> {
  if (await stillAdministers(deps, user)) return;
  // A client without a set yet keeps none: it is counted on first use.
  await updateIf(deps, keys.administrators(user.clientId), {
    set: 'DELETE userIds :id',
    when: 'attribute_exists(PK)',
    values: { ':id': new Set([user.id]) },
  });
}

/**
 * Takes the user out of the client's administrators before the write that ends their administration; 409
 * LAST_ADMINISTRATOR when they are the only one left. A user the set missed (a crash) who still administers is
 * counted first.
 */
export async function removeAdministrator(
  deps: Store & Pick<Deps, 'clock'>,
  user: Pick<User, 'clientId' | 'id'>,
): Promise<void> {
  await counted(deps, user.clientId);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await deps.db.send(
        new UpdateCommand({
          TableName: deps.tables.state,
          Key: keys.administrators(user.clientId),
          UpdateExpression: 'DELETE userIds :id SET lastRemovalAt = :now',
          ConditionExpression: 'contains(userIds, :user) AND size(userIds) > :one',
          ExpressionAttributeValues: {
            ':id': new Set([user.id]),
            ':user': user.id,
            ':one': 1,
            ':now': deps.clock.now().toISOString(),
          },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const now = await getItem<Administrators>(deps, keys.administrators(user.clientId));
    if (now?.userIds?.has(user.id)) break;
    // No longer an administrator (a concurrent delete of the same user took them out): nothing to remove.
    if (!(await stillAdministers(deps, user))) return;
    await addAdministrator(deps, user.clientId, user.id);
  }
  throw lastAdministrator();
}

async function stillAdministers(deps: Store, user: Pick<User, 'clientId' | 'id'>) {
  const now = await getUser(deps, user.clientId, user.id);
  return !!now && administers(now, await getRole(deps, now.roleId));
}

/**
 * Start-up repair, from the client's directory rows and the roles (read after `readAt`); the set is never written whole, so nothing a
 * request did meanwhile is undone. Members the rows show administering no longer (a role that lost the power before
 * role edits kept the set, a write the set missed) are taken out: a smaller set only refuses more. Administrators the
 * set misses (a crash between a user's write and the set's) are added when their user item agrees, but not while a
 * removal may still be on its way: its user's write may be missing from the rows, which would still show the user
 * the set just gave up. Such a client waits for the next start-up (a removal counts a member the set missed anyway).
 * Answers how many it took out and added.
 */
export async function repairAdministrators(
  deps: Store,
  clientId: number,
  rows: readonly DirectoryRow[],
  roles: readonly Role[],
  readAt: Date,
): Promise<{ removed: number; added: number }> {
  const truth = administratorsOf(rows, roles);
  const stored = await getItem<Administrators>(deps, keys.administrators(clientId));
  if (!stored?.counted) {
    await firstCount(deps, clientId, truth);
    return { removed: 0, added: 0 };
  }
  const listed = truth.userIds ?? new Set<number>();
  const counted = stored.userIds ?? new Set<number>();
  const gone = [...counted].filter((id) => !listed.has(id));
  if (gone.length)
    await updateIf(deps, keys.administrators(clientId), {
      set: 'DELETE userIds :gone',
      when: 'attribute_exists(PK)',
      values: { ':gone': new Set(gone) },
    });
  const roleOf = new Map(roles.map((role) => [role.id, role]));
  const candidates = [...listed].filter((id) => !counted.has(id));
  // A row can trail its user's write (a crash between the two): the user item has the last word.
  const missing = (await getUsers(deps, clientId, candidates))
    .filter((user) => administers(user, roleOf.get(user.roleId)))
    .map((user) => user.id);
  const added =
    missing.length > 0 &&
    (await updateIf(deps, keys.administrators(clientId), {
      set: 'ADD userIds :missing',
      when: 'attribute_not_exists(lastRemovalAt) OR lastRemovalAt < :settled',
      values: {
        ':missing': new Set(missing),
        ':settled': new Date(readAt.getTime() - removalInFlightMs).toISOString(),
      },
    }));
  return { removed: gone.length, added: added ? missing.length : 0 };
}

/**
 * A role edit's change to the administrators sets: the members who hold a role that loses the power to edit users
 * leave their clients' sets before the role's write (409 LAST_ADMINISTRATOR when one would empty a set; the edit is
 * then refused and the ones taken out come back); the holders of a role that gains it join after the write, and the
 * members holding a role without it after the write are checked again. Only a gain reads every holder; the rest read
 * the sets' members, whom a role's edit can make too many.
 */
export async function administratorsAround(
  deps: Store & Pick<Deps, 'clock'>,
  before: Role,
  after: Role,
  write: () => Promise<void>,
): Promise<void> {
  const removed: User[] = [];
  try {
    if (administersWith(before) && !administersWith(after))
      for (const user of await membersHolding(deps, before))
        if (administers(user, before)) {
          await removeAdministrator(deps, user);
          removed.push(user);
        }
    await write();
  } catch (error) {
    // Each comes back only while they still administer (addAdministrator checks): the write may have landed after all.
    for (const user of removed) await addAdministrator(deps, user.clientId, user.id);
    throw error;
  }
  // Members holding a role without the power after its write leave: a user who moved to it meanwhile, or one a
  // concurrent edit that gave it the power counted before this edit's older copy took the power away again.
  if (!administersWith(after))
    for (const user of await membersHolding(deps, after)) await settleAdministrator(deps, user);
  if (!administersWith(before) && administersWith(after))
    for (const user of await listHolders(deps, before))
      if (administers(user, after)) await addAdministrator(deps, user.clientId, user.id);
}

/** The members of the sets who hold the role: its client's, or every client's for a System Role. */
async function membersHolding(deps: Store, role: Role): Promise<User[]> {
  const clientIds = role.clientId === null ? (await listAllClients(deps)).map(({ id }) => id) : [role.clientId];
  const users = await Promise.all(clientIds.map((clientId) => members(deps, clientId)));
  return users.flat().filter((user) => user.roleId === role.id);
}

const administersWith = (role: Role) => administers({ status: UserStatus.Active }, role);
