// User accounts: sign-up, the login check, profile edits and the user list.
import * as z from 'zod/mini';
import { type User, type UserPayload, UserStatus } from '../auth/user.ts';
import { reminderTimings } from '../processes/pick-locks.ts';
import { pushKinds } from '../push/push-kinds.ts';
import { instant, int, message, page, text, userPayload, userStatus } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { type QueuedJob, queuedJob } from './jobs.ts';
import { ownValue } from '../own-value.ts';
import {
  domain,
  email,
  flag,
  id,
  limits,
  login,
  name,
  optionalId,
  optionalName,
  optionalPhone,
  optionalText,
  paging,
  phone,
  required,
  searchText,
} from './fields.ts';
import { newPassword, passwordNotLogin, passwordsMatch, repeatPassword } from './password-fields.ts';

/** Sign-up's fields; the sign-up page validates with the same schema. */
export const registrationForm = z
  .object({
    login,
    emailAddress: email,
    password: newPassword('Password'),
    repeatPassword,
    displayName: name('Display name'),
    firstName: name('First name'),
    lastName: name('Last name'),
    phoneNumber: phone,
    domain,
    /** The code of an invite link (docs/rules.md, Invites): needed where sign-up is invite-only. */
    inviteCode: optionalText('inviteCode', limits.token),
  })
  .check(passwordsMatch('password'), passwordNotLogin('password'));

export const register = defineContract({
  method: 'POST',
  path: '/Services/api/User/registration',
  input: 'json',
  invalidates: [],
  summary: 'Signs up a new player of the client the domain names',
  request: registrationForm,
  response: answer<UserPayload>(userPayload, 201),
  refusals: [404, 409, 429],
});

/** What the sign-up page is told on arrival (docs/rules.md, Invites). */
export interface SignUpRules {
  clientName: string;
  inviteOnly: boolean;
  /** Only when a code was asked about: whether it works at this client now, and if not, why (said to the visitor). */
  invite?: { works: boolean; message?: string };
}

export const signUpRules = defineContract({
  method: 'GET',
  path: '/Services/api/User/sign-up-rules',
  input: 'query',
  summary:
    'What the sign-up page says before anything is typed: the name of the client the domain names, whether sign-up there needs an invite link, and whether the invite code given works there (a code of another client is as unknown as a forged one)',
  request: z.object({ domain, inviteCode: optionalText('inviteCode', limits.token) }),
  response: answer<SignUpRules>(
    z.object({
      clientName: text,
      inviteOnly: z.boolean(),
      invite: z.optional(z.object({ works: z.boolean(), message: z.optional(text) })),
    }),
  ),
  refusals: [404],
});

export const checkLogin = defineContract({
  method: 'GET',
  path: '/Services/api/User/check-login',
  input: 'query',
  summary: 'Answers 200 when the login is free in the client, 409 when it is taken',
  request: z.object({ login, domain }),
  response: answer<{ login: string; available: true }>(z.object({ login: text, available: z.literal(true) })),
  refusals: [404, 409, 429],
});

/** The profile page's fields; roleId changes need the permission to manage users. */
export const profileForm = z.object({
  id: id('id'),
  displayName: name('Display name'),
  firstName: name('First name'),
  lastName: name('Last name'),
  middleName: optionalName('Middle name'),
  phoneNumber: optionalPhone,
  roleId: z.optional(id('roleId')),
  pickReminders: z.optional(flag), // whether Pick Reminders mails the user; left out keeps it as it is
  /** Before which locks Pick Reminders mails the user: the week's first ('week') or each ('days'). */
  pickReminderTiming: z.optional(
    z.enum(reminderTimings as ['week', 'days'], { error: "pickReminderTiming must be 'week' or 'days'" }),
  ),
  /** Whether announcements are mailed to the user; left out keeps it as it is. */
  announcementMails: z.optional(flag),
  /** The kinds of message also pushed to the user's devices, all of them; left out keeps them as they are. */
  push: z.optional(
    z
      .array(z.enum(pushKinds, { error: `push holds only ${pushKinds.join(', ')}` }))
      .check(z.maxLength(pushKinds.length, `push holds at most ${pushKinds.length} kinds`)),
  ),
});

export const editUser = defineContract({
  method: 'POST',
  path: '/Services/api/User/edit',
  input: 'json',
  // The signed-in user may be the one edited (the header's name), and Missing Picks lists names.
  invalidates: ['userList', 'currentUser', 'missingPicks'],
  summary: "Edits the caller's own profile (needs 'view own profile', 4), or another's (needs 2, 'modify users')",
  // A name left out stays: the Edit User dialog sends the names changed, so it undoes no rename made since it opened.
  request: z.extend(z.partial(profileForm, { displayName: true, firstName: true, lastName: true }), {
    clientId: optionalId('clientId'), // the user's: another than the caller's only for a client manager (Client scope)
    active: z.optional(z.boolean({ error: 'active must be true or false' })), // another's; false ends their sessions
    emailAddress: z.optional(email), // another's (one's own is read-only); voids the reset links mailed before
  }),
  response: answer<UserPayload>(userPayload),
  refusals: [404, 409],
});

const userOrder = {
  id: 'id',
  firstname: 'firstName',
  middlename: 'middleName',
  lastname: 'lastName',
  phonenumber: 'phoneNumber',
  email: 'emailAddress',
  emailaddress: 'emailAddress',
} as const;

