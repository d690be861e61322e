import { useEffect } from 'react';
import type { BetList } from '#domain/contracts/bets.ts';
import { atServerMoments } from './server-clock';

/** How long after a moment its view is read again: past it on a server clock a little ahead of ours. */
const afterMs = 1000;

/**
 * Reads a view again (`revalidate`) just after each of `moments` (instants, server time) still to come: what its
 * answer says turns then, as bonus picks open at `bonusOpensAt` or a chosen week begins or ends, and nothing else
 * would read it again while the page stays open. A far moment is waited for an hour at a time.
 */
export function useReadAgainAt(moments: readonly (string | null | undefined)[], revalidate: () => unknown) {
  const instants = moments.filter(Boolean).join(' ');
  useEffect(() => {
    const readAt = instants ? instants.split(' ').map((instant) => Date.parse(instant) + afterMs) : [];
    const nextAfter = (now: number) => {
      const next = Math.min(...readAt.filter((moment) => moment > now));
      return Number.isFinite(next) ? next : undefined;
    };
    return atServerMoments(nextAfter, () => void revalidate());
  }, [instants, revalidate]);
}

/**
 * A week's bet list read again when its rules turn: bonus picks open, or the week begins or ends. Its ETag turns
 * then too (a last-day bonus opening of any minute is on the client sport's stamp), so the read stays conditional.
 */
export const useBetListTurns = (list: BetList | undefined, revalidate: () => unknown) =>
  useReadAgainAt([list?.bonusOpensAt, list?.week.beginDate, list?.week.endDate], revalidate);
