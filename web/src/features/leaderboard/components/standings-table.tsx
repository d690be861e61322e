import { type CSSProperties, type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { formatSignedPoints } from '@/lib/format';
import { ChevronRightIcon, SortAscendingIcon, SortDescendingIcon, SortIcon } from '@/ui/icons';
import { nextSort, type SortState } from '@/ui/table';
import { pickSlots } from '@/features/leaderboard/api/get-balance';
import type { TeamMapEntry } from '@/features/leaderboard/api/get-team-map';
import { PickCell } from './pick-cell';
import { PlayerTags, Points, pointsColumns, Rank, slotHeaders, type TableRow } from './leaderboard-cells';
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

/** The height of the element, kept up to date: the pinned row sticks just under the table's header. */
function useHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}

/**
 * The week's standings without the picks in columns: rank, player and the points (on a phone only Week Points, Live
 * while games are on, and YTD Points, so they fit 390 px); a row's picks open under it from its player's button. The
 * caller's own row, pinned above the ranks, stays in view under the header while the table scrolls.
 */
export function StandingsTable({ caption, rows, currentUserId, teams, live, sort, onSortChange }: StandingsTableProps) {
  const [head, headHeight] = useHeight<HTMLTableSectionElement>();
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
  const points = pointsColumns(live);
  const columnCount = 3 + points.length;
  const panelId = (key: string) => `standings-picks-${key}`;

  return (
    <div className="standings">
      <div
        className="ui-table-wrap"
        tabIndex={0}
        role="region"
        aria-label={caption}
        style={{ '--standings-head': `${headHeight}px` } as CSSProperties}
      >
        <table className="ui-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead ref={head}>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col" className="standings__wide">
                Name
              </th>
              {points.map((column) => {
                const direction = sort.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                    className={[
                      'ui-table__cell--end',
                      'standings__points',
                      !column.sortable && 'standings__wide',
                      column.key === 'live' && 'standings__live',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="ui-table__sort"
                        onClick={() => onSortChange(nextSort(sort, column.key))}
                      >
                        {column.header}
                        {direction === 'ascending' ? (
                          <SortAscendingIcon size={14} />
                        ) : direction === 'descending' ? (
                          <SortDescendingIcon size={14} />
                        ) : (
                          <SortIcon size={14} />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
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
              rows.map((row) => {
                const key = rowKey(row);
                const expanded = open.has(key);
                const fullName = `${row.firstName} ${row.lastName}`.trim();
                return [
                  <tr
                    key={key}
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
                      <td
                        key={column.key}
                        className={[
                          'ui-table__cell--end',
                          'standings__points',
                          !column.sortable && 'standings__wide',
                          column.key === 'live' && 'standings__live',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                      >
                        <Points value={column.value(row)} />
                      </td>
                    ))}
                  </tr>,
                  expanded && (
                    <tr key={`${key}-picks`} id={panelId(key)} className="standings__picks-row">
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
                                <PickCell
                                  cell={row[slot]}
                                  team={row[slot].teamId === null ? undefined : teams.get(row[slot].teamId)}
                                />
                              </dd>
                            </div>
                          ))}
                        </dl>
                      </td>
                    </tr>
                  ),
                ];
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
