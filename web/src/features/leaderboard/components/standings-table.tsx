import { type CSSProperties, type MouseEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { formatSignedPoints } from '@/lib/format';
import { ChevronRightIcon } from '@/ui/icons';
import { SortHeader, type SortState, TableSpacer, useRowWindow } from '@/ui/table';
import { pickSlots } from '@/features/leaderboard/api/get-balance';
import type { TeamMapEntry } from '@/features/leaderboard/api/get-team-map';
import { PickCell } from './pick-cell';
import {
  PlayerTags,
  Points,
  type PointsColumn,
  pointsColumns,
  Rank,
  slotHeaders,
  type TableRow,
} from './leaderboard-cells';
import '@/features/leaderboard/leaderboard.css';
import './standings-table.css';

export interface StandingsTableProps {
  caption: string;
  /** The caller's own row (pinned) first, then the ranked rows. */
  rows: readonly TableRow[];
  currentUserId: number;
  teams: ReadonlyMap<number, TeamMapEntry>;
  live: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}

const rowKey = (row: TableRow) => (row.pinned ? `you-${row.userId}` : String(row.userId));

/** Reports the element's height as it changes (`onHeight` should keep its identity). */
function useHeight<T extends HTMLElement>(onHeight: (height: number) => void) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => onHeight(element.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [onHeight]);
  return ref;
}

/**
 * The week's standings without the picks in columns: rank, player and the points (on a phone only Week Points, Live
 * while games are on, and YTD Points, so they fit 390 px); a row's picks open under it from its player's button. The
 * caller's own row, pinned above the ranks, stays in view under the header while the table scrolls.
 */
