// Reset links (docs/rules.md, Password reset): valid one hour, only the newest of a user works, and a login
// gets at most three mails an hour; asking beyond that answers the same but mails nothing.
export const resetLinkLifetimeMs = 60 * 60 * 1000;
/** The first link of an administrator made from the command line: they may not read their mail within the hour. */
export const welcomeLinkLifetimeMs = 24 * 60 * 60 * 1000;
export const resetMailsPerWindow = 3;
/** An administrator mails a user a set-password link from the Users page at most once in this long per user. */
export const userLinkMailIntervalMs = 5 * 60 * 1000;

/** A link's lifetime as the mail and the page both say it: 'one hour', 'a day', '3 hours'. */
export function lifetimeText(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours === 1) return 'one hour';
  if (hours === 24) return 'a day';
  return `${hours} hours`;
}
export const resetMailWindowMs = 60 * 60 * 1000;

/** Whether the mail that makes `mailsInWindow` (itself included) in the current window may be sent. */
export const resetMailAllowed = (mailsInWindow: number) => mailsInWindow <= resetMailsPerWindow;

/** Seconds until a user may be mailed an administrator's link again, given when the last one went; 0 when now. */
export function userLinkRetryAfterSeconds(lastSentAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(lastSentAt) + userLinkMailIntervalMs - now.getTime()) / 1000));
}

/** How long after a link was used the same reset, asked again, may finish it (its answer lost, or a fault after). */
export const resetRetryMs = 10 * 60 * 1000;
