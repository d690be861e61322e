import { type ReactNode, useEffect, useRef } from 'react';
import type { ResourceList } from '@/lib/use-resource-list';
import { pageSizes } from '@/lib/use-resource-list';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { nearbyAction } from './focusable';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { Table, type TableColumn } from './table';

/** The rows of a resource as a data hook (SWR) answers them. */
export interface ResourceRows<Row> {
  data?: readonly Row[] | undefined;
  error?: unknown;
  /** The rows shown (if any) are not yet those asked for: they are dimmed and the list is busy. */
  isLoading: boolean;
}

/** Asks before deleting the row the list's dialog names, then deletes it. */
export interface ResourceDelete<Item> {
  title: string;
  /** What deleting it does, in a sentence or two. */
  describe: (item: Item) => ReactNode;
  run: (item: Item) => Promise<unknown>;
  notice: string | ((item: Item) => string);
}

export interface ResourceViewProps<Row, Item, RowKind extends string, PageKind extends string> {
  /** Above the table: a search, filters, the client or sport the list is of. */
  toolbar?: ReactNode;
  /** Names the table (and its pages) for screen readers. */
  caption: string;
  /** The plural the loading and error texts name: 'roles' reads 'Loading the roles…'. */
  noun: string;
  className: string;
  columns: readonly TableColumn<Row>[];
  /** The row's actions, in a last column; left out, there is none. */
  rowActions?: ((row: Row) => ReactNode) | undefined;
  /** The last column's header. */
  actionsHeader?: string;
  rowKey: (row: Row) => string | number;
  rows: ResourceRows<Row>;
  emptyText?: string;
  /** Shown instead of the table while the list cannot be asked for yet (e.g. no sport is chosen). */
  waitingText?: string | undefined;
  /** Under the table, in the same section (e.g. a panel about the chosen row). */
  below?: ReactNode;
  /** How many rows there are in all (the server's total, or the rows paged here): left out, the list is not paged. */
  total?: number | undefined;
  list: ResourceList<Item, RowKind, PageKind>;
  /** The create and edit form (item left out to create). */
  form?: (item: Item | undefined) => ReactNode;
  remove?: ResourceDelete<Item>;
  /** The page's other dialogs. */
  children?: ReactNode;
}

export interface ResourcePageProps<
  Row,
  Item,
  RowKind extends string,
  PageKind extends string,
> extends ResourceViewProps<Row, Item, RowKind, PageKind> {
  title: string;
  subtitle: string;
  /** Under the subtitle (e.g. the time zone the page's times are in). */
  note?: ReactNode;
  /** Beside the title: Create and the page's other actions. */
  actions?: ReactNode;
}

/**
 * One row's action button; the row's name completes its accessible name ('Edit role Coach'). It is a label, not
 * hidden text, so a search for the row's text finds the row's cell alone.
 */
export function RowAction({ label, row, onClick }: { label: string; row?: string; onClick: () => void }) {
  return (
    <Button variant="ghost" aria-label={row === undefined ? undefined : `${label} ${row}`} onClick={onClick}>
      {label}
    </Button>
  );
}

/** An admin list page in the manner of react-admin's List: its header above the resource's view. */
export function ResourcePage<Row, Item = Row, RowKind extends string = never, PageKind extends string = never>({
  title,
  subtitle,
  note,
  actions,
  ...view
}: ResourcePageProps<Row, Item, RowKind, PageKind>) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">{title}</h1>
          <p className="page-subtitle">{subtitle}</p>
          {note}
        </div>
        {actions}
      </div>
      <ResourceView {...view} />
    </>
  );
}

/**
 * A resource's list wherever it is shown (a page, or a dialog about one row of another list): the table with its
 * row actions, its loading, error and empty states and its pages, the create and edit form, and the delete
 * confirmation.
 */
export function ResourceView<Row, Item = Row, RowKind extends string = never, PageKind extends string = never>(
  props: ResourceViewProps<Row, Item, RowKind, PageKind>,
) {
  const { list, rows, total, rowActions, remove, form } = props;
  const { clampTo, dialog } = list;
  useEffect(() => {
    if (total !== undefined) clampTo(total);
  }, [total, clampTo]);

  const columns: readonly TableColumn<Row>[] = rowActions
    ? [
        ...props.columns,
        {
          key: 'actions',
          header: props.actionsHeader ?? 'Actions',
          align: 'end',
          render: (row) => <span className="ui-table__actions">{rowActions(row)}</span>,
        },
      ]
    : props.columns;
  const deleting = dialog?.kind === 'delete' && 'row' in dialog ? dialog.row : undefined;
  const section = useRef<HTMLElement>(null);

  return (
    <>
      <section className={props.className} aria-busy={rows.isLoading || undefined} ref={section} tabIndex={-1}>
        {props.toolbar}
        {props.waitingText !== undefined ? (
          <p className="muted">{props.waitingText}</p>
        ) : rows.data ? (
          <>
            <Table
              caption={props.caption}
              columns={columns}
              rows={rows.data}
              rowKey={props.rowKey}
              emptyText={props.emptyText}
            />
            {total !== undefined && (
              <Pagination
                label={props.caption}
                page={list.page}
                pageSize={list.pageSize}
                total={total}
                pageSizes={pageSizes}
                onPageChange={list.setPage}
                onPageSizeChange={list.setPageSize}
              />
            )}
          </>
        ) : rows.error ? (
          <p className="muted">The {props.noun} could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label={`Loading the ${props.noun}…`} />
          </div>
        )}
        {props.below}
      </section>
      {form && dialog?.kind === 'create' && form(undefined)}
      {form && dialog?.kind === 'edit' && 'row' in dialog && form(dialog.row)}
      {remove && deleting !== undefined && (
        <ConfirmDialog
          open
          title={remove.title}
          confirmLabel="Delete"
          onClose={list.close}
          onConfirm={() => remove.run(deleting)}
          returnFocusTo={(opener) => nearbyAction(opener) ?? section.current}
          doneNotice={typeof remove.notice === 'string' ? remove.notice : remove.notice(deleting)}
        >
          <p>{remove.describe(deleting)}</p>
        </ConfirmDialog>
      )}
      {props.children}
    </>
  );
}
