import { useEffect, useRef, useState } from 'react';
import './show-more.css';
import { Button } from './button';

/**
 * 'Showing 20 of 250 centres' and a 'Show more' button under a list that loads a page at a time. The button stays
 * focusable while the next page loads (aria-disabled, not disabled), so keyboard focus stays where it was; the count
 * is announced politely as the list grows, and takes the focus when the last page's arrival removes the button.
 */
export default function ShowMore({
  shown,
  total,
  noun,
  hasMore,
  isLoading,
  onShowMore,
}: {
  shown: number;
  total: number;
  /** Plural, e.g. 'centres'. */
  noun: string;
  hasMore: boolean;
  isLoading: boolean;
  onShowMore: () => void;
}) {
  const [isUsed, setIsUsed] = useState(false);
  const countRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasFocused = useRef(false);
  useEffect(() => {
    if (hasMore || !wasFocused.current) return;
    wasFocused.current = false;
    countRef.current?.focus();
  }, [hasMore]);
  if (!hasMore && !isUsed) return null;
  return (
    <div className="show-more">
      <p className="show-more__count" aria-live="polite" tabIndex={-1} ref={countRef}>
        Showing {shown} of {total} {noun}
      </p>
      {hasMore && (
        <Button
          ref={buttonRef}
          variant="secondary"
          aria-disabled={isLoading || undefined}
          aria-busy={isLoading || undefined}
          onClick={() => {
            if (isLoading) return;
            wasFocused.current = document.activeElement === buttonRef.current;
            setIsUsed(true);
            onShowMore();
          }}
        >
          Show more {noun}
        </Button>
      )}
    </div>
  );
}
