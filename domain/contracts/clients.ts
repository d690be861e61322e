// Tenant administration: clients, their sports, prizes and integration methods, and the users overview.
import * as z from 'zod/mini';
import type { Affiliate, ClientSport } from '../catalogue/types.ts';
import {
  type IntegrationMethod,
  loginCheckPurpose,
  methodTypes,
  passingParameterMethods,
  type Prize,
} from '../tenancy/client-settings.ts';
import { type LockKind, reminderHours } from '../processes/pick-locks.ts';
import { announcementLimits } from '../tenancy/announcements.ts';
import { inviteDays, maxInviteUses } from '../tenancy/invites.ts';
import {
  affiliate,
  type ClientRow,
  clientRow,
  clientSport,
  instant,
  int,
  integrationMethod,
  message,
  nullableInt,
  nullableText,
  page,
  prizeRow,
  text,
} from './answers.ts';

export type { ClientRow };
import { answer, defineContract, type Message } from './contract.ts';
import {
  amount,
  clientDomain,
  count,
  flag,
  id,
  limit,
  limits,
  longText,
  name,
  optionalId,
  optionalText,
  paging,
  pickDay,
  required,
} from './fields.ts';

export const clientList = defineContract({
  method: 'POST',
  path: '/Services/api/Client/list',
  input: 'form',
  summary: 'The clients that are not deleted, by name, paged (50 a page by default)',
  request: z.object(paging),
  response: answer<{ total: number; data: ClientRow[] }>(page(clientRow)),
});

export const createClient = defineContract({
  method: 'POST',
  path: '/Services/api/Client/create',
  input: 'form',
  summary: 'Creates a client with its domain, and its Bettor and Company Admin roles',
  request: z.object({ name: name('Client Name'), domain: clientDomain }),
  response: answer<ClientRow>(clientRow, 201),
  refusals: [409],
});

export const editClient = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit',
  input: 'form',
  summary: 'Renames a client or moves it to a new domain (the old one stays reserved)',
  request: z.object({ id: id('id'), name: name('Name'), domain: z.optional(clientDomain) }),
  response: answer<ClientRow>(clientRow),
  refusals: [404, 409],
});

export const deleteClient = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete',
  input: 'query',
  summary: 'Archives a client: it leaves the lists, its users cannot sign in, its data and domain are kept',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404, 409],
});

export interface RoleActivity {
  role: string;
  active: number;
  notActive: number;
  total: number;
}

const roleActivity: z.ZodMiniType<RoleActivity> = z.object({ role: text, active: int, notActive: int, total: int });

export const userActivity = defineContract({
  method: 'GET',
  path: '/Services/api/Client/user-activity',
  input: 'query',
  summary: "The client's users per role: active (picked in the sport this season) and not",
  request: z.object({ clientId: optionalId('clientId'), sportId: id('sportId') }),
  response: answer<{ total: number; users: RoleActivity[] }>(z.object({ total: int, users: z.array(roleActivity) })),
  refusals: [404],
});

const dayFlags = {
  allowMondayPicks: z.optional(flag),
  allowTuesdayPicks: z.optional(flag),
  allowWednesdayPicks: z.optional(flag),
  allowThursdayPicks: z.optional(flag),
  allowFridayPicks: z.optional(flag),
  allowSaturdayPicks: z.optional(flag),
  allowSundayPicks: z.optional(flag),
  firstBonusGameDay: z.optional(pickDay('firstBonusGameDay')),
  secondBonusGameDay: z.optional(pickDay('secondBonusGameDay')),
};

export const addClientSport = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-sport',
  input: 'form',
  summary: 'Gives a client a sport with an affiliate and pick days (Wed–Sun regular, Mon and Tue bonus by default)',
  request: z.object({
    clientId: id('clientId'),
    sportId: id('sportId'),
    affiliateId: id('affiliateId'),
    ...dayFlags,
  }),
  response: answer<ClientSport>(clientSport, 201),
  refusals: [404, 409],
});

export const editClientSport = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit-sport',
  input: 'form',
  summary: "Changes a client sport's pick days or affiliate (for games not started yet); fields left out stay",
  request: z.object({ id: id('id'), affiliateId: z.optional(id('affiliateId')), ...dayFlags }),
  response: answer<ClientSport>(clientSport),
  refusals: [404, 409],
});

export const deleteClientSport = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-sport',
  input: 'query',
  summary: "Hides a sport from the client's players; its picks and results are kept for when it is added back",
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const affiliateList = defineContract({
  method: 'GET',
  path: '/Services/api/Sport/affiliate-list',
  input: 'query',
  summary: 'The affiliates (line sources), of one sport or of all',
  request: z.object({ sportId: optionalId('sportId') }),
  response: answer<Affiliate[]>(z.array(affiliate)),
  refusals: [404],
});

export type PrizeRow = Omit<Prize, 'archivedAt'>;

export const prizeList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/prize-list',
  input: 'query',
  summary:
    "The client's prizes (another client's for a client manager): all of them for whoever may edit them, the active ones for a player",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<PrizeRow[]>(z.array(prizeRow)),
  refusals: [404],
});

