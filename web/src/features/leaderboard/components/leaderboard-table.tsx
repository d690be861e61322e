import { useMemo } from 'react';
import { rankBy } from '#domain/scoring/week-scores.ts';
import { formatSignedPoints } from '@/lib/format';
import { Table, type SortState, type TableColumn } from '@/ui/table';
import { pickSlots, type LeaderboardRow, type PickSlot } from '@/features/leaderboard/api/get-balance';
import { PickCell } from './pick-cell';

const slotHeaders: Record<PickSlot, string> = {
  twentyPoint: '20pt',
  firstTenPoint: '10pt',
  secondTenPoint: '10pt',
  firstFivePoint: '5pt',
  secondFivePoint: '5pt',
  bonusPoint: 'Bonus Game',
};

/** The columns a player can rank by; the rank column follows the chosen one. */
const rankingColumns = {
  regular: { header: 'Regular Points', value: (row: LeaderboardRow) => row.regularWonBetsSum },
  bonus: { header: 'Bonus Points', value: (row: LeaderboardRow) => row.bonusWonBetsSum },
  week: { header: 'Week Points', value: (row: LeaderboardRow) => row.weekPoints },
  ytd: { header: 'YTD Points', value: (row: LeaderboardRow) => row.totalSeasonBalance },
} as const;
type RankingColumn = keyof typeof rankingColumns;

export const defaultLeaderboardSort: SortState = { key: 'week', direction: 'descending' };

const rankingColumnOf = (key: string): RankingColumn => (key in rankingColumns ? (key as RankingColumn) : 'week');

function Points({ value }: { value: number }) {
  return (
    <span className={value > 0 ? 'points points--up' : value < 0 ? 'points points--down' : 'points'}>
      {formatSignedPoints(value)}
    </span>
  );
}

export interface LeaderboardTableProps {
  caption: string;
  rows: readonly LeaderboardRow[];
  currentUserId: number;
  showPicks: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}

export function LeaderboardTable({
  caption,
  rows,
  currentUserId,
  showPicks,
  sort,
  onSortChange,
}: LeaderboardTableProps) {
  // Ranking is by the chosen column, highest first, ties sharing a rank (1, 2, 2, 4).
  // Ties list alphabetically, so the order does not depend on the server's.
  const ranked = useMemo(() => {
    const byName = [...rows].sort((a, b) => a.userDisplayName.localeCompare(b.userDisplayName));
    return rankBy(byName, rankingColumns[rankingColumnOf(sort.key)].value);
  }, [rows, sort.key]);

  const columns: TableColumn<(typeof ranked)[number]>[] = [
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
          render: (row: LeaderboardRow) => <PickCell cell={row[slot]} />,
        }))
      : []),
    ...Object.entries(rankingColumns).map(([key, column]) => ({
      key,
      header: column.header,
      align: 'end' as const,
      sortValue: column.value,
      render: (row: LeaderboardRow) => <Points value={column.value(row)} />,
    })),
  ];

  return (
    <div className={showPicks ? 'leaderboard-table' : 'leaderboard-table leaderboard-table--compact'}>
      <Table
        caption={caption}
        columns={columns}
        rows={ranked}
        rowKey={(row) => row.userId}
        sort={sort}
        onSortChange={onSortChange}
        rowClassName={(row) => (row.userId === currentUserId ? 'is-highlighted' : undefined)}
        emptyText="No picks or results for this week yet."
      />
    </div>
  );
}