export type UserListRow = Omit<User, 'passwordHash' | 'status'> & {
  active: User['status'];
  client: string;
  role: string;
  roleDeleted?: true; // the role was deleted under the user (docs/invariants.md, inv-2b): refused until given another
  outranksYou?: true; // the role holds a permission the caller lacks: the user's role and status are not theirs
};

const userListRow: z.ZodMiniType<UserListRow> = z.object({
  id: int,
  clientId: int,
  login: text,
  displayName: text,
  emailAddress: text,
  firstName: text,
  lastName: text,
  middleName: text,
  phoneNumber: text,
  roleId: int,
  dateCreated: instant,
  tokenVersion: z.optional(int),
  deletedAt: z.optional(instant),
  pickReminders: z.optional(z.boolean()),
  pickReminderTiming: z.optional(z.enum(['week', 'days'])),
  announcementMails: z.optional(z.boolean()),
  push: z.optional(z.array(z.enum(pushKinds))),
  active: userStatus,
  client: text,
  role: text,
  roleDeleted: z.optional(z.literal(true)),
  outranksYou: z.optional(z.literal(true)),
});

const statusMessage = `active must be ${UserStatus.Active} (Active), ${UserStatus.NotActive} (Not active) or ${UserStatus.ConfirmationRequired} (Confirmation required)`;

/** A user status, as a JSON number or written in digits; a blank means no filter. */
const optionalStatus = z.optional(
  z.pipe(
    z.union([z.number(), z.string()], { error: statusMessage }),
    z.transform((value, context) => {
      if (value === '') return undefined;
      const status = typeof value === 'number' ? value : /^\d$/.test(value) ? Number(value) : NaN;
      if ((Object.values(UserStatus) as number[]).includes(status)) return status as UserStatus;
      context.issues.push({ code: 'custom', message: statusMessage, input: value });
      return z.NEVER;
    }),
  ),
);

export const userList = defineContract({
  method: 'POST',
  path: '/Services/api/User/list',
  input: 'form',
  read: true,
  summary: "The client's users, filtered, searched (at most 200 found by each field, else `more`), ordered, paged",
  request: z.object({
    id: optionalId('id'),
    orderBy: z.pipe(
      optionalText('orderBy', limits.search),
      z.transform((value, context) => {
        const order = ownValue(userOrder, (value ?? 'id').replace(/\s+/g, '').toLowerCase());
        if (order) return order;
        context.issues.push({ code: 'custom', message: `Users cannot be ordered by '${value}'`, input: value });
        return z.NEVER;
      }),
    ),
    clientId: optionalId('clientId'),
    roleId: optionalId('roleId'),
    active: optionalStatus,
    search: searchText,
    ...paging,
  }),
  response: answer<{ total: number; data: UserListRow[]; more?: true }>(
    z.extend(page(userListRow), { more: z.optional(z.literal(true)) }),
  ),
  refusals: [404],
});

/** The fields an administrator fills to create a user (player-side spec: create user). */
export const newUserForm = z.object({
  login,
  emailAddress: email,
  displayName: name('Display name'),
  firstName: name('First name'),
  lastName: name('Last name'),
  middleName: optionalName('Middle name'),
  phoneNumber: optionalPhone,
  /** Another client only for a holder of 'delete clients' (16); the creator's own otherwise. */
  clientId: optionalId('clientId'),
  domain,
  /** The client's Bettor role when left out; another role only for a holder of 16. */
  roleId: optionalId('roleId'),
  /** New users are created active unless this says otherwise. */
  active: z.optional(flag),
});

export const createUser = defineContract({
  method: 'POST',
  path: '/Services/api/User/create',
  input: 'form',
  invalidates: ['userList', 'missingPicks', 'checkLogin'],
  summary:
    'Creates a user of the client, approved by its login directory when it has one, and mails a set-your-password link',
  request: newUserForm,
  response: answer<UserListRow>(userListRow, 201),
  refusals: [404, 409, 429],
});

export const deleteUser = defineContract({
  method: 'DELETE',
  path: '/Services/api/User/delete',
  input: 'query',
  invalidates: ['userList', 'missingPicks'],
  summary: 'Deletes (archives) a user: no more sign-in, gone from the lists; their picks and results stay',
  request: z.object({ id: id('id'), clientId: optionalId('clientId') }),
  response: answer<Message>(message),
  refusals: [404, 409],
});

export const sendUserPasswordLink = defineContract({
  method: 'POST',
  path: '/Services/api/User/send-password-link',
  input: 'form',
  invalidates: ['userList'],
  summary:
    'Mails an active user of the client a new link to choose their password (voiding older links); once per user in 5 minutes, 429 sooner',
  request: z.object({ userId: id('userId'), clientId: optionalId('clientId') }),
  response: answer<Message>(message),
  refusals: [404, 409, 429],
});

export const importUsers = defineContract({
  method: 'POST',
  path: '/Services/api/User/load-users-csv',
  // JSON: a form would send each '+', '/' and '=' of the base64 as three bytes, past what a Lambda function takes.
  input: 'json',
  invalidates: ['importJobList'],
  jobInvalidates: ['importJobList', 'userList', 'missingPicks', 'checkLogin'],
  summary: 'Starts importing users from a CSV file (base64): 202 with the job, whose report lists every refused line',
  request: z.object({
    clientId: optionalId('clientId'),
    file: required('file', limits.csvBase64),
  }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404],
});

export const usersContracts = {
  register,
  signUpRules,
  checkLogin,
  editUser,
  userList,
  createUser,
  deleteUser,
  sendUserPasswordLink,
  importUsers,
};
