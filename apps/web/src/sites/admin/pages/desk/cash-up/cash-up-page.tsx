import { useState } from 'react';
import { CashUpDesk } from '../../../../../features/cash-up/components/cash-up-desk';
import { WorkVenueField } from '../../../../../features/desk/components/work-venue-field';
import { PageTitle } from '../../../../../lib/page-title';
import { LoadError } from '../../../../../ui/load-error';
import { Spinner } from '../../../../../ui/spinner';
import { useWorkVenues } from '../../../use-work-venues';
import { DeskTabs } from '../desk-tabs';
// The desk's tabs and venue line are styled with the desk's own sheet.
import '../../../../../features/desk/desk.css';

/** /desk/cash-up: the desk's till, its float and count, and the venue's cash-up by day (decision 083). */
export default function CashUpPage() {
  const work = useWorkVenues();
  const [venueId, setVenueId] = useState<number | null>(null);
  const chosen = venueId ?? work.venues[0]?.id ?? null;
  return (
    <div className="admin-page">
      <PageTitle title="Cash-up" />
      <h1>Cash-up</h1>
      <DeskTabs />
      {work.isPending ? (
        <Spinner />
      ) : work.error ? (
        <LoadError text={work.error.message} onRetry={work.refetch} />
      ) : (
        <>
          <WorkVenueField venues={work.venues} value={chosen} onChange={setVenueId} label="Desk venue" />
          {chosen !== null && <CashUpDesk key={chosen} venueId={chosen} />}
        </>
      )}
    </div>
  );
}
