import { formatSignedPoints } from '@/lib/format';
import { Table, type SortState, type TableColumn } from '@/ui/table';
import { pickSlots, type LeaderboardRow, type PickSlot } from '@/features/leaderboard/api/get-balance';
import type { TeamMapEntry } from '@/features/leaderboard/api/get-team-map';
import { PickCell } from './pick-cell';
import '@/features/leaderboard/leaderboard.css';
import './leaderboard-table.css';

const slotHeaders: Record<PickSlot, string> = {
  twentyPoint: '20pt',
  firstTenPoint: '10pt',
  secondTenPoint: '10pt',
  firstFivePoint: '5pt',
  secondFivePoint: '5pt',
  bonusPoint: 'Bonus Game',
};

/** The points columns; Week Points and YTD Points (and Live, while shown) are the sortable ones (the server ranks by them). */
const pointsColumns = [
  { key: 'regular', header: 'Regular Points', value: (row: LeaderboardRow) => row.regularWonBetsSum },
  { key: 'bonus', header: 'Bonus Points', value: (row: LeaderboardRow) => row.bonusWonBetsSum },
  { key: 'week', header: 'Week Points', value: (row: LeaderboardRow) => row.weekPoints, sortable: true },
  { key: 'ytd', header: 'YTD Points', value: (row: LeaderboardRow) => row.totalSeasonBalance, sortable: true },
];

/** While games are on: the week's points if every live game ended now, ranked by the server's live index. */
const liveColumn = {
  key: 'live',
  header: 'Live',
  value: (row: LeaderboardRow) => row.liveWeekPoints,
  sortable: true,
};

export const defaultLeaderboardSort: SortState = { key: 'week', direction: 'descending' };

/** A table row: a ranked row, or the caller's own row pinned above them. */
interface TableRow extends LeaderboardRow {
  pinned: boolean;
}

function Points({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'points points--up' : value < 0 ? 'points points--down' : 'points'}>
      {formatSignedPoints(value)}
    </span>
  );
}

export interface LeaderboardTableProps {
  caption: string;
  /** The loaded pages' rows, in rank order as the server sent them. */
  rows: readonly LeaderboardRow[];
  /** The caller's own row, pinned at the top wherever it stands. */
  me: LeaderboardRow | null;
  currentUserId: number;
  teams: ReadonlyMap<number, TeamMapEntry>;
  showPicks: boolean;
  /** A game of the week is live: the Live column shows. */
  live: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}

export function LeaderboardTable({
  caption,
  rows,
  me,
  currentUserId,
  teams,
  showPicks,
  live,
  sort,
  onSortChange,
}: LeaderboardTableProps) {
  const tableRows: TableRow[] = [
    ...(me ? [{ ...me, pinned: true }] : []),
    ...rows.map((row) => ({ ...row, pinned: false })),
  ];
  const columns: TableColumn<TableRow>[] = [
    {
      key: 'rank',
      header: 'Rank',
      render: (row) => <span className={`rank rank--${Math.min(row.rank, 4)}`}>{row.rank}</span>,
    },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <span className="player">
          <span className="player__name">{row.userDisplayName}</span>
          {row.userId === currentUserId && <span className="tag tag--you">You</span>}
          {row.penalty !== 0 && <span className="tag tag--penalty">Missed week {formatSignedPoints(row.penalty)}</span>}
        </span>
      ),
    },
    { key: 'name', header: 'Name', render: (row) => `${row.firstName} ${row.lastName}`.trim() },
    ...(showPicks
      ? pickSlots.map((slot) => ({
          key: slot,
          header: slotHeaders[slot],
          render: (row: TableRow) => (
            <PickCell cell={row[slot]} team={row[slot].teamId === null ? undefined : teams.get(row[slot].teamId)} />
          ),
        }))
      : []),
    ...(live ? [...pointsColumns.slice(0, 3), liveColumn, ...pointsColumns.slice(3)] : pointsColumns).map((column) => ({
      key: column.key,
      header: column.header,
      align: 'end' as const,
      sortValue: column.sortable ? column.value : undefined,
      render: (row: TableRow) => <Points value={column.value(row)} />,
    })),
  ];

  return (
    <div
      className={['leaderboard-table', !showPicks && 'leaderboard-table--compact', live && 'leaderboard-table--live']
        .filter(Boolean)
        .join(' ')}
    >
      <Table
        caption={caption}
        columns={columns}
        rows={tableRows}
        rowKey={(row) => (row.pinned ? `you-${row.userId}` : row.userId)}
        sort={sort}
        onSortChange={onSortChange}
        presorted
        rowClassName={(row) =>
          row.pinned ? 'is-highlighted is-pinned' : row.userId === currentUserId ? 'is-highlighted' : undefined
        }
        emptyText="No picks or results for this week yet."
      />
    </div>
  );
}
