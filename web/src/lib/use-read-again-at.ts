import { useEffect } from 'react';
import type { BetList } from '#domain/contracts/bets.ts';
import { serverNow } from './server-clock';

/** A timer waits at most an hour, then looks again (a far moment is past what setTimeout takes). */
export const maxTimerMs = 60 * 60 * 1000;

/**
 * Reads a view again (`revalidate`) just after the first of `moments` (instants, server time) still to come: what its
 * answer says turns then, as bonus picks open at `bonusOpensAt` or a chosen week begins or ends, and nothing else
 * would read it again while the page stays open.
 */
export function useReadAgainAt(moments: readonly (string | null | undefined)[], revalidate: () => unknown) {
  const now = serverNow();
  const upcoming = moments.map((moment) => (moment ? Date.parse(moment) : NaN)).filter((moment) => moment > now);
  const next = upcoming.length ? Math.min(...upcoming) : undefined;
  useEffect(() => {
    if (next === undefined) return;
    const timer = window.setTimeout(() => void revalidate(), Math.min(next - serverNow() + 1000, maxTimerMs));
    return () => window.clearTimeout(timer);
  }, [next, revalidate]);
}

/** A week's bet list read again when its rules turn: bonus picks open, or the week begins or ends. */
export function useBetListTurns(list: BetList | undefined, revalidate: () => unknown) {
  useReadAgainAt([list?.bonusOpensAt, list?.week.beginDate, list?.week.endDate], revalidate);
}
