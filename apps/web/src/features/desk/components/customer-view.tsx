import type { ReactNode } from 'react';
import type { DeskCustomer } from '../api/get-desk-customer';
import { BookSession } from './book-session';
import { CheckInAction } from './check-in-action';
import {
  CustomerBookings,
  CustomerCheckIns,
  CustomerFacts,
  CustomerGuestPasses,
  CustomerMemberships,
  CustomerMoney,
  CustomerOrders,
  CustomerWaivers,
} from './customer-details';
import { CustomerPhoto } from './customer-photo';
import { DeskSell } from './desk-sell';
import type { WorkVenue } from './work-venue-field';
import '../desk.css';

/**
 * One customer at the desk: their photo (to check who is there) with name and number and the check-in; then
 * memberships, selling a membership (decision 076), booking a session, their bookings and orders beside their details, money, waivers, guest passes and
 * check-ins (one column on a tablet). `children` (the record their venue's staff keep, from the page) come under the
 * head, before the rest.
 */
export function CustomerView({
  data,
  venues,
  children,
  orders,
}: {
  data: DeskCustomer;
  venues: readonly WorkVenue[];
  children?: ReactNode;
  /** The customer's orders with what staff may do to them (refunds); else the desk's short list. */
  orders?: ReactNode;
}) {
  const c = data.customer;
  const orderNumberOf = (orderId: number) => data.recentOrders.find((o) => o.id === orderId)?.number ?? null;
  return (
    <div className="desk-customer">
      <div className="desk-customer__head card">
        <CustomerPhoto name={c.name} url={c.photoUrl} />
        <div className="desk-customer__who">
          <h1>{c.name}</h1>
          <p className="muted">
            Customer no {c.reference}
            {c.homeVenue ? ` · ${c.homeVenue.name}` : ''}
          </p>
          {data.unpaidFees.length > 0 && (
            <p className="desk-customer__flag">Unpaid fees: {data.unpaidTotal.formatted}</p>
          )}
        </div>
        <CheckInAction customerId={c.id} customerName={c.firstName || c.name} venues={venues} />
      </div>
      {children}
      <div className="desk-customer__grid">
        <div className="desk-customer__main">
          <CustomerMemberships data={data} />
          <DeskSell customerId={c.id} venues={venues} />
          <BookSession
            customerId={c.id}
            customerName={c.name}
            venues={venues}
            orderNumberOf={orderNumberOf}
          />
          <CustomerBookings data={data} />
          {orders ?? <CustomerOrders data={data} />}
        </div>
        <div className="desk-customer__side">
          <CustomerFacts data={data} />
          <CustomerMoney data={data} />
          <CustomerWaivers data={data} />
          <CustomerGuestPasses data={data} />
          <CustomerCheckIns data={data} />
        </div>
      </div>
    </div>
  );
}
