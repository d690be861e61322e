import { formatSignedPoints } from '@/lib/format';
import type { LeaderboardRow, PickSlot } from '@/features/leaderboard/api/get-balance';

export const slotHeaders: Record<PickSlot, string> = {
  twentyPoint: '20pt',
  firstTenPoint: '10pt',
  secondTenPoint: '10pt',
  firstFivePoint: '5pt',
  secondFivePoint: '5pt',
  bonusPoint: 'Bonus Game',
};

/** A table row: a ranked row, or the caller's own row pinned above them. */
export interface TableRow extends LeaderboardRow {
  pinned: boolean;
}

export interface PointsColumn {
  key: string;
  header: string;
  value: (row: LeaderboardRow) => number;
  sortable?: boolean;
}

const regularColumn: PointsColumn = {
  key: 'regular',
  header: 'Regular Points',
  value: (row) => row.regularWonBetsSum,
};
const bonusColumn: PointsColumn = { key: 'bonus', header: 'Bonus Points', value: (row) => row.bonusWonBetsSum };
const weekColumn: PointsColumn = { key: 'week', header: 'Week Points', value: (row) => row.weekPoints, sortable: true };
const ytdColumn: PointsColumn = {
  key: 'ytd',
  header: 'YTD Points',
  value: (row) => row.totalSeasonBalance,
  sortable: true,
};
/** While games are on: the week's points if every live game ended now, ranked by the server's live index. */
const liveColumn: PointsColumn = { key: 'live', header: 'Live', value: (row) => row.liveWeekPoints, sortable: true };

/** The points columns in order; Week Points, Live (while shown) and YTD Points sort (the server ranks by them). */
export const pointsColumns = (live: boolean): PointsColumn[] =>
  live
    ? [regularColumn, bonusColumn, weekColumn, liveColumn, ytdColumn]
    : [regularColumn, bonusColumn, weekColumn, ytdColumn];

export function Points({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'points points--up' : value < 0 ? 'points points--down' : 'points'}>
      {formatSignedPoints(value)}
    </span>
  );
}

export function Rank({ rank }: { rank: number }) {
  return <span className={`rank rank--${Math.min(rank, 4)}`}>{rank}</span>;
}

/** The tags after a player's name: 'You' on the caller's rows, the missed-week penalty. */
export function PlayerTags({ row, currentUserId }: { row: LeaderboardRow; currentUserId: number }) {
  return (
    <>
      {row.userId === currentUserId && <span className="tag tag--you">You</span>}
      {row.penalty !== 0 && <span className="tag tag--penalty">Missed week {formatSignedPoints(row.penalty)}</span>}
    </>
  );
}
