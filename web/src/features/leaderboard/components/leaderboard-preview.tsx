import { Link } from 'react-router-dom';
import type { Week } from '#domain/season/weeks.ts';
import { formatSignedPoints, formatWeekRange } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { useTopOfWeek } from '@/features/leaderboard/api/get-balance';
import '@/features/leaderboard/leaderboard.css';
import './leaderboard-preview.css';

/** The dashboard shows the top 3 (docs/rules.md, Dashboard). */
const topCount = 3;

export interface LeaderboardPreviewProps {
  sportId: number;
  /** The week shown: the previous week on the dashboard. */
  week: Week;
  currentUserId: number;
}

/** The dashboard's Leaderboard block: the top 3 of a week, without their picks. */
export function LeaderboardPreview({ sportId, week, currentUserId }: LeaderboardPreviewProps) {
  const zone = useSportTimeZone();
  const { data: page, error } = useTopOfWeek(sportId, week.id, topCount);
  const data = page?.rows;
  useErrorToast(error);
  // Before any result is in, every player stands on zero: a top 3 of ties says nothing.
  const hasResults = data?.some((row) => row.weekPoints !== 0 || row.totalSeasonBalance !== 0) ?? false;
  return (
    <Card title="Leaderboard" actions={<Link to="/leaderboard">All results</Link>} className="leaderboard-preview">
      <p className="leaderboard-preview__week">
        Week {week.number} <span className="muted">· {formatWeekRange(week, zone)}</span>
      </p>
      {/* As tall as the top 3 whatever it says, so the blocks under it do not jump when it comes. */}
      <div className="leaderboard-preview__body">
        {data === undefined ? (
          error ? (
            <p className="muted">The leaderboard could not be loaded.</p>
          ) : (
            <div className="loading-block">
              <Spinner label="Loading the leaderboard…" />
            </div>
          )
        ) : !hasResults ? (
          <p className="muted">No results for Week {week.number} yet.</p>
        ) : (
          <ol className="podium" aria-label={`Top ${topCount} of Week ${week.number}`}>
            {data.map((row) => (
              <li
                key={row.userId}
                className={row.userId === currentUserId ? 'podium__row podium__row--you' : 'podium__row'}
              >
                <span className={`rank rank--${Math.min(row.rank, 4)}`}>
                  <span className="visually-hidden">Rank </span>
                  {row.rank}
                </span>
                <span className="podium__player">
                  <span className="podium__name">
                    {row.userDisplayName}
                    {row.userId === currentUserId && <span className="tag tag--you">You</span>}
                  </span>
                  <span className="podium__full-name">
                    {row.firstName} {row.lastName}
                  </span>
                </span>
                <span className="podium__points">
                  <span className="podium__week">{formatSignedPoints(row.weekPoints)}</span>
                  <span className="podium__ytd">YTD {formatSignedPoints(row.totalSeasonBalance)}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
