// Invite links: making, listing and withdrawing them, and whether sign-up at a client needs one.
import * as z from 'zod/mini';
import { inviteDays, maxInviteUses } from '../tenancy/invites.ts';
import { instant, int, message, nullableInt, text } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { count, id, optionalId } from './fields.ts';

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
  invalidates: ['inviteList'],
  secret: 'answer',
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
  summary:
    "The client's invite links that still work (newest first: neither withdrawn, expired nor used up), and whether sign-up needs one",
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
  invalidates: ['inviteList'],
  summary: 'Withdraws an invite link of the client: it stops working at once and leaves the list',
  request: z.object({ clientId: optionalId('clientId'), id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const setInviteOnly = defineContract({
  method: 'POST',
  path: '/Services/api/Client/set-invite-only',
  input: 'json',
  invalidates: ['inviteList', 'clientList'],
  summary: 'Turns invite-only sign-up on (sign-up needs a working invite link of the client) or off (open sign-up)',
  request: z.object({
    clientId: optionalId('clientId'),
    inviteOnly: z.boolean({ error: 'inviteOnly must be true or false' }),
  }),
  response: answer<{ clientId: number; inviteOnly: boolean }>(z.object({ clientId: int, inviteOnly: z.boolean() })),
  refusals: [404],
});

export const invitesContracts = {
  createInvite,
  inviteList,
  deleteInvite,
  setInviteOnly,
};
