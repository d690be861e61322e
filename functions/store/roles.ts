// Roles in the state table: one global partition for the System Roles and every client's roles (each carries its
// clientId), so the roles list is one query; a role's name is unique among its client's roles (a claim item).
import { standardRoles } from '#domain/auth/standard-roles.ts';
import { type Client, type Role, RoleType, type User } from '#domain/auth/user.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { getClient, listAllClients, markRoleNamesClaimed } from './clients.ts';
import { type Claim, claimFor, claimGraceMs, releaseClaim, type StoredClaim, take } from './claims.ts';
import { keys } from './keys.ts';
import {
  batchGet,
  getItem,
  isConditionFailure,
  liveItem,
  putItem,
  queryAll,
  replaceLive,
  setFields,
  updateIf,
  withoutKeys,
} from './state-table.ts';
import { listUsers } from './users.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

async function unlessGone<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('Role not found', 'ROLE_NOT_FOUND');
    throw error;
  }
}

export const getRole = (deps: Store, roleId: number) => getItem<Role>(deps, keys.role(roleId));

/** The roles of these ids (the ones users hold: deleted ones and System Roles too), by id; in one batch read per 100. */
export async function getRoles(deps: Store, roleIds: readonly number[]): Promise<Map<number, Role>> {
  const found = await batchGet(deps, [...new Set(roleIds)].map(keys.role));
  return new Map(found.map((item) => withoutKeys<Role>(item)).map((role) => [role.id, role]));
}
/** Every client's roles and the System Roles, deleted ones too: for the system administrator's list and start-up. */
export const listAllRoles = (deps: Store) => queryAll<Role>(deps, keys.rolesPartition);

/**
 * The live roles a client's users may hold: the client's own and the System Roles (null: those alone). Every live
 * role holds its name's claim (docs/invariants.md, inv-2), so they are found from the claims of the client's and the
 * System Roles' names: the read costs those roles (and a deleted one's leftover claim), never every client's. A client
 * an older version made may lack its roles' claims (accountRoleNamed claims them at its first sign-up): its roles are
 * read from every client's, once per call, as before the claims.
 */
export async function listClientRoles(deps: Store, clientId: number | null): Promise<Role[]> {
  const owners = clientId === null ? [null] : [clientId, null];
  const [client, claims] = await Promise.all([
    clientId === null ? undefined : getClient(deps, clientId),
    Promise.all(owners.map((owner) => queryAll<Claim<Role>>(deps, keys.roleNamesPartition(owner)))),
  ]);
  const ownedLive = (role: Role | undefined): role is Role =>
    !!role && !role.archivedAt && owners.includes(role.clientId);
  if (client && !client.roleNamesClaimed) return (await listAllRoles(deps)).filter(ownedLive);
  const ids = [...new Set(claims.flat().map((claim) => claim.holderId))];
  return (await batchGet(deps, ids.map(keys.role))).map((item) => withoutKeys<Role>(item)).filter(ownedLive);
}

const nameKey = (role: Pick<Role, 'clientId' | 'name'>) => keys.roleNameClaim(role.clientId, role.name);

/** The client's live role of this id, or undefined (another client's, a System Role, a deleted one). */
export async function liveRoleOf(deps: Store, clientId: number, roleId: number): Promise<Role | undefined> {
  const role = await getRole(deps, roleId);
  return role && role.clientId === clientId && !role.archivedAt ? role : undefined;
}

/** The live role of exactly this name among the client's roles (null: the System Roles), found by its name's claim. */
export async function liveRoleNamed(deps: Store, clientId: number | null, name: string): Promise<Role | undefined> {
  const claim = await getItem<Claim<Role>>(deps, keys.roleNameClaim(clientId, name));
  const role = claim && (await getRole(deps, claim.holderId));
  return role && !role.archivedAt && role.clientId === clientId && role.name === name ? role : undefined;
}

/**
 * Gives each of these live roles its name's claim where no live role of that name holds it (roles a version before
 * the claims made whole, a claim an older version lost); answers how many it wrote, and the roles left without
 * their claim: a twin of a live role of that name (made before the claims), or one renamed meanwhile. Idempotent: a
 * step cut short is simply run again.
 */
