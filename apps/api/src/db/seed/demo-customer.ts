/**
 * The demo customer (Alex Morgan) and the family sharing one email: Alex's direct debit and Gym & Swim
 * membership, a dozen bookings at the home venue (upcoming, attended, a no-show, one cancelled late), and other
 * members who fill one session (with a waitlist) and all but one place of another.
 */
import { inArray, sql } from 'drizzle-orm';
import { addDays, addMonths, formatIso, instantAt, localDateOf } from '../../lib/local-date.ts';
import type { Tx } from '../client.ts';
import { createCustomer, createMandate } from '../factories/customers.ts';
import { createMembership } from '../factories/memberships.ts';
import { createOrder, lineVat } from '../factories/money.ts';
import { createBooking, createWaitlistEntry } from '../factories/programme.ts';
import { attributeOrder } from '../order-venue.ts';
import { activities, activitySessions, bookings, orderItems, payments } from '../schema.ts';
import { DEMO_EXTRA_CUSTOMERS, DEMO_FULL_SESSION, DEMO_NEARLY_FULL_SESSION } from '../seed-data.ts';
import type { SeededSession } from './programme.ts';

const DAY_MS = 86_400_000;

export type DemoPeople = {
  clientId: number;
  now: Date;
  demoHash: string;
  familyHash: string;
  home: { id: number };
  familyVenueId: number;
};

/** Alex Morgan (the demo login) and Sam and Jo Taylor (one email, two passwords). */
export async function seedDemoCustomers(
  tx: Tx,
  input: DemoPeople & { reference: string; email: string; familyEmail: string },
) {
  const { clientId, now } = input;
  const demo = await createCustomer(tx, {
    clientId,
    reference: input.reference,
    email: input.email,
    firstName: 'Alex',
    lastName: 'Morgan',
    passwordHash: input.demoHash,
    dateOfBirth: '1990-04-12',
    phone: '07700 900123',
    homeVenueId: input.home.id,
    termsAcceptedAt: new Date(now.getTime() - 240 * DAY_MS),
    billingDay: 1,
    hasInstruction: true,
    createdAt: new Date(now.getTime() - 240 * DAY_MS),
  });
  for (const [i, person] of [
    { firstName: 'Sam', passwordHash: input.demoHash },
    { firstName: 'Jo', passwordHash: input.familyHash },
  ].entries()) {
    await createCustomer(tx, {
      clientId,
      reference: `FH10000${i + 2}`,
      email: input.familyEmail,
      lastName: 'Taylor',
      ...person,
      homeVenueId: input.familyVenueId,
      termsAcceptedAt: new Date(now.getTime() - 90 * DAY_MS),
    });
  }
  return demo;
}

/**
 * A member's monthly membership paid by a sandbox direct debit (collected on the 1st), started `startedDaysAgo` ago:
 * active, or (`mandateCancelledDaysAgo`) cancelled at the bank since, as a member who stopped it would have it.
 */
export async function seedDirectDebitMembership(
  tx: Tx,
  input: {
    now: Date;
    customerId: number;
    homeVenueId: number;
    option: { id: number; membershipTypeId: number; baseFee: number };
    reference: string;
    mandate: {
      reference: string;
      accountHolder: string;
      billingAddressLine1: string;
      billingPostcode: string;
    };
    startedDaysAgo: number;
    mandateCancelledDaysAgo?: number;
  },
) {
  const { now } = input;
  const cancelledAt =
    input.mandateCancelledDaysAgo === undefined
      ? null
      : new Date(now.getTime() - input.mandateCancelledDaysAgo * DAY_MS);
  const today = localDateOf(now);
  const nextPayment = addMonths({ ...today, day: 1 }, 1);
  const since = new Date(now.getTime() - input.startedDaysAgo * DAY_MS);
  const mandate = await createMandate(tx, {
    customerId: input.customerId,
    provider: 'sandbox',
    ...input.mandate,
    accountNumberLast4: '5678',
    sortCodeMasked: '20-**-**',
    billingCity: 'Leeds',
    status: cancelledAt ? 'cancelled' : 'active',
    createdAt: since,
    activatedAt: since,
    cancelledAt,
  });
  return createMembership(tx, {
    mandateId: mandate.id,
    customerId: input.customerId,
    membershipTypeId: input.option.membershipTypeId,
    paymentOptionId: input.option.id,
    homeVenueId: input.homeVenueId,
    reference: input.reference,
    status: 'active',
    startDate: formatIso(addDays(today, -input.startedDaysAgo)),
    nextPaymentDate: formatIso(nextPayment),
    price: input.option.baseFee,
    createdAt: since,
  });
}

