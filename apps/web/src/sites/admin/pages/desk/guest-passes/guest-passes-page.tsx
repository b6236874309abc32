import { GuestPassRedeem } from '../../../../../features/desk/components/guest-pass-redeem';
import { PageTitle } from '../../../../../lib/page-title';
import { LoadError } from '../../../../../ui/load-error';
import { Spinner } from '../../../../../ui/spinner';
import { useWorkVenues } from '../../../use-work-venues';
import { DeskTabs } from '../desk-tabs';

export default function GuestPassesPage() {
  const work = useWorkVenues();
  return (
    <div className="admin-page">
      <PageTitle title="Guest passes" />
      <h1>Guest passes</h1>
      <DeskTabs />
      {work.isPending ? (
        <Spinner />
      ) : work.error ? (
        <LoadError text={work.error.message} onRetry={work.refetch} />
      ) : (
        <GuestPassRedeem venues={work.venues} />
      )}
    </div>
  );
}