async function claimRoleNames(
  deps: Store & Pick<Deps, 'clock'>,
  roles: readonly Role[],
): Promise<{ written: number; unclaimed: Role[] }> {
  let written = 0;
  const unclaimed: Role[] = [];
  for (const role of roles) {
    if (role.archivedAt) continue;
    const key = nameKey(role);
    const held = await getItem<StoredClaim<Role>>(deps, key);
    // Held by a live role of the name (the role itself, a twin made before claims, one being renamed to it now).
    if (held && (await judge(deps, held, deps.clock.now())) === 'live') {
      if (held.holderId !== role.id) unclaimed.push(role);
      continue;
    }
    // Over nothing, or over the stale claim read: a claim taken meanwhile (a role created or renamed to it) stays.
    const claim = { holderId: role.id, holder: role, claimedAt: deps.clock.now().toISOString() };
    if (await take(deps, key, claim, held)) written += 1;
    else unclaimed.push(role);
  }
  return { written, unclaimed };
}

/**
 * Start-up: every live role takes its name's claim where none holds it, and a client is marked as holding its
 * roles' claims (its roles read from them, listClientRoles) only when each of its live roles and of the System Roles
 * holds its own; else (a twin, a rename under way) it is read from every client's roles until a start-up finds it
 * whole. Answers how many clients it marked or unmarked.
 */
export async function settleRoleNameClaims(
  deps: Store & Pick<Deps, 'clock'>,
  roles: readonly Role[],
  clients: readonly Client[],
): Promise<number> {
  const { unclaimed } = await claimRoleNames(deps, roles);
  // As they are now: one renamed or deleted since the read holds its new name's claim, or needs none.
  const now = await getRoles(
    deps,
    unclaimed.map((role) => role.id),
  );
  const short = new Set(
    unclaimed
      .filter((role) => {
        const current = now.get(role.id);
        return current && !current.archivedAt && current.name === role.name;
      })
      .map((role) => role.clientId),
  );
  let changed = 0;
  for (const client of clients) {
    const whole = !short.has(null) && !short.has(client.id);
    // Unmarked again even when read unmarked: a sign-up miss may have marked it since.
    if (whole && client.roleNamesClaimed) continue;
    await markRoleNamesClaimed(deps, client.id, whole);
    if (whole !== (client.roleNamesClaimed ?? false)) changed += 1;
  }
  return changed;
}

/**
 * The client's live role of this name for a new account (sign-up, Create User), found by its name's claim. A client
 * whose roles may lack their claims (one a version before the claims made, say while a deploy ran: never checked) has
 * them claimed first, once: it then records whether its roles (and the System Roles) hold them, so a later miss costs
 * one read. One a start-up found short (false) was checked already.
 */
export async function accountRoleNamed(deps: Store & Pick<Deps, 'clock'>, client: Client, name: string) {
  const found = await liveRoleNamed(deps, client.id, name);
  if (found || client.roleNamesClaimed !== undefined) return found;
  const { unclaimed } = await claimRoleNames(
    deps,
    (await listAllRoles(deps)).filter((role) => role.clientId === client.id || role.clientId === null),
  );
  await markRoleNamesClaimed(deps, client.id, !unclaimed.length);
  return liveRoleNamed(deps, client.id, name);
}

/** A client's two standard roles (docs/rules.md, Clients), so sign-up works at once. */
export async function createStandardRoles(deps: Pick<Deps, 'db' | 'tables' | 'ids' | 'clock'>, clientId: number) {
  const roles: Role[] = [];
  for (const { name, permissions } of standardRoles) {
    const role: Role = { id: await deps.ids.next('role'), name, clientId, roleType: RoleType.System, permissions };
    try {
      await createRole(deps, role, deps.clock.now());
      roles.push(role);
    } catch (error) {
      // Made by an earlier attempt of the client's create, cut off after it.
      if (!(error instanceof ConflictError && error.code === 'ROLE_NAME_TAKEN')) throw error;
    }
  }
  return roles;
}

export const roleChanged = () =>
  new ConflictError('Someone else changed this role meanwhile: reload the roles and edit it again', 'ROLE_CHANGED');

/**
 * Replaces a live role read as `before` with its edit (the next version): a role deleted meanwhile stays deleted
 * (404), and one another edit changed since the read keeps that edit (409 ROLE_CHANGED).
 */
const replaceLiveRole = (deps: Store, before: Role, edited: Role) =>
  replaceLive(deps, { ...keys.role(edited.id), ...edited }, before.version ?? 0, {
    changed: roleChanged,
    gone: () => new NotFoundError('Role not found', 'ROLE_NOT_FOUND'),
  });

/**
 * Archives the role unless someone holds it once archived (a role change checks the role after its write, so one of
 * the two sees the other: docs/invariants.md, inv-2b), and answers how many do. Held, the role is put back; else the
 * name it had when archived (an edit may have renamed it since the read) is given back, its claim stale.
 */
