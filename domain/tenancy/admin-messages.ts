// Messages to the administrators (docs/rules.md, Contact Admin): a member of a client writes to the client's company
// administrators (the users who administer it, auth/administrators.ts), who read them in the app and are mailed each
// once. A sender writes at most `messageLimits.perHour` in any hour.

export interface AdminMessage {
  id: number;
  clientId: number;
  issue: string;
  message: string;
  createdAt: string;
  senderId: number;
  senderLogin: string;
  senderName: string;
  senderEmail: string;
}

export const messageLimits = {
  /** The message's length, in characters. */
  text: 2000,
  /** Messages a sender may send in any hour. */
  perHour: 5,
  windowMs: 60 * 60 * 1000,
} as const;

/**
 * The sends of the last hour (oldest first) and, when they already fill it, how many seconds until the oldest leaves
 * the window and a new one may go; `wait` is undefined when one may go now.
 */
export function sendWindow(sentAt: readonly string[], now: Date): { recent: string[]; wait?: number } {
  const since = now.getTime() - messageLimits.windowMs;
  const recent = sentAt.filter((at) => Date.parse(at) > since).sort();
  if (recent.length < messageLimits.perHour) return { recent };
  const freeAt = Date.parse(recent[recent.length - messageLimits.perHour]!) + messageLimits.windowMs;
  return { recent, wait: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** The mail of a message to one administrator: who wrote, about what, and how to answer them. */
export function adminMessageMail(
  message: Pick<AdminMessage, 'issue' | 'message' | 'senderName' | 'senderLogin' | 'senderEmail'>,
  { clientName, siteUrl, adminName }: { clientName: string; siteUrl: string; adminName: string },
) {
  return {
    subject: `${clientName}: a message from ${message.senderName} (${message.issue})`,
    text: [
      `Hello ${adminName},`,
      '',
      `${message.senderName} (login ${message.senderLogin}) wrote to the administrators of ${clientName} about "${message.issue}":`,
      '',
      message.message,
      '',
      `Answer them at ${message.senderEmail}.`,
      `Every message to the administrators is at ${siteUrl}/#/messages`,
    ].join('\n'),
  };
}
