// The notifications come from what happened (docs/rules.md, Notifications): a results note once the season has
// graded picks, never before. Which ones the user has read is kept in memory per user for this tab, shared by the
// bell and the notifications page.
import { useSyncExternalStore } from 'react';
import { selectWeeks } from '#domain/season/weeks.ts';
import { useStats, type Stats } from '@/lib/api/get-stats';
import { serverDate } from '@/lib/server-clock';
import { useSelectedSportWeeks, useSportSelection } from '@/lib/sport-selection';

export interface AppNotification {
  id: string;
  title: string;
  text: string;
}

/** The results note of a season's stats, or none while nothing is graded (a new pool, a new season). */
export function resultsNotification(stats: Stats | undefined): AppNotification | undefined {
  const graded = stats ? stats.totalWins + stats.totalLosses : 0;
  if (!stats || graded === 0) return undefined;
  const whose = stats.title === 'My Stats' ? 'Your graded picks' : "The pool's graded picks";
  return {
    // A new grading makes it a new, unread note.
    id: `results-${graded}`,
    title: 'Results are in',
    text: `${whose} this season: ${stats.totalWins} won, ${stats.totalLosses} lost. Open the leaderboard to see the points and where everyone ranks.`,
  };
}

/** The signed-in user's notifications for the selected sport, through today's week on the server's clock. */
export function useNotifications(): readonly AppNotification[] {
  const { sportId } = useSportSelection();
  const choice = useSelectedSportWeeks();
  const todayWeek = choice ? selectWeeks(choice.weeks, serverDate())?.selected : undefined;
  const stats = useStats(sportId, todayWeek?.id);
  const results = resultsNotification(stats.data);
  return results ? [results] : [];
}

const readByUser = new Map<number, ReadonlySet<string>>();
const listeners = new Set<() => void>();
const noneRead: ReadonlySet<string> = new Set();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markAllRead(userId: number, notifications: readonly AppNotification[]): void {
  const read = readByUser.get(userId) ?? noneRead;
  readByUser.set(userId, new Set([...read, ...notifications.map((notification) => notification.id)]));
  for (const listener of listeners) listener();
}

export function useReadNotifications(userId: number): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => readByUser.get(userId) ?? noneRead);
}