type Status = 'booked' | 'attended' | 'no_show' | 'cancelled';

/** ~4 upcoming bookings (from tomorrow) and ~8 past ones at the home venue, plus one cancelled late; paid by card. */
export async function seedDemoBookings(
  tx: Tx,
  input: {
    now: Date;
    customerId: number;
    homeSessions: SeededSession[];
    activityName: (id: number) => string;
  },
) {
  const { now, homeSessions } = input;
  const today = localDateOf(now);
  const tomorrow = instantAt(addDays(today, 1), { hour: 0, minute: 0 });
  const pickOn = (dayOffset: number, nth: number) => {
    const from = instantAt(addDays(today, dayOffset), { hour: 0, minute: 0 });
    const to = new Date(from.getTime() + DAY_MS);
    const onDay = homeSessions.filter((s) => s.startsAt >= from && s.startsAt < to);
    return onDay[nth % Math.max(onDay.length, 1)];
  };
  const planned: { sessionDay: number; nth: number; status: Status }[] = [
    { sessionDay: 1, nth: 1, status: 'booked' },
    { sessionDay: 2, nth: 3, status: 'booked' },
    { sessionDay: 4, nth: 0, status: 'booked' },
    { sessionDay: 6, nth: 5, status: 'booked' },
    ...[-1, -3, -5, -8, -11, -15, -19, -24].map((d, i) => ({
      sessionDay: d,
      nth: i + 2,
      status: (i === 2 || i === 6 ? 'no_show' : 'attended') as Status,
    })),
    { sessionDay: -6, nth: 4, status: 'cancelled' },
  ];
  const chosen = planned
    .map((p) => ({ ...p, session: pickOn(p.sessionDay, p.nth) }))
    .filter((p): p is typeof p & { session: SeededSession } => Boolean(p.session))
    .filter((p) => p.sessionDay < 0 || p.session.startsAt >= tomorrow);

  // Booked three days ahead, or a few hours ago for sessions in the next few days (never in the future).
  const orderedAt = (session: { startsAt: Date }, i: number) =>
    new Date(Math.min(session.startsAt.getTime() - 3 * DAY_MS, now.getTime() - (i + 1) * 3_600_000));
  // Each line's VAT as checkout would record it: the activity's treatment (swimming lessons are exempt).
  const activityIds = [...new Set(chosen.map((c) => c.session.activityId))];
  const treatments = new Map(
    activityIds.length
      ? (
          await tx
            .select({ id: activities.id, vat: activities.vatTreatment })
            .from(activities)
            .where(inArray(activities.id, activityIds))
        ).map((a) => [a.id, a.vat])
      : [],
  );
  const booked = [];
  for (const [i, { session, status }] of chosen.entries()) {
    const createdAt = orderedAt(session, i);
    const { order } = await createOrder(tx, {
      customerId: input.customerId,
      total: session.price,
      paymentType: 'Card',
      createdAt,
      lines: [],
    });
    const booking = await createBooking(tx, {
      customerId: input.customerId,
      sessionId: session.id,
      orderId: order.id,
      status,
      attended: status === 'attended' ? true : status === 'no_show' ? false : null,
      price: session.price,
      createdAt,
      cancelledAt: status === 'cancelled' ? new Date(session.startsAt.getTime() - 30 * 60_000) : null,
      countPlace: false,
    });
    await tx.insert(orderItems).values({
      orderId: order.id,
      kind: 'activity',
      name: input.activityName(session.activityId),
      price: session.price,
      activitySessionId: session.id,
      bookingId: booking.id,
      ...lineVat(treatments.get(session.activityId) ?? 'standard', createdAt),
    });
    await tx.insert(payments).values({
      orderId: order.id,
      tenderType: 'card',
      amount: session.price,
      providerChargeId: `ch_demo_${order.id}`,
      cardDescription: 'Visa ending in 4242',
      createdAt,
    });
    await attributeOrder(tx, order.id);
    booked.push({ booking, session });
  }
  return booked;
}

