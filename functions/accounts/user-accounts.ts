// Creating users for an administrator: one (User/create) or thousands (the CSV import) (docs/rules.md, Users).
import { welcomeLinkLifetimeMs } from '#domain/auth/password-reset.ts';
import { type Client, isActiveMember, type NewUser, type Role, type User, UserStatus } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { mailPasswordLink } from './password-link.ts';
import { getClient } from '../store/clients.ts';
import { liveRoleOf } from '../store/roles.ts';
import { getUser } from '../store/users.ts';
import { jobLeaseMs } from '../store/job-records.ts';
import {
  claimLogin,
  completeClaim,
  type LoginClaim,
  listPendingClaims,
  materialise,
  readClaim,
} from '../store/account-claims.ts';
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
  /** Per user, what makes it (an import's job and line), kept on the claim so a resumed import knows its own. */
  originOf: (index: number) => string | undefined = () => undefined,
): Promise<UserOutcome[]> {
  // Each role the users name is read once, however many users name it.
  const roles = new Map<number, Promise<Role | undefined>>();
  const liveRole = (roleId: number) => {
    if (!roles.has(roleId)) roles.set(roleId, liveRoleOf(deps, client.id, roleId));
    return roles.get(roleId)!;
  };
  const approve = await loginApprover(deps, client);

  /**
   * The account an earlier attempt made, which counts as created, as in a run that never stopped: this job's (its
   * origin) from before a crash, or a change asked again after its answer was lost (its request key draws the same id).
   */
  async function ownEarlier(
    claim: LoginClaim | undefined,
    origin: string | undefined,
    id: number | undefined,
    role: Role,
  ) {
    if (!claim || (claim.userId !== id && (origin === undefined || claim.origin !== origin))) return undefined;
    return claim.user ? finishAccount(deps, client, claim, role) : getUser(deps, client.id, claim.userId);
  }

  async function createOne(asked: NewUser, index: number): Promise<UserOutcome> {
    const origin = originOf(index);
    const { login } = asked;
    const role = await liveRole(asked.roleId);
    if (!role)
      return { login, refused: `The role ${asked.roleId} does not exist in ${client.name}`, code: 'UNKNOWN_ROLE' };
    // A single create's id is drawn first: asked again under its request key it draws the same id, and so knows its
    // own account. An import knows its own by its origin, and draws none for the lines refused.
    const drawn = origin === undefined ? await deps.ids.next('user') : undefined;
    const approval = await approve(login);
    if (approval === 'taken') {
      const earlier = await ownEarlier(await readClaim(deps, client.id, login), origin, drawn, role);
      if (earlier) return { login, created: earlier };
    }
    if (approval !== 'free')
      return { login, refused: loginRefusal(approval, login).message, code: refusalCodes[approval] };
    const { active, ...fields } = asked;
    const id = drawn ?? (await deps.ids.next('user'));
    const user: User = {
      ...fields,
      id,
      clientId: client.id,
      status: active ? UserStatus.Active : UserStatus.NotActive,
      // No password until the user chooses one through the mailed link: no password matches an empty hash.
      passwordHash: '',
      // Its claim's moment: the upkeep leaves a claim younger than a job's lease to its creator (finishPendingAccounts).
      dateCreated: deps.clock.now().toISOString(),
    };
    // An inactive user cannot sign in, so gets no link; once active, "Forgot password" mails one.
    const outcome = await claimLogin(deps, user, {
      ...(active ? { mail: 'pending' as const } : {}),
      ...(origin === undefined ? {} : { origin }),
    });
    if ('claimed' in outcome) return { login, created: await finishAccount(deps, client, outcome.claimed, role) };
    const earlier = await ownEarlier(outcome.taken, origin, id, role);
    if (earlier) return { login, created: earlier };
    // Taken meanwhile (the same login twice in one list, or a sign-up at the same moment).
    return { login, refused: `The login '${login}' is already taken`, code: 'LOGIN_TAKEN' };
  }

  const outcomes = new Array<UserOutcome>(users.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < users.length; index = next++)
      outcomes[index] = await createOne(users[index]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, users.length) }, worker));
  return outcomes;
}

/**
 * Makes a committed account whole: the user item and directory row, then the set-password mail the claim owes
 * (sent under a stable id, so a resend after a crash replaces the first, and marked sent). A mail that cannot be
 * sent now stays owed: the claim stays pending and the start-up check sends it.
 */
async function finishAccount(deps: Deps, client: Client, claim: LoginClaim, role?: Role): Promise<User> {
  const user = (await materialise(deps, claim, role))!;
  // Made not active (or deleted) before the owed mail went: none goes (docs/rules.md, Users), and none stays owed.
  const owed = claim.mail === 'pending' && isActiveMember(user);
  if (owed) {
    try {
      await mailPasswordLink(deps, {
        client,
        user,
        kind: 'created',
        lifetimeMs: welcomeLinkLifetimeMs,
        mailId: `account-${client.id}-${user.id}`,
      });
    } catch (error) {
      logger.error('The set-your-password mail of a new user could not be sent', { userId: user.id, error });
      return user;
    }
  }
  await completeClaim(deps, user, owed);
  return user;
}

/**
 * The start-up check and the minute's upkeep: finishes every account a crash left pending (its user, directory row and mail); answers how
 * many. The index only points: each claim is read again, as an index may name a claim that is whole since (DynamoDB's
 * indexes lag) or one never stored (a kill between the local database's index write and its item write).
 */
export async function finishPendingAccounts(deps: Deps): Promise<number> {
  let finished = 0;
  // A claim younger than a job's lease may be its creator's, still at work (a users CSV import mailing): finished
  // here too, it would be mailed twice, the first mail's link voided by the second.
  const madeBefore = deps.clock.now().getTime() - jobLeaseMs;
  for (const listed of await listPendingClaims(deps)) {
    if (!listed.user || Date.parse(listed.user.dateCreated) > madeBefore) continue;
    const claim = await readClaim(deps, listed.user.clientId, listed.user.login);
    const client = claim?.user && (await getClient(deps, claim.user.clientId));
    if (!claim || !client) continue;
    await finishAccount(deps, client, claim);
    finished += 1;
  }
  return finished;
}
