import { Table, type SortState, type TableColumn } from '@/ui/table';
import { pickSlots, type LeaderboardRow } from '@/features/leaderboard/api/get-balance';
import type { TeamMapEntry } from '@/features/leaderboard/api/get-team-map';
import { PickCell } from './pick-cell';
import { PlayerTags, Points, pointsColumns, Rank, slotHeaders, type TableRow } from './leaderboard-cells';
import { StandingsTable } from './standings-table';
import '@/features/leaderboard/leaderboard.css';
import './leaderboard-table.css';

export const defaultLeaderboardSort: SortState = { key: 'week', direction: 'descending' };

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

/**
 * The week's table: with the picks shown, every pick in its column (a grid wider than a laptop, scrolling sideways
 * under the players); with them hidden, the standings, each row's picks a tap away (what a phone shows).
 */
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
  if (!showPicks)
    return (
      <StandingsTable
        caption={caption}
        rows={tableRows}
        currentUserId={currentUserId}
        teams={teams}
        live={live}
        sort={sort}
        onSortChange={onSortChange}
      />
    );
  const columns: TableColumn<TableRow>[] = [
    { key: 'rank', header: 'Rank', render: (row) => <Rank rank={row.rank} /> },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <span className="player">
          <span className="player__name">{row.userDisplayName}</span>
          <PlayerTags row={row} currentUserId={currentUserId} />
        </span>
      ),
    },
    { key: 'name', header: 'Name', render: (row) => `${row.firstName} ${row.lastName}`.trim() },
    ...pickSlots.map((slot) => ({
      key: slot,
      header: slotHeaders[slot],
      render: (row: TableRow) => (
        <PickCell cell={row[slot]} team={row[slot].teamId === null ? undefined : teams.get(row[slot].teamId)} />
      ),
    })),
    ...pointsColumns(live).map((column) => ({
      key: column.key,
      header: column.header,
      align: 'end' as const,
      sortValue: column.sortable ? column.value : undefined,
      render: (row: TableRow) => <Points value={column.value(row)} />,
    })),
  ];

  return (
    <div className={['leaderboard-table', live && 'leaderboard-table--live'].filter(Boolean).join(' ')}>
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
