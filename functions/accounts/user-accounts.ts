// Creating users for an administrator: one (User/create) or thousands (the CSV import) (docs/rules.md, Users).
import { welcomeLinkLifetimeMs } from '#domain/auth/password-reset.ts';
import { type Client, type NewUser, type User, UserStatus } from '#domain/auth/user.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { mailPasswordLink } from '../http/auth/password-link.ts';
import { createUser, listAllRoles } from '../store/accounts.ts';
import { loginApprover, loginRefusal, type LoginApproval } from './login-approval.ts';

export type RefusalCode = 'LOGIN_TAKEN' | 'LOGIN_REFUSED' | 'DIRECTORY_UNAVAILABLE' | 'UNKNOWN_ROLE';

/** Per asked user, in the order asked: made, or refused with a reason a person can read. */
export type UserOutcome = { login: string; created: User } | { login: string; refused: string; code: RefusalCode };

const refusalCodes: Record<Exclude<LoginApproval, 'free'>, RefusalCode> = {
  taken: 'LOGIN_TAKEN',
  refused: 'LOGIN_REFUSED',
  unavailable: 'DIRECTORY_UNAVAILABLE',
};

/** Users created at once: the directory and the table are asked a few at a time, not thousands at once. */
const inFlight = 8;

/**
 * Creates users of the client: each role must be a live role of the client; each login is approved by the
 * client's login directory when it has one, and never created twice; each new user is mailed a link to choose
 * a password (no password exists until then). Built for one user (User/create) and for thousands (CSV import).
 */
export async function createUserAccounts(
  deps: Deps,
  client: Client,
  users: readonly NewUser[],
): Promise<UserOutcome[]> {
  const liveRoles = new Set(
    (await listAllRoles(deps)).filter((role) => role.clientId === client.id && !role.archivedAt).map((role) => role.id),
  );
  const approve = await loginApprover(deps, client);
  const dateCreated = deps.clock.now().toISOString();

  async function createOne(asked: NewUser): Promise<UserOutcome> {
    const { login } = asked;
    if (!liveRoles.has(asked.roleId))
      return { login, refused: `The role ${asked.roleId} does not exist in ${client.name}`, code: 'UNKNOWN_ROLE' };
    const approval = await approve(login);
    if (approval !== 'free')
      return { login, refused: loginRefusal(approval, login).message, code: refusalCodes[approval] };
    const { active, ...fields } = asked;
    const user: User = {
      ...fields,
      id: await deps.ids.next('user'),
      clientId: client.id,
      status: active ? UserStatus.Active : UserStatus.NotActive,
      // No password until the user chooses one through the mailed link: no password matches an empty hash.
      passwordHash: '',
      dateCreated,
    };
    try {
      await createUser(deps, user);
    } catch (error) {
      // Taken meanwhile (the same login twice in one list, or a sign-up at the same moment).
      if (error instanceof ConflictError) return { login, refused: error.message, code: 'LOGIN_TAKEN' };
      throw error;
    }
    // An inactive user cannot sign in, so gets no link; once active, "Forgot password" mails one.
    if (active) await mailLink(deps, client, user);
    return { login, created: user };
  }

  const outcomes = new Array<UserOutcome>(users.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < users.length; index = next++) outcomes[index] = await createOne(users[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, users.length) }, worker));
  return outcomes;
}

/** A mail that cannot be sent leaves the user created: "Forgot password" mails them a link later. */
async function mailLink(deps: Deps, client: Client, user: User) {
  try {
    await mailPasswordLink(deps, { client, user, kind: 'created', lifetimeMs: welcomeLinkLifetimeMs });
  } catch (error) {
    logger.error('The set-your-password mail of a new user could not be sent', { userId: user.id, error });
  }
}
