import { NewCustomerForm } from '../../../../../features/member-record/components/new-customer-form';
import { PageTitle } from '../../../../../lib/page-title';
import { Link, useNavigate } from '../../../../../lib/router';
import { TOAST_DURATION, toast } from '../../../../../lib/toast';
import { LoadError } from '../../../../../ui/load-error';
import { Spinner } from '../../../../../ui/spinner';
import { useWorkVenues } from '../../../use-work-venues';

/** /desk/customers/new: a walk-in customer made at the desk, then their page (to book, sell or check in). */
export default function NewCustomerPage() {
  const work = useWorkVenues();
  const navigate = useNavigate();
  return (
    <div className="admin-page">
      <PageTitle title="New customer" />
      <p>
        <Link to="/desk">
          <span aria-hidden="true">← </span>Find a customer
        </Link>
      </p>
      <h1>New customer</h1>
      {work.isPending ? (
        <Spinner />
      ) : work.error ? (
        <LoadError text={work.error.message} onRetry={work.refetch} />
      ) : work.venues.length === 0 ? (
        <p className="muted">You do not work at any venue yet.</p>
      ) : (
        <NewCustomerForm
          venues={work.venues}
          onCreated={(created) => {
            toast.success(
              created.invited
                ? `Customer ${created.reference} created and invited by email`
                : `Customer ${created.reference} created`,
              { duration: TOAST_DURATION.default },
            );
            navigate(`/desk/customers/${created.id}`);
          }}
        />
      )}
    </div>
  );
}
