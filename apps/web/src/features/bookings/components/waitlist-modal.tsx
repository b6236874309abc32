import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { WAITLIST_TEXTS } from '@fieldhouse/contract/texts/waitlist';
import { serverMessageOr } from '../../../lib/api/client';
import { SiteLink } from '../../../shell/site-link';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { DetailsList } from '../../../ui/details-list';
import { ModalDialog } from '../../../ui/modal';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import type { WaitlistEntry } from '../api/types';

/** 'Your waitlist booking': details (no price) and 'Leave waitlist'. */
export function WaitlistModal({ entry, onClose }: { entry: WaitlistEntry; onClose: () => void }) {
  const leave = useLeaveWaitlist();
  const w = entry.waitlistable;
  const rows: [string, string][] = [
    ['Venue', w.venueName],
    ['Name', w.name],
    ['Date', w.date],
    ['Location', w.location.name],
    ['Time', `${w.startsAt} - ${w.endsAt}`],
    ['Position', String(entry.order)],
  ];
  return (
    <ModalDialog title="Your waitlist booking" size="wide" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="booking-modal stack">
        {leave.isSuccess && <Badge tone="danger">Removed</Badge>}
        <DetailsList rows={rows} variant={['rows']} />
        {leave.isSuccess ? (
          <>
            <p className="booking-modal__outcome" role="status">
              {WAITLIST_TEXTS.removed}
            </p>
            <div className="button-row">
              <SiteLink site="bookings" to="/redirect-to-selected-venue" className={buttonClass('primary')}>
                Make another booking
              </SiteLink>
              <Button variant="secondary" onClick={onClose}>
                Back to my bookings
              </Button>
            </div>
          </>
        ) : leave.isError ? (
          <>
            <p className="booking-modal__error" role="alert">
              {serverMessageOr(leave.error, DEFAULT_ERROR_TEXTS.generic)}
            </p>
            <Button variant="secondary" onClick={onClose}>
              Back to my bookings
            </Button>
          </>
        ) : (
          <div className="button-row">
            <Button variant="secondary" isPending={leave.isPending} onClick={() => leave.mutate(entry.id)}>
              {leave.isPending ? WAITLIST_TEXTS.removing : 'Leave waitlist'}
            </Button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
