import { useMemo, type ReactNode } from 'react';
import { SortAscendingIcon, SortDescendingIcon, SortIcon } from './icons';

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
}

/** Spec §2: a newly chosen column sorts descending first; choosing it again flips the direction. */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'descending' };
  return { key, direction: current.direction === 'descending' ? 'ascending' : 'descending' };
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** A table whose header stays in view while its body scrolls (at most 80% of the window high). */
export function Table<Row>({ caption, columns, rows, rowKey, sort, onSortChange, rowClassName, emptyText = 'Nothing to show' }: TableProps<Row>) {
  const sortedRows = useMemo(() => {
    const sortValue = columns.find((column) => column.key === sort?.key)?.sortValue;
    if (!sort || !sortValue) return rows;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => sign * compare(sortValue(a), sortValue(b)));
  }, [rows, columns, sort]);

  return (
    <div className="ui-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="ui-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
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
                    <button type="button" className="ui-table__sort" onClick={() => onSortChange?.(nextSort(sort, column.key))}>
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
            sortedRows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === 'end' ? 'ui-table__cell--end' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
