import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { guestPassPageQueryOptions } from '../api/get-guest-passes';
import type { GuestPass } from '../api/types';
import { guestPassDate, hasNextPage, hasPreviousPage, paginationText } from '../rules/pagination';
import { GuestPassStatusTag } from './status-tag';

function GuestPassCard({ pass }: { pass: GuestPass }) {
  const headingId = useId();
  return (
    <li>
      <article className="guest-pass" aria-labelledby={headingId}>
        <div className="guest-pass__head">
          <h3 id={headingId} className="guest-pass__name">
            {pass.guestName}
          </h3>
          <GuestPassStatusTag status={pass.status} />
        </div>
        <dl className="details-list guest-pass__details">
          <div>
            <dt>Venue</dt>
            <dd>{pass.venue.name}</dd>
          </div>
          <div>
            <dt>Date sent</dt>
            <dd>{guestPassDate(pass.createdAt)}</dd>
          </div>
        </dl>
        <Link to={`/guest-passes/pass-details/${pass.id}`} className="guest-pass__view">
          View<span className="visually-hidden"> guest pass for {pass.guestName}</span>
        </Link>
      </article>
    </li>
  );
}

/** The passes sent, 10 a page, with 'Previous' and 'Next' and 'Showing {first}–{last} of {total}'. */
export function GuestPassList({
  userId,
  page,
  onPageChange,
}: {
  userId: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const passes = useQuery(guestPassPageQueryOptions(userId, page));
  let content: React.ReactNode;
  if (passes.isPending) content = <Spinner label="Loading your guest passes" />;
  else if (passes.isError)
    content = <LoadError text={passes.error.message} onRetry={() => passes.refetch()} />;
  else if (passes.data.guestPasses.length === 0 && passes.data.pagination.totalRecords === 0)
    content = <p className="guest-empty">You have not sent any guest passes yet.</p>;
  else {
    const { guestPasses, pagination } = passes.data;
    content = (
      <>
        <ul className="guest-passes" aria-busy={passes.isPlaceholderData || undefined}>
          {guestPasses.map((pass) => (
            <GuestPassCard key={pass.id} pass={pass} />
          ))}
        </ul>
        <nav className="pagination" aria-label="Guest passes pages">
          <p className="pagination__text" aria-live="polite">
            {paginationText(pagination)}
          </p>
          <div className="button-row">
            <Button
              variant="secondary"
              disabled={!hasPreviousPage(pagination) || passes.isPlaceholderData}
              onClick={() => onPageChange(pagination.currentPage - 1)}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={!hasNextPage(pagination) || passes.isPlaceholderData}
              onClick={() => onPageChange(pagination.currentPage + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      </>
    );
  }
  return (
    <section className="guest-section" aria-labelledby="sent-passes-heading">
      <h2 id="sent-passes-heading">Sent guest passes</h2>
      {content}
    </section>
  );
}
