// The one-time link that lets a user choose a password: mailed when they ask for a reset, to a first
// administrator made by `npm run bootstrap-admin`, to a user an administrator creates, and to one an administrator
// sends it from the Users page (docs/rules.md, Password reset; Users). Only its hash is stored.
import { createHash } from 'node:crypto';
import { lifetimeText } from '#domain/auth/password-reset.ts';
import type { Client, User } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { putResetToken } from '../store/sign-in-security.ts';

export const hashOfLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const texts = {
  reset: (user: User, client: Client, lifetime: string) => ({
    subject: "Reset your Pick'em password",
    lines: [
      `Someone asked to reset the password of the login '${user.login}' at ${client.name}.`,
      `Open this link within ${lifetime} to choose a new password:`,
    ],
    after: 'If it was not you, ignore this mail; your password stays as it is.',
  }),
  welcome: (user: User, client: Client, lifetime: string) => ({
    subject: "Your Pick'em administrator account",
    lines: [
      `An administrator account with the login '${user.login}' was made for you at ${client.name}.`,
      `Open this link within ${lifetime} to choose your password (later, use "Forgot password" on the sign-in page):`,
    ],
    after: 'If you did not expect this mail, ignore it.',
  }),
  created: (user: User, client: Client, lifetime: string) => ({
    subject: `Your Pick'em account at ${client.name}`,
    lines: [
      `An administrator of ${client.name} made you an account with the login '${user.login}'.`,
      `Open this link within ${lifetime} to choose your password (later, use "Forgot password" on the sign-in page):`,
    ],
    after: 'If you did not expect this mail, ignore it.',
  }),
  resent: (user: User, client: Client, lifetime: string) => ({
    subject: `Choose your Pick'em password at ${client.name}`,
    lines: [
      `An administrator of ${client.name} sent you a link to choose a new password for the login '${user.login}'.`,
      `Open this link within ${lifetime} to choose it (later, use "Forgot password" on the sign-in page):`,
    ],
    after: 'If you did not expect this mail, ignore it; your password stays as it is.',
  }),
};

export async function mailPasswordLink(
  deps: Deps,
  link: { client: Client; user: User; kind: keyof typeof texts; lifetimeMs: number; mailId?: string },
) {
  const { client, user } = link;
  const token = deps.ids.secret();
  const expiresAt = new Date(deps.clock.now().getTime() + link.lifetimeMs).toISOString();
  const giveBackOlder = await putResetToken(deps, hashOfLinkToken(token), {
    clientId: client.id,
    userId: user.id,
    expiresAt,
  });
  const text = texts[link.kind](user, client, lifetimeText(link.lifetimeMs));
  // A mail that was not sent leaves the link mailed before working.
  await deps.mailer
    .send({
      ...(link.mailId ? { id: link.mailId } : {}),
      to: user.emailAddress,
      subject: text.subject,
      text: [
        `Hello ${user.displayName},`,
        '',
        ...text.lines,
        `${deps.siteUrl(client.domain)}/#/reset-password?token=${token}`,
        '',
        text.after,
      ].join('\n'),
    })
    .catch(async (error: unknown) => {
      await giveBackOlder();
      throw error;
    });
}