export async function archiveUnheldRole(deps: Store, roleId: number, at: Date): Promise<number> {
  const archived = await unlessGone(
    setFields<Role>(deps, keys.role(roleId), { archivedAt: at.toISOString() }, { when: liveItem }),
  );
  const holders = await countHolders(deps, archived);
  const values = { ':at': at.toISOString() };
  if (holders) await updateIf(deps, keys.role(roleId), { set: 'REMOVE archivedAt', when: 'archivedAt = :at', values });
  else await releaseClaim(deps, nameKey(archived), archived.id, archived.version ?? 0);
  return holders;
}

/**
 * The role's holders: its client's users, or every client's for a System Role; deleted users hold none. Read from the
 * users themselves, not the users list, whose rows a crash can leave behind a user's write: a role is edited or deleted
 * rarely, and a role deleted while held would leave its holders without one.
 */
export async function listHolders(deps: Store, role: Role): Promise<User[]> {
  const clientIds = role.clientId === null ? (await listAllClients(deps)).map((client) => client.id) : [role.clientId];
  const users = await Promise.all(clientIds.map((clientId) => listUsers(deps, clientId)));
  return users.flat().filter((user) => user.roleId === role.id && !user.deletedAt);
}

export const countHolders = async (deps: Store, role: Role): Promise<number> => (await listHolders(deps, role)).length;

/**
 * The claim's role still has the name: a live role of that name, or one being renamed to it right now (its edit's
 * version not written yet, for as long as a write under way may take). A role the claim holds but nobody wrote (a
 * crash right after the claim) is written now. A rename whose version the role has reached, by it or by another
 * edit, and not with this name, was renamed away or refused: its claim is stale at once. A role archived is judged as
 * live for that while too, since its delete may put it back (archiveUnheldRole), and gives the claim back if not.
 */
export async function judge(deps: Store, claim: Claim<Role>, now: Date) {
  const stored = await getItem<Role>(deps, keys.role(claim.holderId));
  if (!stored) {
    try {
      await putItem(deps, { ...keys.role(claim.holderId), ...claim.holder }, { ifAbsent: true });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return 'live';
  }
  const within = (at: string) => now.getTime() - Date.parse(at) < claimGraceMs;
  if (stored.archivedAt && !within(stored.archivedAt)) return 'stale';
  if (stored.name.toLowerCase() === claim.holder.name.toLowerCase()) return 'live';
  // An edit's claim (a version before those had none: a rename under way during the deploy gets the grace).
  if (claim.holder.version !== undefined && (stored.version ?? 0) >= claim.holder.version) return 'stale';
  return within(claim.claimedAt) ? 'live' : 'stale';
}

/** Claims the role's name among its client's roles (409 ROLE_NAME_TAKEN while another live role has it). */
async function claimName(deps: Store, role: Role, now: Date) {
  await claimFor(
    deps,
    nameKey(role),
    { holderId: role.id, holder: role, claimedAt: now.toISOString() },
    (claim) => judge(deps, claim, now),
    // Held by a later edit of this very role: this edit was made from an older version.
    (live) =>
      live?.holderId === role.id
        ? roleChanged()
        : new ConflictError(`A role named '${role.name}' already exists`, 'ROLE_NAME_TAKEN'),
  );
}

/** A new role: its name is claimed first, so of concurrent creates of one name exactly one makes a role. */
export async function createRole(deps: Store, role: Role, now: Date): Promise<void> {
  await claimName(deps, role, now);
  // Only where the role is not yet: one another request wrote from the claim (judge) may be edited since.
  const isOwn = (held: { clientId?: unknown }) => held.clientId === role.clientId;
  await putItem(deps, { ...keys.role(role.id), ...role }, { ifAbsent: true, isOwn });
}

/**
 * Saves an edit of a live role read as `before` (replaceLiveRole): a new name is claimed first and the old one given
 * back after, unless a later edit of the role claimed it again meanwhile (renamed back to it). A refused rename leaves
 * its claim of the new name, which the next claim of the name finds stale (judge: the role reached its version with
 * another name); it is not given back at once, as another edit of the role may be renaming it to the same name.
 */
export async function renameAndSaveRole(deps: Store, before: Role, edited: Role, now: Date): Promise<void> {
  await claimName(deps, edited, now);
  await replaceLiveRole(deps, before, edited);
  if (nameKey(before).SK !== nameKey(edited).SK)
    await releaseClaim(deps, nameKey(before), before.id, before.version ?? 0);
}
