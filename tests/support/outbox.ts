// What the stack mailed: the local SES writes each mail as an .eml file in the stack's outbox folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The mails that carry a password link (a reset, a new account, a set-password link; functions/accounts/password-link.ts).
 * A test of those reads only them: on the real clock a pick reminder reaches a demo player whenever the run passes the
 * minute one is due.
 */
export const passwordLinkMail =
  /^Subject: (Reset your Pick'em password|Your Pick'em administrator account|Your Pick'em account at |Choose your Pick'em password at )/m;

/** Every mail in the outbox (whose text matches, when given), oldest first, as text; none before the first. */
export function outboxMails(outboxDir: string, matching?: RegExp): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(join(outboxDir, file), 'utf8'))
    .filter((mail) => !matching || matching.test(mail));
}

/** Every mail in the outbox addressed to the address (and, when given, whose text matches), oldest first. */
export const mailsTo = (outboxDir: string, address: string, matching?: RegExp): string[] =>
  outboxMails(outboxDir, matching).filter((mail) => mail.includes(`To: ${address}`));

/** The newest such mail, as text. */
export const lastMailTo = (outboxDir: string, address: string, matching?: RegExp): string | undefined =>
  mailsTo(outboxDir, address, matching).at(-1);

/** How many mails each address received (whose text matches, when given). */
export function mailsByAddress(outboxDir: string, matching?: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of outboxMails(outboxDir, matching)) {
    const to = /^To: (.+)$/m.exec(mail)?.[1] ?? '';
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}
