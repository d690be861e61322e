// A member's message to the client's administrators (Contact Admin, docs/rules.md): the form's rules and the calls
// that send one and list them for the administrators.
import * as z from 'zod/mini';
import { messageLimits } from '../tenancy/admin-messages.ts';
import { instant, int, nullableText, text } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { limit, longText } from './fields.ts';

export const supportIssues = [
  'Signing in or my account',
  'Picks and bets',
  'Scores and results',
  'Leaderboard and points',
  'Something else',
] as const;

/** What Contact Admin sends: the form checks it as the server does. */
export const contactAdminMessage = z.object({
  issue: z.enum(supportIssues, { error: 'Issue is required' }),
  message: longText('Message', messageLimits.text),
});

/** A message as its administrators read it. */
export interface AdminMessageRow {
  id: number;
  issue: string;
  message: string;
  createdAt: string;
  senderId: number;
  senderName: string;
  senderLogin: string;
  senderEmail: string;
}

export interface AdminMessagesPage {
  data: AdminMessageRow[];
  /** Where the next, older page starts; null on the last page. */
  cursor: string | null;
}

const messageRow = {
  id: int,
  issue: text,
  message: text,
  createdAt: instant,
  senderId: int,
  senderName: text,
  senderLogin: text,
  senderEmail: text,
};

export const contactAdmin = defineContract({
  method: 'POST',
  path: '/Services/api/Client/contact-admin',
  input: 'json',
  invalidates: ['adminMessageList'],
  summary: `Sends a message (an issue and at most ${messageLimits.text} characters) to the company administrators of the caller's client: listed for them and mailed to each once; at most ${messageLimits.perHour} an hour per sender`,
  request: contactAdminMessage,
  response: answer<{ id: number; message: string }>(z.object({ id: int, message: text }), 201),
  refusals: [429],
});

export const adminMessageList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/admin-message-list',
  input: 'query',
  summary: "The messages sent to the caller's client's administrators, newest first, paged by cursor",
  request: z.object({
    limit: limit(20, 50),
    cursor: z.optional(z.string().check(z.regex(/^\d{1,10}$/, 'cursor is not valid'))),
  }),
  response: answer<AdminMessagesPage>(z.object({ data: z.array(z.object(messageRow)), cursor: nullableText })),
});

export const supportContracts = { contactAdmin, adminMessageList };
