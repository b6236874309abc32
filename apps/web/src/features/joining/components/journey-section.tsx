import { type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';

export interface JourneySectionProps {
  number: number;
  title: string;
  isOpen: boolean;
  /** Finished and closed: show the summary and (when allowed) Edit. */
  isFinished: boolean;
  canEdit: boolean;
  onEdit: () => void;
  /** What was chosen, shown while the section is finished and closed. */
  summary?: ReactNode;
  children: ReactNode;
}

/**
 * One numbered step of the journey: a heading, and a region that shows only while the section is open. Opening
 * a section (after the first render) moves focus to its heading and scrolls it into view.
 */
export function JourneySection({
  number,
  title,
  isOpen,
  isFinished,
  canEdit,
  onEdit,
  summary,
  children,
}: JourneySectionProps) {
  const headingId = useId();
  const regionId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(isOpen);

  useEffect(() => {
    if (isOpen && !wasOpen.current) {
      const heading = headingRef.current;
      heading?.focus({ preventScroll: true });
      heading?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  const state = isOpen ? 'open' : isFinished ? 'finished' : 'pending';
  return (
    <li className={`journey-section journey-section--${state}`} aria-current={isOpen ? 'step' : undefined}>
      <div className="journey-section__inner">
        <div className="journey-section__header">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="journey-section__title">
            <span className="journey-section__number" aria-hidden="true">
              {number}
            </span>
            <span className="visually-hidden">Step {number}: </span>
            {title}
          </h2>
          {!isOpen && isFinished && canEdit && (
            <Button
              variant="text"
              className="journey-section__edit"
              aria-expanded={false}
              aria-controls={regionId}
              aria-describedby={headingId}
              onClick={onEdit}
            >
              Edit
            </Button>
          )}
        </div>
        {!isOpen && isFinished && summary && <div className="journey-section__summary">{summary}</div>}
        <section id={regionId} aria-labelledby={headingId} hidden={!isOpen}>
          {isOpen && <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense>}
        </section>
      </div>
    </li>
  );
}
