import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { useSiteHref } from '../../../shell/site-link';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { ModalDialog } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useCancelMembership } from '../api/cancel-membership';
import type { AccountMembership } from '../api/get-account-memberships';
import { type CancelInfo, useCancelInfo } from '../api/get-cancel-info';
import { usePayFees } from '../api/pay-fees';
import { PaymentList } from './payment-list';

const errorList = (error: unknown): string[] => {
  if (!error) return [];
  if (isApiError(error) && error.status === 422) {
    const messages = Object.values(error.fieldErrors).flat();
    return messages.length ? messages : [error.message];
  }
  return [error instanceof Error ? error.message : MEMBERSHIP_MANAGEMENT_TEXTS.somethingWrong];
};

/** Outstanding fees first: paying them (basket checkout) cancels the membership automatically. */
function DebtPage({ info, membershipId }: { info: CancelInfo; membershipId: number }) {
  const cancel = useCancelMembership(membershipId);
  const payFees = usePayFees();
  const siteHref = useSiteHref();
  const isBusy = cancel.isPending || payFees.isPending;
  const pay = async () => {
    try {
      // The cancellation is recorded first, so completing the payment cancels the membership.
      if (!info.cancellationPendingPayment) await cancel.mutateAsync();
      await payFees.mutateAsync(info.outstandingPenaltiesDue.map((penalty) => penalty.id));
      window.location.assign(siteHref('bookings', '/basket/checkout', true));
    } catch (error) {
      toast.error(errorList(error)[0] ?? MEMBERSHIP_MANAGEMENT_TEXTS.somethingWrong, {
        duration: TOAST_DURATION.default,
      });
    }
  };
  return (
    <div className="stack">
      <div className="notice notice--warning">
        <p>{MEMBERSHIP_MANAGEMENT_TEXTS.outstandingFees}</p>
      </div>
      <table className="debt-table">
        <caption className="visually-hidden">Unpaid fees</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">Venue</th>
            <th scope="col">Session</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {info.outstandingPenaltiesDue.map((penalty) => (
            <tr key={penalty.id}>
              <td data-label="Type">{penalty.type}</td>
              <td data-label="Amount">{penalty.feeAmount.formatted}</td>
              <td data-label="Venue">{penalty.venue ?? '-'}</td>
              <td data-label="Session">{penalty.session ?? '-'}</td>
              <td data-label="Date">{penalty.createdAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        <Button onClick={pay} isPending={isBusy}>
          {isBusy ? 'Processing...' : 'Pay fees'}
        </Button>
      </div>
    </div>
  );
}

/** What cancelling means: notice period, final payment and last day, or ending now without a refund. */
function ConfirmCancel({
  info,
  membership,
  onClose,
}: {
  info: CancelInfo;
  membership: AccountMembership;
  onClose: () => void;
}) {
  const cancel = useCancelMembership(membership.id);
  const errors = errorList(cancel.error);
  if (cancel.isSuccess)
    return (
      <div className="stack" role="status">
        <p>
          <Badge tone="danger">Cancelled</Badge>
        </p>
        <p>
          <strong>{MEMBERSHIP_MANAGEMENT_TEXTS.cancelled}</strong>
        </p>
        {cancel.data.message && cancel.data.message !== MEMBERSHIP_MANAGEMENT_TEXTS.cancelled && (
          <p>{cancel.data.message}</p>
        )}
        <div className="button-row">
          <Button onClick={onClose}>Back to my memberships</Button>
        </div>
      </div>
    );
  const recurring = info.paymentType === 'recurring' ? info.recurring : null;
  return (
    <div className="stack">
      {recurring ? (
        <>
          {recurring.cancellationNoticeRequired && (
            <p>
              <strong>
                {MEMBERSHIP_MANAGEMENT_TEXTS.noticeRequired(recurring.cancellationNoticePeriod)}
              </strong>
            </p>
          )}
          <dl className="details-list details-list--rows">
            {recurring.earliestFinalPaymentDate && (
              <div>
                <dt>Final payment</dt>
                <dd>{recurring.earliestFinalPaymentDate}</dd>
              </div>
            )}
            <div>
              <dt>Last day of membership</dt>
              <dd>{recurring.earliestFinalDayOfMembership}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>
          Your membership is paid in full. It ends as soon as you cancel and the unused time is not refunded.
        </p>
      )}
      <PaymentList title="Payments still to come" payments={info.nextPayments} />
      {errors.length > 0 && (
        <div className="notice notice--danger" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="button-row">
        <Button onClick={() => cancel.mutate()} isPending={cancel.isPending} disabled={errors.length > 0}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel membership'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Keep my membership
        </Button>
      </div>
    </div>
  );
}

/** 'Cancel membership' (account-shell §3 Cancel info, §4): the cancel information is loaded on opening. */
export default function CancelModal({
  membership,
  onClose,
}: {
  membership: AccountMembership;
  onClose: () => void;
}) {
  const info = useCancelInfo(membership.id);
  const title = info.data?.hasOutstandingPenaltiesDue ? 'Unpaid fees' : 'Cancel membership';
  return (
    <ModalDialog title={title} isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <p>
        <strong>{membership.membershipType.name}</strong> ({membership.reference})
      </p>
      {info.isPending ? (
        <Spinner label="Loading cancellation details" />
      ) : info.isError ? (
        <LoadError text={info.error.message} onRetry={() => void info.refetch()} />
      ) : !info.data.allowOnlineMembershipCancellation ? (
        <div className="stack" role="status">
          <p>
            <strong>{MEMBERSHIP_MANAGEMENT_TEXTS.cannotCancelOnline}</strong>
          </p>
          {info.data.membershipCancellationRefusalMessage && (
            <p>{info.data.membershipCancellationRefusalMessage}</p>
          )}
        </div>
      ) : info.data.hasOutstandingPenaltiesDue ? (
        <DebtPage info={info.data} membershipId={membership.id} />
      ) : (
        <ConfirmCancel info={info.data} membership={membership} onClose={onClose} />
      )}
    </ModalDialog>
  );
}
