// PLACEHOLDER: the users-API helper implements this; the CSV import calls it.
import type { Client, User } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';

/** A user an administrator (or a CSV line) asks for; already validated field by field. */
export interface NewUser {
  login: string;
  emailAddress: string;
  displayName: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phoneNumber: string;
  roleId: number;
  active: boolean;
}

export type RefusalCode = 'LOGIN_TAKEN' | 'LOGIN_REFUSED' | 'DIRECTORY_UNAVAILABLE' | 'UNKNOWN_ROLE';

/** Per asked user, in the order asked: made, or refused with a reason a person can read. */
export type UserOutcome = { login: string; created: User } | { login: string; refused: string; code: RefusalCode };

/**
 * Creates users of the client: each role must be a live role of the client; each login is approved by the
 * client's login directory when it has one, and never created twice; each new user is mailed a link to choose
 * a password (no password exists until then). Built for one user (User/create) and for thousands (CSV import).
 */
export async function createUserAccounts(
  _deps: Deps,
  _client: Client,
  _users: readonly NewUser[],
): Promise<UserOutcome[]> {
  throw new Error('not built yet');
}
