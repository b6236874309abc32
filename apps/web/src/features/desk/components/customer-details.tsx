import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { DetailsList, type DetailsRow } from '../../../ui/details-list';
import type { DeskBooking, DeskCustomer } from '../api/get-desk-customer';
import { bookingStatusWord, humanise } from '../rules/words';

/** A titled part of the customer view; `empty` shows when it has nothing. */
function Section({
  title,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  isEmpty: boolean;
  empty: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className="card desk-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {isEmpty ? <p className="muted">{empty}</p> : children}
    </section>
  );
}

const dateOf = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`) : null);
/** An instant as a date, or the text as it came when it is not one. */
const shownDate = (value: string) => (Number.isNaN(Date.parse(value)) ? value : formatDate(value));

export function CustomerFacts({ data }: { data: DeskCustomer }) {
  const c = data.customer;
  const rows: DetailsRow[] = [
    ['Customer no', c.reference],
    ['Email', c.email],
    ...(c.phone ? [['Phone', c.phone] as const] : []),
    ...(c.dateOfBirth ? [['Date of birth', dateOf(c.dateOfBirth)] as const] : []),
    ...(c.postcode ? [['Postcode', c.postcode] as const] : []),
    ['Home venue', c.homeVenue?.name ?? 'None'],
    ['Customer since', formatDate(c.joinedAt.raw)],
  ];
  return (
    <Section title="Details" isEmpty={false} empty="">
      <DetailsList rows={rows} variant={['rows']} />
    </Section>
  );
}

const MEMBERSHIP_TONES: Record<string, 'success' | 'danger' | 'neutral'> = {
  active: 'success',
  cancelled: 'danger',
  expired: 'danger',
};

export function CustomerMemberships({ data }: { data: DeskCustomer }) {
  return (
    <Section title="Memberships" isEmpty={data.memberships.length === 0} empty="No memberships.">
      <ul className="desk-list">
        {data.memberships.map((m) => (
          <li key={m.id} className="desk-list__item">
            <div className="desk-list__head">
              <strong>{m.name}</strong>
              <Badge tone={MEMBERSHIP_TONES[m.status] ?? 'neutral'}>{humanise(m.status)}</Badge>
            </div>
            {m.statusInfo && <p className="muted">{m.statusInfo}</p>}
            <p className="desk-list__meta">
              {m.venue} · {m.reference} · started {m.startDatePretty}
              {m.expiresAt ? ` · ends ${dateOf(m.expiresAt)}` : ''}
              {m.nextPaymentDate ? ` · next payment ${dateOf(m.nextPaymentDate)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function BookingTable({ caption, bookings }: { caption: string; bookings: DeskBooking[] }) {
  return (
    <table className="desk-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Session</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id}>
            <td className="desk-table__when">{b.startsAt.pretty}</td>
            <td>
              {b.name}
              {b.places > 1 ? ` (${b.places} places)` : ''}
              <br />
              <span className="muted">{b.venue.name}</span>
            </td>
            <td>{bookingStatusWord(b.status, b.attended)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CustomerBookings({ data }: { data: DeskCustomer }) {
  return (
    <>
      <Section
        title="Upcoming bookings"
        isEmpty={data.upcomingBookings.length === 0}
        empty="No upcoming bookings."
      >
        <BookingTable caption="Upcoming bookings, soonest first" bookings={data.upcomingBookings} />
      </Section>
      <Section title="Recent bookings" isEmpty={data.recentBookings.length === 0} empty="No recent bookings.">
        <BookingTable caption="Recent bookings, latest first" bookings={data.recentBookings} />
      </Section>
    </>
  );
}

export function CustomerOrders({ data }: { data: DeskCustomer }) {
  return (
    <Section title="Orders" isEmpty={data.recentOrders.length === 0} empty="No orders yet.">
      <table className="desk-table">
        <caption className="visually-hidden">Recent orders, latest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">When</th>
            <th scope="col" className="desk-table__money">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {data.recentOrders.map((o) => (
            <tr key={o.id}>
              <td>
                {o.number}
                {o.status !== 'completed' && <span className="muted"> ({humanise(o.status)})</span>}
              </td>
              <td>{o.createdAt.pretty}</td>
              <td className="desk-table__money">{o.total.formatted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function CustomerMoney({ data }: { data: DeskCustomer }) {
  return (
    <>
      <Section title="Credit" isEmpty={false} empty="">
        <DetailsList
          variant={['rows']}
          rows={[
            ['Booking credit', data.credit.general.formatted],
            ['Membership credit', data.credit.membership.formatted],
            ['Total', data.credit.total.formatted],
          ]}
        />
      </Section>
      <Section title="Unpaid fees" isEmpty={data.unpaidFees.length === 0} empty="No unpaid fees.">
        <ul className="desk-list">
          {data.unpaidFees.map((fee) => (
            <li key={fee.id} className="desk-list__item desk-list__item--row">
              <span>
                {fee.description}
                <br />
                <span className="muted">
                  {fee.venue} · {shownDate(fee.createdAt)}
                </span>
              </span>
              <strong>{fee.amount.formatted}</strong>
            </li>
          ))}
        </ul>
        <p className="desk-total">
          Total unpaid: <strong>{data.unpaidTotal.formatted}</strong>
        </p>
      </Section>
    </>
  );
}

export function CustomerWaivers({ data }: { data: DeskCustomer }) {
  return (
    <Section title="Waivers" isEmpty={data.waivers.length === 0} empty="No waivers signed.">
      <ul className="desk-list">
        {data.waivers.map((w) => (
          <li key={w.id} className="desk-list__item">
            <strong>{w.name}</strong>
            <p className="desk-list__meta">
              {w.attendee ? `For ${w.attendee} · ` : ''}Signed {w.signed}
              {w.expires ? ` · expires ${w.expires}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const PASS_TONES = { issued: 'neutral', redeemed: 'success', expired: 'danger' } as const;

export function CustomerGuestPasses({ data }: { data: DeskCustomer }) {
  return (
    <Section title="Guest passes" isEmpty={data.guestPasses.length === 0} empty="No guest passes sent.">
      <ul className="desk-list">
        {data.guestPasses.map((p) => (
          <li key={p.id} className="desk-list__item">
            <div className="desk-list__head">
              <strong>{p.guestName}</strong>
              <Badge tone={PASS_TONES[p.status]}>{humanise(p.status)}</Badge>
            </div>
            <p className="desk-list__meta">
              Code {p.code} · {p.venue.name} ·{' '}
              {p.redeemedAt ? `redeemed ${p.redeemedAt.pretty}` : `valid until ${p.validTo.pretty}`}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function CustomerCheckIns({ data }: { data: DeskCustomer }) {
  return (
    <Section title="Recent check-ins" isEmpty={data.checkIns.length === 0} empty="No check-ins yet.">
      <ul className="desk-list">
        {data.checkIns.map((c) => (
          <li key={c.id} className="desk-list__item">
            {c.at.pretty} at {c.venue.name}
            {c.staff ? <span className="muted"> · by {c.staff}</span> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
