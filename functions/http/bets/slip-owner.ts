// Whose slip a request acts on: the caller's own (set bets, the route's guard), or another player
// of the caller's client with set bets for third party. Never a player of another client.
import { Permission } from '#domain/auth/permissions.ts';
import type { User } from '#domain/auth/user.ts';
import { ForbiddenError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getUser } from '../../store/users.ts';
import type { Caller } from '../auth-guard.ts';

export async function slipOwner(deps: Deps, caller: Caller, userId: number | undefined): Promise<User> {
  if (userId === undefined || userId === caller.user.id) return caller.user;
  if (!caller.permissions.includes(Permission.SetBetsForThirdParty)) {
    throw new ForbiddenError("Another player's picks need the permission 'set bets for third party'", 'THIRD_PARTY');
  }
  const user = await getUser(deps, caller.client.id, userId);
  if (!user) throw new ForbiddenError('This player is not in your client', 'OTHER_CLIENT');
  return user;
}
