import { Button } from './button';
import { Select } from './select';
import './pager.css';

export interface PagerProps {
  /** Names the navigation for screen readers, e.g. 'Roles pages'. */
  label: string;
  /** Starts at 1. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** Called with the new size; the caller goes back to page 1. */
  onPageSizeChange: (pageSize: number) => void;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Page navigation under a server-paged table: rows per page, which rows are shown, previous and next. */
export function Pager({ label, page, pageSize, total, pageSizes, onPageChange, onPageSizeChange }: PagerProps) {
  const last = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = Math.min(total, page * pageSize);
  return (
    <nav className="ui-pager" aria-label={label}>
      <Select
        className="ui-pager__size"
        label="Rows per page"
        options={pageSizes.map((size) => ({ value: size, label: String(size) }))}
        value={pageSize}
        onChange={onPageSizeChange}
        searchable={false}
      />
      <p className="ui-pager__range" aria-live="polite">
        {first}–{end} of {total}
      </p>
      <div className="ui-pager__buttons">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={page >= last} onClick={() => onPageChange(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
