import { Button } from '../../../ui/button';

/**
 * Previous / Next for the audit log (the log is long and growing, so the server says only whether there is more).
 * The buttons stay focusable at either end (aria-disabled), so keyboard focus is not lost.
 */
export function AuditPager({
  page,
  hasMore,
  isBusy,
  onPageChange,
}: {
  page: number;
  hasMore: boolean;
  isBusy: boolean;
  onPageChange: (page: number) => void;
}) {
  const canGoBack = page > 1 && !isBusy;
  const canGoOn = hasMore && !isBusy;
  return (
    <nav className="audit-pager" aria-label="Audit log pages">
      <Button
        variant="secondary"
        aria-disabled={!canGoBack || undefined}
        onClick={() => canGoBack && onPageChange(page - 1)}
      >
        Newer
      </Button>
      <p className="muted" aria-live="polite">
        Page {page}
      </p>
      <Button
        variant="secondary"
        aria-disabled={!canGoOn || undefined}
        onClick={() => canGoOn && onPageChange(page + 1)}
      >
        Older
      </Button>
    </nav>
  );
}
