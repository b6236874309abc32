import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api/client';
import { DetailsList } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { guestPassQueryOptions } from '../api/get-guest-pass';
import { guestPassDate } from '../rules/pagination';
import { GuestPassStatusTag } from './status-tag';

/** One pass: Name, Email, Status, Date sent, Date redeemed ('-' if none), Valid until, Venue. */
export function GuestPassDetails({ userId, passId }: { userId: number; passId: number }) {
  const pass = useQuery(guestPassQueryOptions(userId, passId));
  if (pass.isPending) return <Spinner label="Loading the guest pass" />;
  if (pass.isError) {
    // A pass that is not there (or not the member's) will not appear by trying again.
    const isMissing = isApiError(pass.error) && pass.error.status >= 400 && pass.error.status < 500;
    return <LoadError text={pass.error.message} onRetry={isMissing ? undefined : () => pass.refetch()} />;
  }
  const p = pass.data;
  const rows: [string, ReactNode][] = [
    ['Name', p.guestName],
    ['Email', p.guestEmail],
    ['Status', <GuestPassStatusTag key="status" status={p.status} />],
    ['Date sent', guestPassDate(p.createdAt)],
    ['Date redeemed', guestPassDate(p.redeemedAt)],
    ['Valid until', guestPassDate(p.validTo)],
    ['Venue', p.venue.name],
  ];
  return (
    <section className="card guest-section" aria-labelledby="pass-details-heading">
      <h2 id="pass-details-heading">Guest pass details</h2>
      <DetailsList rows={rows} variant={['rows', 'wide']} />
    </section>
  );
}
