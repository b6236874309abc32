import { RangeCancel } from '../../../../features/programme/components/range-cancel';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { useWorkVenues } from '../../use-work-venues';

/** Programme changes (administrators; centre managers at their venues): cancel every session over a time range. */
export default function ProgrammePage() {
  const work = useWorkVenues();
  return (
    <div className="admin-page">
      <PageTitle title="Programme" />
      <h1>Programme</h1>
      <h2>Cancel a range of sessions</h2>
      <p className="muted">
        Every session of a venue that starts in the range is cancelled, each with its bookings: members get
        back what they paid with and are emailed the reason. Preview first to see what is cancelled.
      </p>
      {work.isPending ? (
        <Spinner />
      ) : work.error ? (
        <LoadError text={work.error.message} onRetry={work.refetch} />
      ) : work.venues.length === 0 ? (
        <p>You do not work at any venue yet. Ask an administrator to add one to your account.</p>
      ) : (
        <RangeCancel venues={work.venues} />
      )}
    </div>
  );
}
