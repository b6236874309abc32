import { DESK_TEXTS } from '@fieldhouse/contract/texts/staff-desk';
import { useDeskCustomer } from '../../../../../features/desk/api/get-desk-customer';
import { CustomerOrders } from '../../../../../features/desk/components/customer-details';
import { CustomerView } from '../../../../../features/desk/components/customer-view';
import { MemberOrders } from '../../../../../features/member-record/components/member-orders';
import { MemberRecordPanel } from '../../../../../features/member-record/components/member-record-panel';
import { useStaffMe } from '../../../../../features/staff-auth/api/get-staff-me';
import { isApiError } from '../../../../../lib/api/client';
import { PageTitle } from '../../../../../lib/page-title';
import { Link, useLocation, useParams } from '../../../../../lib/router';
import { LoadError } from '../../../../../ui/load-error';
import { Spinner } from '../../../../../ui/spinner';
import { useWorkVenues } from '../../../use-work-venues';

export default function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useDeskCustomer(Number.isInteger(id) && id > 0 ? id : 0);
  const work = useWorkVenues();
  const me = useStaffMe().data;
  // Back to the search as it was: the result link carries its query.
  const state = useLocation().state as { search?: unknown } | null;
  const backSearch = typeof state?.search === 'string' ? state.search : '';
  const isNotFound = isApiError(customer.error) && customer.error.status === 404;
  return (
    <div className="admin-page">
      <PageTitle title={customer.data ? customer.data.customer.name : 'Customer'} />
      <p>
        <Link to={`/desk${backSearch}`}>
          <span aria-hidden="true">← </span>Find a customer
        </Link>
      </p>
      {customer.isPending || work.isPending ? (
        <Spinner />
      ) : customer.isError ? (
        <>
          <h1>Customer</h1>
          <LoadError
            text={isNotFound ? DESK_TEXTS.customerNotFound : customer.error.message}
            onRetry={isNotFound ? undefined : () => void customer.refetch()}
          />
        </>
      ) : (
        <CustomerView
          data={customer.data}
          venues={work.venues}
          orders={<MemberOrders customerId={id} whenNotShown={<CustomerOrders data={customer.data} />} />}
        >
          <MemberRecordPanel
            customerId={id}
            editHref={`/desk/customers/${id}/edit`}
            mayErase={me?.role === 'administrator'}
            mayExport={me?.role === 'administrator' || me?.role === 'centre_manager'}
          />
        </CustomerView>
      )}
    </div>
  );
}
