import { useCallback, useState } from 'react';
import { pageCount } from '@/ui/pagination';

/** List pages offer 10, 25 or 50 rows and start with 50 (docs/rules.md, Tables and selects). */
export const pageSizes = [10, 25, 50] as const;
export const defaultPageSize = 50;

/** The rows on the list's page, for a list the server answers whole (a client's prizes). */
export const pageOf = <Row>(rows: readonly Row[], { page, pageSize }: { page: number; pageSize: number }) =>
  rows.slice((page - 1) * pageSize, page * pageSize);

/**
 * The one dialog a resource page has open: creating, or one row's edit, delete or a page's own row action
 * (RowKind), or a page's own action without a row (PageKind).
 */
export type OpenDialog<Row, RowKind extends string = never, PageKind extends string = never> =
  { kind: 'create' | PageKind } | { kind: 'edit' | 'delete' | RowKind; row: Row };

export interface ResourceList<Row, RowKind extends string = never, PageKind extends string = never> {
  /** From 1. */
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new size starts again from the first page. */
  setPageSize: (size: number) => void;
  /** Past the last page (after deleting its last row), go to the last page left. */
  clampTo: (total: number) => void;
  search: string;
  /** A new search starts again from the first page. */
  setSearch: (search: string) => void;
  dialog: OpenDialog<Row, RowKind, PageKind> | undefined;
  open: (dialog: OpenDialog<Row, RowKind, PageKind>) => void;
  close: () => void;
}

/** The state of an admin list page, in the manner of Refine's useTable: paging, search and the open dialog. */
export function useResourceList<Row, RowKind extends string = never, PageKind extends string = never>(): ResourceList<
  Row,
  RowKind,
  PageKind
> {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState<number>(defaultPageSize);
  const [search, setSearchText] = useState('');
  const [dialog, setDialog] = useState<OpenDialog<Row, RowKind, PageKind>>();
  const clampTo = useCallback(
    (total: number) => setPage((current) => Math.min(current, pageCount(total, pageSize))),
    [pageSize],
  );
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
    clampTo,
    search,
    setSearch: (text) => {
      setSearchText(text);
      setPage(1);
    },
    dialog,
    open: setDialog,
    close: () => setDialog(undefined),
  };
}
