// Who calls: the bearer token's user, active, of an existing client, holding the route's permissions, with a
// token issued since the user's sessions were last ended.
import { canActAcrossClients, holdsAll, type Permission } from '#domain/auth/permissions.ts';
import { type Client, isActiveMember, type Role, type User } from '#domain/auth/user.ts';
import { ForbiddenError, UnauthenticatedError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { verifyToken } from '../adapters/tokens.ts';
import { liveClient } from '../store/clients.ts';
import { keys } from '../store/keys.ts';
import { getRole } from '../store/roles.ts';
import { getItems } from '../store/table-reads.ts';
import { clientClosedMessage } from './tenant.ts';

/** What a route's token must carry: every permission of a list, or one at least of `anyOf`. */
export type Required = readonly Permission[] | { anyOf: readonly Permission[] };

const holds = (held: readonly Permission[], required: Required) =>
  'anyOf' in required ? required.anyOf.some((code) => held.includes(code)) : holdsAll(held, required);

export interface Caller {
  user: User;
  role: Role;
  client: Client;
  permissions: Permission[];
  /** The session was signed in with 'remember me' (its token lasts weeks). */
  remembered: boolean;
}

export async function authenticate(authorization: string | undefined, deps: Deps, required: Required): Promise<Caller> {
  const [scheme, token] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthenticatedError();
  const claims = await verifyToken(deps, token);
  if (!claims) throw new UnauthenticatedError();
  const [user, client, named] = (await getItems(deps, [
    keys.user(claims.clientId, claims.userId),
    keys.client(claims.clientId),
    ...(claims.roleId === undefined ? [] : [keys.role(claims.roleId)]),
  ])) as [User?, Client?, Role?];
  if (!user || !client || !isActiveMember(user)) throw new UnauthenticatedError();
  if (client.archivedAt) throw new UnauthenticatedError(clientClosedMessage, 'CLIENT_CLOSED');
  // A token from before the user's latest password or role change is over (docs/rules.md, Session).
  if ((user.tokenVersion ?? 0) !== claims.tokenVersion) throw new UnauthenticatedError();
  if (claims.roleId !== undefined && claims.roleId !== user.roleId) throw new UnauthenticatedError();
  // The token names the role it was issued under (one read for all three); an older one names none.
  const role = claims.roleId === undefined ? await getRole(deps, user.roleId) : named;
  assertRoleHeld(role);
  const ownRole = role.clientId === null || role.clientId === client.id;
  if (!ownRole || !holds(role.permissions, required)) throw new ForbiddenError();
  return { user, role, client, permissions: role.permissions, remembered: claims.remembered === true };
}

/**
 * A deleted role grants nothing: its holder (an account made or given the role while a delete of it ran, docs/
 * invariants.md inv-2b) is refused until an administrator gives them another.
 */
export function assertRoleHeld(role: Role | undefined): asserts role is Role {
  if (!role || role.archivedAt)
    throw new ForbiddenError(
      'Your role has been deleted: ask an administrator of your client to give you another',
      'ROLE_DELETED',
    );
}

/** The client a request acts on: the caller's own, unless a client manager names another. */
export function scopedClientId(caller: Caller, requested: number | undefined): number {
  if (requested === undefined || requested === caller.client.id) return caller.client.id;
  if (!canActAcrossClients(caller.permissions)) throw new ForbiddenError('You can only see your own client');
  return requested;
}

/** The client a request acts on, as scopedClientId; another client it names must exist and not be deleted (404). */
export async function scopedLiveClientId(deps: Deps, caller: Caller, requested: number | undefined): Promise<number> {
  const clientId = scopedClientId(caller, requested);
  if (clientId !== caller.client.id) await liveClient(deps, clientId);
  return clientId;
}