/**
 * Other members (sharing the demo password) fill a session in two days, two more wait for it, and all but one
 * place of a session in three days is taken. Then every booked session counts its places.
 */
export async function seedBusySessions(
  tx: Tx,
  input: DemoPeople & {
    homeSessions: SeededSession[];
    demoBookings: { session: SeededSession }[];
    activityOf: (id: number) => { name: string; capacity: number };
  },
) {
  const { now, homeSessions, activityOf } = input;
  const extras = [];
  for (const c of DEMO_EXTRA_CUSTOMERS) {
    extras.push(
      await createCustomer(tx, {
        clientId: input.clientId,
        ...c,
        passwordHash: input.demoHash,
        homeVenueId: input.home.id,
        termsAcceptedAt: new Date(now.getTime() - 60 * DAY_MS),
      }),
    );
  }
  const today = localDateOf(now);
  const demoSessions = new Set(input.demoBookings.map((b) => b.session.id));
  const findHomeSession = (spec: { dayOffset: number; name: string; time: string }) => {
    const [hour, minute] = spec.time.split(':').map(Number) as [number, number];
    const at = instantAt(addDays(today, spec.dayOffset), { hour, minute }).getTime();
    return homeSessions.find(
      (s) =>
        s.startsAt.getTime() === at && activityOf(s.activityId).name === spec.name && !demoSessions.has(s.id),
    );
  };
  const full = findHomeSession(DEMO_FULL_SESSION);
  const nearlyFull = findHomeSession(DEMO_NEARLY_FULL_SESSION);
  const capacityOf = (s: SeededSession) => activityOf(s.activityId).capacity;
  const taken = [
    ...(full ? extras.slice(0, capacityOf(full)).map((c) => ({ customerId: c.id, session: full })) : []),
    ...(nearlyFull
      ? extras.slice(0, capacityOf(nearlyFull) - 1).map((c) => ({ customerId: c.id, session: nearlyFull }))
      : []),
  ];
  for (const { customerId, session } of taken) {
    await createBooking(tx, {
      customerId,
      sessionId: session.id,
      orderId: null,
      status: 'booked',
      attended: null,
      price: session.price,
      createdAt: new Date(now.getTime() - DAY_MS),
      countPlace: false,
    });
  }
  if (full) {
    for (const [i, c] of extras.slice(capacityOf(full), capacityOf(full) + 2).entries()) {
      const at = new Date(now.getTime() - (12 - i) * 3_600_000);
      await createWaitlistEntry(tx, { customerId: c.id, sessionId: full.id, createdAt: at, updatedAt: at });
    }
  }
  const sessionIds = [...new Set([...input.demoBookings, ...taken].map((b) => b.session.id))];
  await tx
    .update(activitySessions)
    .set({
      bookedCount: sql`(select coalesce(sum(b.places), 0)::int from ${bookings} b where b.activity_session_id = ${activitySessions.id} and b.status <> 'cancelled')`,
    })
    .where(inArray(activitySessions.id, sessionIds));
  return extras;
}
