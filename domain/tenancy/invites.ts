// Invite links (docs/rules.md, Invites): a client's commissioner makes links that let people sign up, for a number
// of days and, if set, a number of sign-ups. With invite-only sign-up on, nobody joins the client without one.

export interface Invite {
  id: number;
  clientId: number;
  /** The hash of the code the link carries; the code itself is shown once, when the link is made. */
  codeHash: string;
  createdAt: string;
  createdBy: number;
  expiresAt: string;
  /** How many sign-ups the link allows; null for any number until it expires. */
  maxUses: number | null;
  uses: number;
  /** Set when the link is withdrawn; it no longer works and leaves the list. */
  archivedAt?: string;
}

export const inviteDays = { default: 14, max: 90 } as const;
export const maxInviteUses = 10_000;

const dayMs = 24 * 60 * 60 * 1000;

/** Whether a link made at `createdAt` may still work at `now`: none works longer than the most days a link is made for. */
export const mayStillWork = (createdAt: string, now: Date) =>
  Date.parse(createdAt) > now.getTime() - inviteDays.max * dayMs;

/** When a link made now for `days` days stops working. */
export const inviteExpiry = (now: Date, days: number) => new Date(now.getTime() + days * dayMs).toISOString();

/** Why the invite cannot let someone join the client now, or undefined when it can. */
export function inviteRefusal(invite: Invite | undefined, clientId: number, now: Date): string | undefined {
  if (!invite || invite.clientId !== clientId || invite.archivedAt) return 'not valid';
  if (invite.expiresAt <= now.toISOString()) return 'expired';
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return 'used up';
  return undefined;
}

/** What a sign-up without a working invite is told at an invite-only client. */
export const inviteRequiredMessage = (clientName: string) =>
  `Sign-up at ${clientName} is by invitation only: open the invite link your commissioner sent you.`;

export const inviteNotValidMessage = (reason: string) =>
  `This invite link is ${reason}. Ask your commissioner for a new one.`;
