// Web Push (docs/rules.md, Push notifications): the kinds of message a player may also have pushed to their devices,
// each turned on by the player in Profile → Notifications, and the limits of a player's devices and pushes.

/** Before a lock (Pick Reminders), a commissioner's nudge, an announcement with mail, a graded (closed) week. */
export const pushKinds = ['pickReminder', 'nudge', 'announcement', 'weekGraded'] as const;
export type PushKind = (typeof pushKinds)[number];

export const pushLimits = {
  /** Devices (subscriptions) a player keeps; a new one beyond replaces the one added longest ago. */
  subscriptions: 10,
  /** Pushes a player is sent in a minute; more are dropped (their mails still go). */
  perMinute: 5,
  /** The longest endpoint a browser's push service is taken at. */
  endpoint: 2000,
} as const;

/** The payload a service worker shows: the notification's title and text, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}
