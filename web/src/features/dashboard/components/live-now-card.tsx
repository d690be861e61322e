import { lazy, Suspense } from 'react';
import { useGameUnderWay } from '@/lib/api/get-live-version';
import { hasLiveGame } from '@/lib/live';
import { useWeekBets } from '@/features/dashboard/api/get-week-bets';
import type { LiveNowBlockProps } from '@/features/dashboard/components/live-now-block';

// Only game days show the block: its code stays out of the dashboard's first load.
const LiveNowBlock = lazy(async () => ({
  default: (await import('@/features/dashboard/components/live-now-block')).LiveNowBlock,
}));

/**
 * The dashboard's game-day block: while a game of the current week is under way and the player has picks in it,
 * the player's live week points and rank and each pick on a live game. Nothing otherwise.
 */
export function LiveNowCard(props: LiveNowBlockProps) {
  // The player's own week is read only once the public live version says a game is under way.
  const underWay = useGameUnderWay(props.week.id);
  const rows = useWeekBets(props.sportId, underWay ? props.week.id : undefined).data?.data ?? [];
  const live = hasLiveGame(rows) && rows.some((row) => row.id !== null);
  return live ? (
    <Suspense fallback={null}>
      <LiveNowBlock {...props} />
    </Suspense>
  ) : null;
}
