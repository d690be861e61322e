import { type UIEvent, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SortAscendingIcon, SortDescendingIcon, SortIcon } from './icons';
import './table.css';

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number;
  align?: 'start' | 'end';
}

export interface TableProps<Row> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: SortState | undefined;
  onSortChange?: (sort: SortState) => void;
  rowClassName?: (row: Row) => string | undefined;
  emptyText?: string;
  /** The rows come in the chosen order already (the server sorts a paged table): the header only asks for another. */
  presorted?: boolean;
}

/** A newly chosen column sorts descending; choosing it again flips it (docs/rules.md, Tables and selects). */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'descending' };
  return { key, direction: current.direction === 'descending' ? 'ascending' : 'descending' };
}

/** From this many rows on, only the rows in view (and a margin) are in the DOM: a 1,000-player leaderboard took seconds to lay out and to re-sort. */
export const windowedFrom = 100;
const overscanRows = 15;

/** The slice of rows to render for a scroll position, with the space the others take above and below. */
export function visibleWindow(count: number, rowHeight: number, scrollTop: number, viewportHeight: number) {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscanRows);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscanRows);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** A table whose header stays in view while its body scrolls (at most 80% of the window high). */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  rowClassName,
  emptyText = 'Nothing to show',
  presorted = false,
}: TableProps<Row>) {
  const sortedRows = useMemo(() => {
    const sortValue = columns.find((column) => column.key === sort?.key)?.sortValue;
    if (!sort || !sortValue || presorted) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(sortValue(a), sortValue(b)));
  }, [rows, columns, sort, presorted]);

  const windowed = sortedRows.length >= windowedFrom;
  const wrap = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 800, rowHeight: 52 });
  useLayoutEffect(() => {
    const element = wrap.current;
    const firstRow = element?.querySelector<HTMLTableRowElement>('tbody tr[aria-rowindex]');
    if (!element || !windowed || !firstRow) return;
    const rowHeight = firstRow.getBoundingClientRect().height || view.rowHeight;
    if (rowHeight !== view.rowHeight || element.clientHeight !== view.height)
      setView({ ...view, rowHeight, height: element.clientHeight });
  }, [windowed, columns, view]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, clientHeight } = event.currentTarget;
    setView((current) => ({ ...current, scrollTop, height: clientHeight }));
  };
  const shown = windowed
    ? visibleWindow(sortedRows.length, view.rowHeight, view.scrollTop, view.height)
    : { start: 0, end: sortedRows.length, before: 0, after: 0 };
  const spacer = (height: number) =>
    height > 0 && <tr aria-hidden="true" className="ui-table__spacer" style={{ height }} />;

  return (
    <div
      ref={wrap}
      className="ui-table-wrap"
      tabIndex={0}
      role="region"
      aria-label={caption}
      onScroll={windowed ? onScroll : undefined}
    >
      <table className="ui-table" aria-rowcount={sortedRows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const sortable = Boolean(column.sortValue && onSortChange);
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortable ? (direction ?? 'none') : undefined}
                  className={column.align === 'end' ? 'ui-table__cell--end' : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={() => onSortChange?.(nextSort(sort, column.key))}
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
          {sortedRows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="ui-table__empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            <>
              {spacer(shown.before)}
              {sortedRows.slice(shown.start, shown.end).map((row, offset) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)} aria-rowindex={shown.start + offset + 2}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.align === 'end' ? 'ui-table__cell--end' : undefined}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
              {spacer(shown.after)}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
