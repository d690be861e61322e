import type { Permission } from '#domain/auth/permissions.ts';
import { holdsPermissions } from '@/lib/permissions';

export interface NavEntry {
  navPermissions: readonly Permission[];
  /** Whether the page is built (registered in the router). */
  built: boolean;
  /** A section of pages (Management): its item shows only while one of them would. */
  subpages?: readonly NavEntry[];
}

/**
 * An item shows when its page exists and the user holds every permission its nav entry needs; a section's
 * item shows when the user may open one of its pages.
 */
export function visibleNavItems<Entry extends NavEntry>(
  entries: readonly Entry[],
  user: { permissions: string },
): Entry[] {
  return entries.filter(
    (entry) =>
      entry.built &&
      holdsPermissions(user, entry.navPermissions) &&
      (entry.subpages === undefined || visibleNavItems(entry.subpages, user).length > 0),
  );
}

/** Room kept for the More button when some items do not fit. */
const moreWidth = 96;

/** How many items, of these widths, fit whole in the room; the rest go into a More menu. */
export function itemsThatFit(widths: readonly number[], room: number, gap: number): number {
  const total = widths.reduce((sum, width) => sum + width + gap, 0);
  if (total <= room) return widths.length;
  let used = moreWidth;
  const fitting = widths.findIndex((width) => (used += width + gap) > room);
  return fitting === -1 ? widths.length : fitting;
}
