import { useId } from 'react';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { Week } from '#domain/season/weeks.ts';
import { formatSignedPoints } from '@/lib/format';
import { UpdatedStamp } from '@/lib/updated-stamp';
import { Card } from '@/ui/card';
import { useErrorToast } from '@/ui/use-error-toast';
import { useLiveStanding } from '@/features/dashboard/api/get-live-standing';
import { useWeekBets } from '@/features/dashboard/api/get-week-bets';
import { byPointsThenBonus, PickList } from '@/features/dashboard/components/pick-row';
import './live-now-block.css';

export interface LiveNowBlockProps {
  sportId: number;
  /** The server's current week. */
  week: Week;
  /** Shows the live points and rank, read from the week's leaderboard. */
  showsStanding: boolean;
  className?: string;
}

/** The game-day block once it shows: the player's live week points and rank, and each pick on a live game. */
export function LiveNowBlock({ sportId, week, showsStanding, className }: LiveNowBlockProps) {
  const headingId = useId();
  const bets = useWeekBets(sportId, week.id);
  const picks = (bets.data?.data ?? []).filter((row) => row.id !== null);
  const standing = useLiveStanding(sportId, week.id, showsStanding);
  useErrorToast(standing.error);

  const livePicks = picks.filter((row) => row.eventStatus === GameStatus.Live).sort(byPointsThenBonus);
  const me = standing.data?.me;
  // The block is as current as the older of its two reads.
  const stamps = [bets.updatedAt, standing.updatedAt].filter((at) => at !== undefined);
  const updatedAt = stamps.length > 0 ? Math.min(...stamps) : undefined;
  return (
    <Card title="Live now" headingId={headingId} className={['live-now', className].filter(Boolean).join(' ')}>
      <p className="live-now__week muted">Week {week.number} · games under way</p>
      {showsStanding && (
        <dl className="live-now__figures">
          <div className="live-now__figure">
            <dt>Live points</dt>
            <dd>{me ? formatSignedPoints(me.liveWeekPoints) : '…'}</dd>
          </div>
          <div className="live-now__figure">
            <dt>Live rank</dt>
            <dd>{me && standing.data?.players ? `#${me.rank} of ${standing.data.players}` : '…'}</dd>
          </div>
        </dl>
      )}
      <UpdatedStamp at={updatedAt} />
      {livePicks.length === 0 ? (
        <p className="muted">None of your picks is on a game under way.</p>
      ) : (
        <PickList sportId={sportId} picks={livePicks} label={`My live picks in Week ${week.number}`} />
      )}
    </Card>
  );
}
