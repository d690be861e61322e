// The page's layout shifts, as a PerformanceObserver in the page reports them, for the CLS checks of late blocks.
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** The layout shifts the page has had, as a PerformanceObserver reports them. */
    layoutShifts: { value: number; hadRecentInput: boolean }[];
  }
}

/**
 * Records the layout shifts of every document the page loads from now on (call it before the page loads). Shifts
 * are counted from a mark by entry: the page's performance.now() runs on the test's installed clock, not the
 * entries'.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.layoutShifts.push(entry.toJSON());
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    /** A mark: the number of shifts so far. */
    mark: () => page.evaluate(() => window.layoutShifts.length),
    /** The shift the page has had since the mark, leaving out shifts right after the user's input (as CLS does). */
    since: (mark: number) =>
      page.evaluate(
        (from) =>
          window.layoutShifts
            .slice(from)
            .filter((entry) => !entry.hadRecentInput)
            .reduce((sum, entry) => sum + entry.value, 0),
        mark,
      ),
  };
}
