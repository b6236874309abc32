import { BOOKING_TEXTS } from '@fieldhouse/contract/texts/bookings';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Link } from '../../../lib/router';
import { SiteLink } from '../../../shell/site-link';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { DetailsList } from '../../../ui/details-list';
import { ModalDialog } from '../../../ui/modal';
import { useCancelBooking } from '../api/cancel-booking';
import type { Booking } from '../api/types';
import { localTime } from '../rules/group';

function AfterwardsActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="button-row">
      <SiteLink site="bookings" to="/redirect-to-selected-venue" className={buttonClass('primary')}>
        Make another booking
      </SiteLink>
      <Button variant="secondary" onClick={onClose}>
        Back to my bookings
      </Button>
    </div>
  );
}

/** 'Cancel booking' is disabled when it is too late; a tooltip (hover, keyboard focus) says why. */
function CannotCancelButton() {
  const tipId = useId();
  return (
    <span className="tooltip-wrap">
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-disabled="true"
        aria-describedby={tipId}
        onClick={(event) => event.preventDefault()}
      >
        Cancel booking
      </button>
      <span role="tooltip" id={tipId} className="tooltip">
        {BOOKING_TEXTS.cannotCancel}
      </span>
    </span>
  );
}

/**
 * The step between 'Cancel booking' and the cancellation: it states the cut-off and whether credit will be
 * given (the booking's own messages), then cancels or keeps the booking. Focus moves to its question.
 */
function ConfirmCancel({
  booking,
  isPending,
  onConfirm,
  onKeep,
}: {
  booking: Booking;
  isPending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  const titleId = useId();
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <section className="booking-modal__confirm" aria-labelledby={titleId}>
      <p className="booking-modal__question" id={titleId} ref={questionRef} tabIndex={-1}>
        Are you sure you want to cancel this booking?
      </p>
      <p>You can cancel this booking until {booking.cancellationCutOff.cutoffAt.pretty}.</p>
      <p>{booking.awardsCredit.message}</p>
      <div className="button-row">
        <Button variant="primary" isPending={isPending} onClick={onConfirm}>
          {isPending ? BOOKING_TEXTS.cancelling : 'Yes, cancel booking'}
        </Button>
        <Button variant="secondary" disabled={isPending} onClick={onKeep}>
          Keep booking
        </Button>
      </div>
    </section>
  );
}

/** 'Your booking': details, 'View order', 'Cancel booking' and what happened after a cancellation. */
export function BookingModal({
  booking,
  isUpcoming,
  isActivitiesV2,
  onClose,
}: {
  booking: Booking;
  isUpcoming: boolean;
  isActivitiesV2: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelBooking();
  const [isConfirming, setIsConfirming] = useState(false);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const keepBooking = () => {
    setIsConfirming(false);
    requestAnimationFrame(() => cancelButtonRef.current?.focus());
  };
  const isCancelled = cancel.isSuccess || booking.status === 'cancelled';
  const rows: [string, string][] = [
    ['Venue', booking.venueName || booking.venue.name],
    ['Name', booking.name],
    ['Date', booking.datePretty],
    ['Location', booking.locationName],
    ['Time', `${localTime(booking.startsAt.local)} - ${localTime(booking.endsAt.local)}`],
    ['Price', booking.price.formatted],
  ];
  return (
    <ModalDialog title="Your booking" size="wide" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="booking-modal stack">
        {isCancelled && <Badge tone="danger">Cancelled</Badge>}
        <DetailsList rows={rows} variant={['rows']} />

        {cancel.isSuccess ? (
          <>
            <div role="status">
              <p className="booking-modal__outcome">{BOOKING_TEXTS.cancelled}</p>
              {/* What the server did, not what the list said: the activity's credit rule may have changed since. */}
              <p>
                {cancel.data.creditAwarded.raw > 0 ? BOOKING_TEXTS.creditAwarded : BOOKING_TEXTS.noCredit}
              </p>
            </div>
            <AfterwardsActions onClose={onClose} />
          </>
        ) : cancel.isError ? (
          <>
            <p className="booking-modal__error" role="alert">
              {serverMessageOr(cancel.error, DEFAULT_ERROR_TEXTS.generic)}
            </p>
            <Button variant="secondary" onClick={onClose}>
              Back to my bookings
            </Button>
          </>
        ) : isConfirming ? (
          <ConfirmCancel
            booking={booking}
            isPending={cancel.isPending}
            onConfirm={() => cancel.mutate({ booking, isActivitiesV2 })}
            onKeep={keepBooking}
          />
        ) : (
          <div className="button-row">
            {booking.orderId !== null && (
              <Link
                to={`/payments/order-history/${booking.orderId}`}
                state={{ fromPage: 'Bookings' }}
                className={buttonClass('primary')}
              >
                View order
              </Link>
            )}
            {isUpcoming &&
              !isCancelled &&
              (booking.canBeCancelled ? (
                <Button ref={cancelButtonRef} variant="secondary" onClick={() => setIsConfirming(true)}>
                  Cancel booking
                </Button>
              ) : (
                <CannotCancelButton />
              ))}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
