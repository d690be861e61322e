// Account creation without transactions (docs/invariants.md, Accounts): the login claim is the one conditional
// write that commits a new account, and it carries the whole user until the account is whole. What follows it
// (the user item, the directory row, the administrators set, the set-password mail) is idempotent and finished
// by whoever finds the claim pending: the creating request, a resumed import, a sign-in, or the start-up check
// (the pending claims are in GSI1 under keys.pendingAccounts, so finding them is one query, not a scan).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { administers } from '#domain/auth/administrators.ts';
import type { Role, User } from '#domain/auth/user.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { getRole } from './roles.ts';
import { getUser } from './users.ts';
import { addAdministrator } from './administrators.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, putIfFree, putItem, queryAll } from './state-table.ts';
import { putDirectoryRow } from './user-directory.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface LoginClaim {
  userId: number;
  /** The new user, kept until the user item and the directory row are written. */
  user?: User;
  /** The set-password mail of an account an administrator made: owed, then sent. */
  mail?: 'pending' | 'sent';
  /** What made the account ('job 12, line 7'), so an import resumed after a crash counts it as its own. */
  origin?: string;
}

const claimKey = (user: Pick<User, 'clientId' | 'login'>) => keys.loginClaim(user.clientId, user.login);
const takenError = (login: string) => new ConflictError(`The login '${login}' is already taken`, 'ALREADY_TAKEN');

export const readClaim = (deps: Store, clientId: number, login: string) =>
  getItem<LoginClaim>(deps, keys.loginClaim(clientId, login));

/** Commits a new account: answers the claim made, or the claim that holds the login already (taken). */
export async function claimLogin(
  deps: Store,
  user: User,
  extras: Omit<LoginClaim, 'userId' | 'user'> = {},
): Promise<{ claimed: LoginClaim } | { taken: LoginClaim }> {
  const claim: LoginClaim = { userId: user.id, user, ...extras };
  const pending = { GSI1PK: keys.pendingAccounts, GSI1SK: `${user.clientId}#${user.login.toLowerCase()}` };
  // A claim naming this user is our own, written by an attempt whose answer was lost (a timeout): made, not taken.
  // A claim gone since the refusal (the start-up's migration released it, migrate-login-claims.ts) is claimed again.
  const held = await putIfFree<LoginClaim>(
    deps,
    { ...claimKey(user), ...pending, ...claim },
    (stored) => stored.userId === user.id,
  );
  return held ? { taken: held } : { claimed: claim };
}

/** Writes the claim's user item and directory row, and counts an administrator; each step may run twice. */
export async function materialise(deps: Store, claim: LoginClaim, role?: Role): Promise<User | undefined> {
  if (!claim.user) return undefined;
  let user = claim.user;
  try {
    await putItem(deps, { ...keys.user(user.clientId, user.id), ...user }, { ifAbsent: true });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Written before and maybe edited since: the directory row follows the stored user.
    user = (await getUser(deps, user.clientId, user.id)) ?? user;
  }
  await putDirectoryRow(deps, user);
  if (administers(user, role ?? (await getRole(deps, user.roleId))))
    await addAdministrator(deps, user.clientId, user.id);
  return user;
}

/**
 * The account is whole: the copy of the user leaves the claim, and the claim leaves the pending ones. A claim that is
 * gone stays gone: an update would otherwise make an item naming no user.
 */
export async function completeClaim(deps: Store, user: Pick<User, 'clientId' | 'login'>, mailSent: boolean) {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: claimKey(user),
        UpdateExpression: `REMOVE #user, GSI1PK, GSI1SK${mailSent ? ' SET mail = :sent' : ''}`,
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#user': 'user' },
        ExpressionAttributeValues: mailSent ? { ':sent': 'sent' } : undefined,
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Every claim whose account is not whole yet, of every client. */
export const listPendingClaims = (deps: Store) => queryAll<LoginClaim>(deps, keys.pendingAccounts, { index: 'GSI1' });

/** Creates a user without a mail (sign-up, the seed, tests): the claim, then the rest; 409 ALREADY_TAKEN. */
export async function createUser(deps: Store, user: User): Promise<void> {
  const outcome = await claimLogin(deps, user);
  if ('taken' in outcome) throw takenError(user.login);
  await materialise(deps, outcome.claimed);
  await completeClaim(deps, user, false);
}

/** The user of a login; an account still pending is made whole first (so its user can sign in at once). */
export async function findUserByLogin(deps: Store, clientId: number, login: string): Promise<User | undefined> {
  const claim = await readClaim(deps, clientId, login);
  if (!claim) return undefined;
  if (claim.user) {
    const user = await materialise(deps, claim);
    if (claim.mail !== 'pending') await completeClaim(deps, claim.user, false);
    return user;
  }
  return claim.userId === undefined ? undefined : getUser(deps, clientId, claim.userId);
}

/** Whether the login is taken in the client. */
export const loginIsTaken = async (deps: Store, clientId: number, login: string): Promise<boolean> =>
  (await readClaim(deps, clientId, login)) !== undefined;
