import { type ReactNode, type Ref, type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ChevronRightIcon, SortAscendingIcon, SortDescendingIcon, SortIcon } from './icons';
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
  /** Long text (a description) wraps instead of widening the table. */
  wrap?: boolean;
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

/**
 * The slice of rows to render for a scroll position, with the space the others take above and below. Rows are
 * `rowHeight` high, plus what `extraBelow` says a row has under it (an opened row's details).
 */
export function visibleWindow(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
  extraBelow: (index: number) => number = () => 0,
) {
  const heightOf = (index: number) => rowHeight + extraBelow(index);
  let first = 0;
  let top = 0;
  for (; first < count && top + heightOf(first) <= scrollTop; first += 1) top += heightOf(first);
  let last = first;
  for (let bottom = top; last < count && bottom < scrollTop + viewportHeight; last += 1) bottom += heightOf(last);
  const start = Math.max(0, first - overscanRows);
  const end = Math.min(count, last + overscanRows);
  let before = 0;
  for (let index = 0; index < start; index += 1) before += heightOf(index);
  let after = 0;
  for (let index = end; index < count; index += 1) after += heightOf(index);
  return { start, end, before, after };
}

/**
 * Windows a long table's rows (from `windowedFrom` on): which to render, and the space the others take. The rows in
 * view are what the page shows of the table's scroll box `wrap`, so it works whether the box scrolls (at most 80% of
 * the window high) or the page does (a phone's standings). Render `spacerAbove` right before the first rendered row
 * (rows above it, such as a pinned one, are not counted) and `after` as a spacer after the last.
 */
export function useRowWindow(
  wrap: RefObject<HTMLElement | null>,
  count: number,
  extraBelow?: (index: number) => number,
) {
  const windowed = count >= windowedFrom;
  const spacerAbove = useRef<HTMLTableRowElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 800, rowHeight: 52 });
  useLayoutEffect(() => {
    if (!windowed) return;
    // Measured on scroll and resize only (not after each render): rows of different heights could otherwise
    // measure one another back and forth.
    const measure = () => {
      const box = wrap.current?.getBoundingClientRect();
      const spacer = spacerAbove.current;
      if (!box || !spacer) return;
      const viewTop = Math.max(box.top, 0);
      const viewBottom = Math.min(box.bottom, window.innerHeight);
      const firstRowHeight = spacer.nextElementSibling?.getBoundingClientRect().height;
      setView((current) => ({
        scrollTop: viewTop - spacer.getBoundingClientRect().top,
        height: Math.max(0, viewBottom - viewTop),
        rowHeight: firstRowHeight || current.rowHeight,
      }));
    };
    measure();
    // Captured, so the box's own scrolling is heard as well as the page's.
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [windowed, wrap]);
  const shown = windowed
    ? visibleWindow(count, view.rowHeight, view.scrollTop, view.height, extraBelow)
    : { start: 0, end: count, before: 0, after: 0 };
  return { windowed, spacerAbove, ...shown };
}

/** The row holding the space of rows left out of the DOM. */
export function TableSpacer({ height, ref }: { height: number; ref?: Ref<HTMLTableRowElement> }) {
  return <tr ref={ref} aria-hidden="true" className="ui-table__spacer" style={{ height }} />;
}

/**
 * A column's header cell. Given `onSortChange`, its text is a button asking for the order by this column (a new
 * column descending, the same one flipped) and `aria-sort` says whether the table is in it.
 */
export function SortHeader({
  column,
  children,
  sort,
  onSortChange,
  className,
}: {
  column: string;
  children: ReactNode;
  sort: SortState | undefined;
  onSortChange?: ((sort: SortState) => void) | undefined;
  className?: string | undefined;
}) {
  const direction = sort?.key === column ? sort.direction : undefined;
  return (
    <th scope="col" aria-sort={onSortChange ? (direction ?? 'none') : undefined} className={className}>
      {onSortChange ? (
        <button type="button" className="ui-table__sort" onClick={() => onSortChange(nextSort(sort, column))}>
          {children}
          {direction === 'ascending' ? (
            <SortAscendingIcon size={14} />
          ) : direction === 'descending' ? (
            <SortDescendingIcon size={14} />
          ) : (
            <SortIcon size={14} />
          )}
        </button>
      ) : (
        children
      )}
    </th>
  );
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

  const wrap = useRef<HTMLDivElement>(null);
  const shown = useRowWindow(wrap, sortedRows.length);
  const overflowing = useOverflow(wrap);

  const cellClass = (column: TableColumn<Row>) =>
    [column.align === 'end' && 'ui-table__cell--end', column.wrap && 'ui-table__cell--wrap']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <>
      <div ref={wrap} className="ui-table-wrap" tabIndex={0} role="region" aria-label={caption}>
        <table className="ui-table" aria-rowcount={sortedRows.length + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => (
                <SortHeader
                  key={column.key}
                  column={column.key}
                  sort={sort}
                  onSortChange={column.sortValue ? onSortChange : undefined}
                  className={cellClass(column)}
                >
                  {column.header}
                </SortHeader>
              ))}
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
                {shown.windowed && <TableSpacer ref={shown.spacerAbove} height={shown.before} />}
                {sortedRows.slice(shown.start, shown.end).map((row, offset) => (
                  <tr key={rowKey(row)} className={rowClassName?.(row)} aria-rowindex={shown.start + offset + 2}>
                    {columns.map((column) => (
                      <td key={column.key} className={cellClass(column)}>
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                ))}
                {shown.after > 0 && <TableSpacer height={shown.after} />}
              </>
            )}
          </tbody>
        </table>
      </div>
      {overflowing && (
        <p className="ui-table-hint" aria-hidden="true">
          Scroll sideways for more columns <ChevronRightIcon size={14} />
        </p>
      )}
    </>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