const prizeFields = { name: name('Name'), cost: amount('Cost') };

export const addPrize = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-prize',
  input: 'form',
  summary: 'Adds a prize to a client',
  request: z.object({ clientId: id('clientId'), ...prizeFields }),
  response: answer<PrizeRow>(prizeRow, 201),
  refusals: [404],
});

export const editPrize = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit-prize',
  input: 'form',
  summary: "Changes a prize's name, cost or whether it is active",
  request: z.object({ id: id('id'), ...prizeFields, active: z.optional(flag) }),
  response: answer<PrizeRow>(prizeRow),
  refusals: [404],
});

export const deletePrize = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-prize',
  input: 'query',
  summary: 'Archives a prize: it leaves the list',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

/** An invite link as listed: its code is never answered again after it was made (only its hash is kept). */
export interface InviteRow {
  id: number;
  createdAt: string;
  expiresAt: string;
  /** null: any number of sign-ups until it expires. */
  maxUses: number | null;
  uses: number;
}

/** A link just made: the code and the sign-up address carrying it, shown this once. */
export interface CreatedInvite extends InviteRow {
  code: string;
  url: string;
}

const inviteRow = {
  id: int,
  createdAt: instant,
  expiresAt: instant,
  maxUses: nullableInt,
  uses: int,
};

export const createInvite = defineContract({
  method: 'POST',
  path: '/Services/api/Client/create-invite',
  input: 'json',
  summary: `Makes an invite link to sign up at the client, working for expiresInDays days (${inviteDays.default} by default, at most ${inviteDays.max}) and, if maxUses is set, that many sign-ups; the code is answered this once`,
  request: z.object({
    clientId: optionalId('clientId'),
    expiresInDays: z._default(
      count('expiresInDays').check(
        z.gte(1, 'expiresInDays must be at least 1'),
        z.lte(inviteDays.max, `expiresInDays is at most ${inviteDays.max}`),
      ),
      inviteDays.default,
    ),
    maxUses: z.optional(
      count('maxUses').check(
        z.gte(1, 'maxUses must be at least 1'),
        z.lte(maxInviteUses, `maxUses is at most ${maxInviteUses}`),
      ),
    ),
  }),
  response: answer<CreatedInvite>(z.object({ ...inviteRow, code: text, url: text }), 201),
  refusals: [404],
});

export const inviteList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/invite-list',
  input: 'query',
  summary: "The client's invite links that still exist (newest first), and whether sign-up needs one",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<{ inviteOnly: boolean; data: InviteRow[] }>(
    z.object({ inviteOnly: z.boolean(), data: z.array(z.object(inviteRow)) }),
  ),
  refusals: [404],
});

export const deleteInvite = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-invite',
  input: 'query',
  summary: 'Withdraws an invite link: it stops working at once and leaves the list',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const setInviteOnly = defineContract({
  method: 'POST',
  path: '/Services/api/Client/set-invite-only',
  input: 'json',
  summary: 'Turns invite-only sign-up on (sign-up needs a working invite link of the client) or off (open sign-up)',
  request: z.object({
    clientId: optionalId('clientId'),
    inviteOnly: z.boolean({ error: 'inviteOnly must be true or false' }),
  }),
  response: answer<{ clientId: number; inviteOnly: boolean }>(z.object({ clientId: int, inviteOnly: z.boolean() })),
  refusals: [404],
});

/** An announcement as players read it: plain text, shown as text. */
export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  createdAt: string;
  authorName: string;
  /** Whether the players were mailed it (those who turned announcement mails off were not). */
  sendEmail: boolean;
}

const announcementRow = {
  id: int,
  title: text,
  body: text,
  createdAt: instant,
  authorName: text,
  sendEmail: z.boolean(),
};

export interface AnnouncementsPage {
  data: AnnouncementRow[];
  /** Where the next, older page starts; null on the last page. */
  cursor: string | null;
  /** The newest announcement the caller has read (0 for none): the ones above it are unread. */
  readThrough: number;
}

export const addAnnouncement = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-announcement',
  input: 'json',
  summary: `Posts an announcement to the client's users (title at most ${announcementLimits.title}, body at most ${announcementLimits.body} characters of plain text); with sendEmail every active player is mailed it once by a job, whose id the answer carries`,
  request: z.object({
    clientId: optionalId('clientId'),
    title: name('Title', announcementLimits.title),
    body: longText('Body', announcementLimits.body),
    sendEmail: z._default(flag, false),
  }),
  response: answer<AnnouncementRow & { jobId: number | null }>(
    z.object({ ...announcementRow, jobId: nullableInt }),
    201,
  ),
  refusals: [404],
});

export const announcementList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/announcement-list',
  input: 'query',
  summary: "The caller's client's announcements, newest first, paged by cursor, and the newest one the caller has read",
  request: z.object({
    limit: limit(20, 50),
    cursor: z.optional(z.string().check(z.regex(/^\d{1,10}$/, 'cursor is not valid'))),
  }),
  response: answer<AnnouncementsPage>(
    z.object({ data: z.array(z.object(announcementRow)), cursor: nullableText, readThrough: int }),
  ),
});

