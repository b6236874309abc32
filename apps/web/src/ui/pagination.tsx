import { hasNextPage, hasPreviousPage, type PaginationLike, paginationText } from '../lib/pagination';
import { Button } from './button';
import './pagination.css';

/**
 * 'Showing 21–40 of 45', 'Page 2 of 3' and Previous / Next for a paged list. The buttons stay focusable at either
 * end (aria-disabled, not disabled), so keyboard focus is not lost when the last page is reached; the counts are
 * announced politely when the page changes.
 */
export function Pagination({
  label,
  pagination,
  isBusy = false,
  onPageChange,
}: {
  /** The nav's accessible name, e.g. 'Order history pages'. */
  label: string;
  pagination: PaginationLike;
  /** While the next page loads: the buttons do nothing. */
  isBusy?: boolean;
  onPageChange: (page: number) => void;
}) {
  const canGoBack = hasPreviousPage(pagination) && !isBusy;
  const canGoOn = hasNextPage(pagination) && !isBusy;
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__text" aria-live="polite">
        {paginationText(pagination)}
      </p>
      <div className="pager__controls">
        <Button
          variant="secondary"
          aria-disabled={!canGoBack || undefined}
          onClick={() => canGoBack && onPageChange(pagination.currentPage - 1)}
        >
          Previous
        </Button>
        <span className="pager__page">
          Page {Math.min(pagination.currentPage, pagination.totalPages)} of {pagination.totalPages}
        </span>
        <Button
          variant="secondary"
          aria-disabled={!canGoOn || undefined}
          onClick={() => canGoOn && onPageChange(pagination.currentPage + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
