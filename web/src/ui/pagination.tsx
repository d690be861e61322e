import { Button } from './button';
import { Select } from './select';
import './pagination.css';

export interface PaginationProps {
  /** What is paged, e.g. 'Clients': names the controls for screen readers. */
  label: string;
  /** From 1. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** A new size starts again from the first page. */
  onPageSizeChange: (pageSize: number) => void;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Pages of a list the server pages (docs/rules.md, Tables and selects): rows per page, where we are, back and on. */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="ui-pagination" aria-label={`${label} pages`}>
      <Select
        className="ui-pagination__size"
        label="Rows per page"
        options={pageSizes.map((size) => ({ value: size, label: String(size) }))}
        value={pageSize}
        onChange={onPageSizeChange}
        searchable={false}
      />
      <p className="ui-pagination__range" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="ui-pagination__steps">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