export const readAnnouncements = defineContract({
  method: 'POST',
  path: '/Services/api/Client/read-announcements',
  input: 'json',
  summary:
    "Marks the caller's client's announcements read up to and including throughId, for the caller on every device",
  request: z.object({ throughId: id('throughId') }),
  response: answer<{ readThrough: number }>(z.object({ readThrough: int })),
  refusals: [404],
});

export const deleteAnnouncement = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-announcement',
  input: 'query',
  summary: 'Deletes an announcement: it leaves the list (mails already sent stay sent)',
  request: z.object({ clientId: optionalId('clientId'), id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

/** A reminder Pick Reminders will mail, before a lock of a client sport's week. */
export interface UpcomingReminder {
  sportId: number;
  sportName: string;
  weekNumber: number;
  /** The week's first kickoff, or the first kickoff of its last regular pick day. */
  lock: LockKind;
  lockAt: string;
  remindAt: string;
}

const hoursBefore = count('hoursBefore').check(
  z.gte(reminderHours.min, `hoursBefore must be at least ${reminderHours.min}`),
  z.lte(reminderHours.max, `hoursBefore is at most ${reminderHours.max}`),
);

export const reminderSettings = defineContract({
  method: 'GET',
  path: '/Services/api/Client/reminder-settings',
  input: 'query',
  summary:
    "How many hours before each lock of a week Pick Reminders mails the client's players missing picks, and the reminders ahead of this week and the next",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<{ hoursBefore: number; upcoming: UpcomingReminder[] }>(
    z.object({
      hoursBefore: int,
      upcoming: z.array(
        z.object({
          sportId: int,
          sportName: text,
          weekNumber: int,
          lock: z.enum(['week', 'lastDay']),
          lockAt: instant,
          remindAt: instant,
        }),
      ),
    }),
  ),
  refusals: [404],
});

export const setReminderHours = defineContract({
  method: 'POST',
  path: '/Services/api/Client/set-reminder-hours',
  input: 'json',
  summary: `Sets how many hours (${reminderHours.min}–${reminderHours.max}, ${reminderHours.default} by default) before each lock Pick Reminders mails the client's players missing picks`,
  request: z.object({ clientId: optionalId('clientId'), hoursBefore }),
  response: answer<{ clientId: number; hoursBefore: number }>(z.object({ clientId: int, hoursBefore: int })),
  refusals: [404],
});

export const methodList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/method-list',
  input: 'query',
  summary: "The client's integration methods; the header value only for callers who may edit them",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<IntegrationMethod[]>(z.array(integrationMethod)),
  refusals: [404],
});

const methodFields = {
  clientId: id('clientId'),
  methodPurpose: z._default(
    z.literal(loginCheckPurpose, { error: `The purpose must be '${loginCheckPurpose}'` }),
    loginCheckPurpose,
  ),
  methodType: z.enum(methodTypes, { error: 'Method type must be GET, POST or PUT' }),
  passingParameterMethod: z.enum(passingParameterMethods, {
    error: "Passing parameter method must be 'form-data', 'query', 'JSON body' or 'login in path'",
  }),
  url: required('Url', limits.url),
  parameterName: z._default(optionalText('Parameter name', limits.name), ''),
  requestBody: z._default(optionalText('Request body', limits.text), ''),
  headerName: z._default(optionalText('Header name', limits.name), ''),
  /** Left out on edit: the stored secret stays. */
  headerValue: optionalText('Header value', limits.text),
};

export const addMethod = defineContract({
  method: 'POST',
  path: '/Services/api/Client/add-method',
  input: 'json',
  summary: "Adds an integration method: the client's system that approves new logins",
  request: z.object(methodFields),
  response: answer<IntegrationMethod>(integrationMethod, 201),
  refusals: [404, 409],
});

export const editMethod = defineContract({
  method: 'POST',
  path: '/Services/api/Client/edit-method',
  input: 'json',
  summary: 'Changes an integration method; a header value left out keeps the stored one',
  request: z.object({ id: id('id'), ...methodFields }),
  response: answer<IntegrationMethod>(integrationMethod),
  refusals: [404, 409],
});

export const deleteMethod = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-method',
  input: 'query',
  summary: 'Deletes an integration method and its secret; sign-up is open again without one',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const clientsContracts = {
  clientList,
  createClient,
  editClient,
  deleteClient,
  userActivity,
  addClientSport,
  editClientSport,
  deleteClientSport,
  affiliateList,
  prizeList,
  addPrize,
  editPrize,
  deletePrize,
  createInvite,
  inviteList,
  deleteInvite,
  setInviteOnly,
  addAnnouncement,
  announcementList,
  readAnnouncements,
  deleteAnnouncement,
  reminderSettings,
  setReminderHours,
  methodList,
  addMethod,
  editMethod,
  deleteMethod,
};
