import { Link } from 'react-router-dom';
import type { Week } from '#domain/season/weeks.ts';
import { formatWeekRange } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { UpdatedStamp } from '@/lib/updated-stamp';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { useWeekBets } from '@/features/dashboard/api/get-week-bets';
import { byPointsThenBonus, PickList } from '@/features/dashboard/components/pick-row';
import './my-picks-preview.css';

export interface MyPicksPreviewProps {
  sportId: number;
  /** The previous week. */
  week: Week;
  /** Links to the My Picks page, when it exists. */
  showAllLink: boolean;
}

/** The dashboard's My Picks block: the player's picks of the previous week and how they did. */
export function MyPicksPreview({ sportId, week, showAllLink }: MyPicksPreviewProps) {
  const zone = useSportTimeZone();
  const bets = useWeekBets(sportId, week.id);
  useErrorToast(bets.error);
  const picks = (bets.data?.data ?? []).filter((row) => row.id !== null).sort(byPointsThenBonus);
  return (
    <Card
      title="My Picks"
      actions={showAllLink ? <Link to="/my-picks">See all</Link> : undefined}
      className="my-picks-preview"
    >
      <p className="my-picks-preview__week">
        Week {week.number} <span className="muted">· {formatWeekRange(week, zone)}</span>
      </p>
      <UpdatedStamp at={bets.updatedAt} />
      {bets.data === undefined ? (
        bets.error ? (
          <p className="muted">Your picks could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading your picks…" />
          </div>
        )
      ) : picks.length === 0 ? (
        <p className="muted">You made no picks in Week {week.number}.</p>
      ) : (
        <PickList sportId={sportId} picks={picks} label={`My picks in Week ${week.number}`} />
      )}
    </Card>
  );
}
