import { DESK_TEXTS } from '@fieldhouse/contract/texts/staff-desk';
import { useMemberRecord } from '../../../../../features/member-record/api/get-member-record';
import { MemberDetailsForm } from '../../../../../features/member-record/components/member-details-form';
import { isApiError } from '../../../../../lib/api/client';
import { PageTitle } from '../../../../../lib/page-title';
import { Link, useNavigate, useParams } from '../../../../../lib/router';
import { TOAST_DURATION, toast } from '../../../../../lib/toast';
import { LoadError } from '../../../../../ui/load-error';
import { Spinner } from '../../../../../ui/spinner';

/** /desk/customers/:id/edit: staff correct a customer's details, then go back to the customer. */
export default function CustomerEditPage() {
  const id = Number(useParams().id);
  const customerId = Number.isInteger(id) && id > 0 ? id : 0;
  const record = useMemberRecord(customerId);
  const navigate = useNavigate();
  const back = `/desk/customers/${customerId}`;
  const name = record.data ? `${record.data.firstName} ${record.data.lastName}` : 'customer';
  return (
    <div className="admin-page">
      <PageTitle title={`Edit details: ${name}`} />
      <p>
        <Link to={back}>
          <span aria-hidden="true">← </span>Back to the customer
        </Link>
      </p>
      <h1>Edit details{record.data ? `: ${name}` : ''}</h1>
      {record.isPending ? (
        <Spinner />
      ) : record.isError ? (
        <LoadError
          text={
            isApiError(record.error) && record.error.status === 404
              ? DESK_TEXTS.customerNotFound
              : record.error.message
          }
        />
      ) : (
        <>
          <p className="muted">Customer no {record.data.reference}</p>
          <MemberDetailsForm
            record={record.data}
            onCancel={() => navigate(back)}
            onSaved={() => {
              toast.success('Details saved', { duration: TOAST_DURATION.short });
              navigate(back);
            }}
          />
        </>
      )}
    </div>
  );
}
