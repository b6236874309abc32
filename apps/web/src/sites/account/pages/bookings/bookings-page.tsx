import { BOOKING_TEXTS } from '@fieldhouse/contract/texts/bookings';
import { useRef } from 'react';
import { BookingsList, WaitlistList } from '../../../../features/bookings/components/bookings-list';
import { BookingsToggle, type BookingsView } from '../../../../features/bookings/components/bookings-toggle';
import { useClient } from '../../../../features/client/api/get-client';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';

/** Filter values of the URL; 'historic' is shown as previous. */
const VIEWS: Record<string, BookingsView> = {
  upcoming: 'upcoming',
  previous: 'previous',
  historic: 'previous',
  waitlist: 'waitlist',
};

/** /bookings/:filter — upcoming, previous (historic) or waitlist. */
export default function BookingsPage() {
  const { filter = 'upcoming' } = useParams();
  const client = useClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const view = VIEWS[filter];
  // After a modal closes, focus returns to its opener; if that card has gone (cancelled, left), to the heading.
  const onModalClosed = () =>
    window.setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
    }, 50);
  return (
    <section className="page">
      <PageTitle title="Bookings" />
      <h1 ref={headingRef} tabIndex={-1}>
        Bookings
      </h1>
      {!view ? (
        <p>{BOOKING_TEXTS.filterNotFound}</p>
      ) : (
        <>
          <BookingsToggle current={view} />
          {view === 'waitlist' ? (
            <WaitlistList onModalClosed={onModalClosed} />
          ) : (
            <BookingsList
              key={view}
              kind={view}
              isActivitiesV2={client?.features.activitiesV2 ?? false}
              onModalClosed={onModalClosed}
            />
          )}
        </>
      )}
    </section>
  );
}
