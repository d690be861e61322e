import { lazy, Suspense } from 'react';
import { hasLiveGame } from '@/lib/live';
import { useSelectedSportWeeks } from '@/lib/sport-selection';
import { useWeekBets } from '@/features/dashboard/api/get-week-bets';
import type { LiveNowBlockProps } from '@/features/dashboard/components/live-now-block';
import { NextStepRoom } from '@/features/dashboard/components/next-step-room';
import { Spinner } from '@/ui/spinner';

// What the call to action says is fetched beside the week; its room is part of the first load, kept meanwhile.
const NextStepBlock = lazy(async () => ({
  default: (await import('@/features/dashboard/components/next-step-block')).NextStepBlock,
}));

// Only game days show the block: its code stays out of the dashboard's first load.
const LiveNowBlock = lazy(async () => ({
  default: (await import('@/features/dashboard/components/live-now-block')).LiveNowBlock,
}));

/**
 * The top of a player's dashboard, about the week holding today: first what to do now (the call to action), then,
 * while a game of the week is under way and the player has picks in it, the player's live week points and rank and
 * each pick on a live game. One read of the player's week serves both.
 */
export function LiveNowCard(props: LiveNowBlockProps) {
  const weeks = useSelectedSportWeeks()?.weeks ?? [];
  const bets = useWeekBets(props.sportId, props.week.id);
  const rows = bets.data?.data ?? [];
  const live = hasLiveGame(rows) && rows.some((row) => row.id !== null);
  return (
    <>
      <Suspense
        fallback={
          <NextStepRoom headingId={undefined} busy className={props.className}>
            <Spinner label="Loading this week's picks…" />
          </NextStepRoom>
        }
      >
        <NextStepBlock
          slip={bets.data}
          weeks={weeks}
          failed={bets.error !== undefined && bets.data === undefined}
          className={props.className}
        />
      </Suspense>
      {live && (
        <Suspense fallback={null}>
          <LiveNowBlock {...props} />
        </Suspense>
      )}
    </>
  );
}
