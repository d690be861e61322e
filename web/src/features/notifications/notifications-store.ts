// The notifications are static for now (a weekly-results message). Which ones the user has
// read is kept in memory per user for this tab, shared by the bell and the notifications page.
import { useSyncExternalStore } from 'react';

export interface AppNotification {
  id: string;
  title: string;
  text: string;
}

export const notifications: readonly AppNotification[] = [
  {
    id: 'weekly-results',
    title: 'Weekly results are in',
    text: 'Last week’s games are graded. Open the leaderboard to see your points and where you rank.',
  },
];

const readByUser = new Map<number, ReadonlySet<string>>();
const listeners = new Set<() => void>();
const noneRead: ReadonlySet<string> = new Set();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markAllRead(userId: number): void {
  readByUser.set(userId, new Set(notifications.map((notification) => notification.id)));
  for (const listener of listeners) listener();
}

export function useReadNotifications(userId: number): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => readByUser.get(userId) ?? noneRead);
}