export function StandingsTable({ caption, rows, currentUserId, teams, live, sort, onSortChange }: StandingsTableProps) {
  const [headHeight, setHeadHeight] = useState(0);
  const head = useHeight<HTMLTableSectionElement>(setHeadHeight);
  // Opened rows by week (the caption names it), so another week opens with its rows closed.
  const [opened, setOpened] = useState<{ caption: string; keys: ReadonlySet<string> }>({ caption, keys: new Set() });
  const open = opened.caption === caption ? opened.keys : new Set<string>();
  const toggle = (key: string) => {
    const keys = new Set(open);
    if (!keys.delete(key)) keys.add(key);
    setOpened({ caption, keys });
  };
  // A tap anywhere on a row opens it too; the player's button is the control for the keyboard and screen readers.
  const onRowClick = (event: MouseEvent, key: string) => {
    if (!(event.target as Element).closest('button, a')) toggle(key);
  };
  // The opened rows' picks, measured: out of the DOM in a long table, they keep their room above the rows in view.
  const [picksHeights, setPicksHeights] = useState<ReadonlyMap<string, number>>(new Map());
  const onPicksHeight = useCallback(
    (key: string, height: number) =>
      setPicksHeights((current) => (current.get(key) === height ? current : new Map(current).set(key, height))),
    [],
  );

  // The own row stays rendered, pinned, whichever ranks are in view.
  const pinned = rows.filter((row) => row.pinned);
  const ranked = rows.filter((row) => !row.pinned);
  const wrap = useRef<HTMLDivElement>(null);
  const shown = useRowWindow(wrap, ranked.length, (index) => {
    const key = rowKey(ranked[index]!);
    return open.has(key) ? (picksHeights.get(key) ?? 0) : 0;
  });
  // Each row's number in the whole table (an opened row's picks are a row too): most rows may be out of the DOM.
  const rowIndexes: number[] = [];
  let rowCount = 1;
  for (const row of [...pinned, ...ranked]) {
    rowIndexes.push(rowCount + 1);
    rowCount += open.has(rowKey(row)) ? 2 : 1;
  }

  const points = pointsColumns(live);
  const columnCount = 3 + points.length;
  const panelId = (key: string) => `standings-picks-${key}`;
  const pointsClass = (column: PointsColumn) =>
    [
      'ui-table__cell--end',
      'standings__points',
      !column.sortable && 'standings__wide',
      column.key === 'live' && 'standings__live',
    ]
      .filter(Boolean)
      .join(' ');

  const renderRow = (row: TableRow, rowIndex: number) => {
    const key = rowKey(row);
    const expanded = open.has(key);
    const fullName = `${row.firstName} ${row.lastName}`.trim();
    return [
      <tr
        key={key}
        aria-rowindex={rowIndex}
        className={[
          'standings__row',
          (row.pinned || row.userId === currentUserId) && 'is-highlighted',
          row.pinned && 'is-pinned',
          expanded && 'is-open',
        ]
          .filter(Boolean)
          .join(' ')}
        onClick={(event) => onRowClick(event, key)}
      >
        <td>
          <Rank rank={row.rank} />
        </td>
        <td>
          <span className="player standings__player">
            <button
              type="button"
              className="standings__toggle"
              aria-expanded={expanded}
              aria-controls={expanded ? panelId(key) : undefined}
              onClick={() => toggle(key)}
            >
              <ChevronRightIcon size={16} />
              <span className="player__name">{row.userDisplayName}</span>
              <span className="visually-hidden">, picks</span>
            </button>
            <PlayerTags row={row} currentUserId={currentUserId} />
          </span>
        </td>
        <td className="standings__wide">{fullName}</td>
        {points.map((column) => (
          <td key={column.key} className={pointsClass(column)}>
            <Points value={column.value(row)} />
          </td>
        ))}
      </tr>,
      expanded && (
        <PicksRow
          key={`${key}-picks`}
          id={panelId(key)}
          rowKey={key}
          rowIndex={rowIndex + 1}
          row={row}
          fullName={fullName}
          columnCount={columnCount}
          teams={teams}
          onHeight={onPicksHeight}
        />
      ),
    ];
  };

  return (
    <div className="standings">
      <div
        ref={wrap}
        className="ui-table-wrap"
        tabIndex={0}
        role="region"
        aria-label={caption}
        style={{ '--standings-head': `${headHeight}px` } as CSSProperties}
      >
        <table className="ui-table" aria-rowcount={rowCount}>
          <caption className="visually-hidden">{caption}</caption>
          <thead ref={head}>
            <tr aria-rowindex={1}>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col" className="standings__wide">
                Name
              </th>
              {points.map((column) => (
                <SortHeader
                  key={column.key}
                  column={column.key}
                  sort={sort}
                  onSortChange={column.sortable ? onSortChange : undefined}
                  className={pointsClass(column)}
                >
                  {column.header}
                </SortHeader>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="ui-table__empty">
                  No picks or results for this week yet.
                </td>
              </tr>
            ) : (
              <>
                {pinned.map((row, index) => renderRow(row, rowIndexes[index]!))}
                {shown.windowed && <TableSpacer ref={shown.spacerAbove} height={shown.before} />}
                {ranked
                  .slice(shown.start, shown.end)
                  .map((row, offset) => renderRow(row, rowIndexes[pinned.length + shown.start + offset]!))}
                {shown.after > 0 && <TableSpacer height={shown.after} />}
              </>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** An opened row's picks, in a row under it. */
function PicksRow({
  id,
  rowKey: key,
  rowIndex,
  row,
  fullName,
  columnCount,
  teams,
  onHeight,
}: {
  id: string;
  rowKey: string;
  rowIndex: number;
  row: TableRow;
  fullName: string;
  columnCount: number;
  teams: ReadonlyMap<number, TeamMapEntry>;
  onHeight: (key: string, height: number) => void;
}) {
  const ref = useHeight<HTMLTableRowElement>(useCallback((height: number) => onHeight(key, height), [onHeight, key]));
  return (
    <tr ref={ref} id={id} aria-rowindex={rowIndex} className="standings__picks-row">
      <td colSpan={columnCount}>
        <p className="standings__summary">
          {fullName} · Regular {formatSignedPoints(row.regularWonBetsSum)} · Bonus{' '}
          {formatSignedPoints(row.bonusWonBetsSum)}
        </p>
        <dl className="standings__picks">
          {pickSlots.map((slot) => (
            <div key={slot} className="standings__pick">
              <dt>{slotHeaders[slot]}</dt>
              <dd>
                <PickCell cell={row[slot]} team={row[slot].teamId === null ? undefined : teams.get(row[slot].teamId)} />
              </dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}
