import { inArray, sql } from 'drizzle-orm';
import { addDays, addMonths, endOfDay, formatIso, instantAt, localDateOf } from '../lib/local-date.ts';
import { hashPassword } from '../lib/password.ts';
import { createGuestPassCode } from '../lib/tokens.ts';
import { periodStart } from '../lib/venue-time.ts';
import type { Db, Tx } from './client.ts';
import {
  activities,
  activitySessions,
  benefitUsages,
  bookings,
  clients,
  creditTransactions,
  customerPackages,
  customerPackageVenues,
  customers,
  customQuestions,
  directDebitMandates,
  guestPasses,
  membershipBenefits,
  membershipPromotions,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  orderItems,
  orders,
  packageUsages,
  paymentOptions,
  payments,
  penalties,
  sandboxCardTokens,
  savedCards,
  terms,
  venues,
  waitlistEntries,
} from './schema.ts';
import {
  DEMO_ACTIVITIES,
  DEMO_BENEFITS,
  DEMO_CHECKOUT_TERMS,
  DEMO_CLIENT_CONTACT,
  DEMO_CUSTOM_QUESTIONS,
  DEMO_EXTRA_CUSTOMERS,
  DEMO_FOOTER_HTML,
  DEMO_FULL_SESSION,
  DEMO_GUEST_PASS_PACKAGE,
  DEMO_GUESTS,
  DEMO_JOINING_TERMS,
  DEMO_LONG_HISTORY_CUSTOMER,
  DEMO_LONG_HISTORY_ORDERS,
  DEMO_MEMBERSHIP_PROMOTIONS,
  DEMO_MEMBERSHIP_TYPES,
  DEMO_NEARLY_FULL_SESSION,
  DEMO_NO_SHOW_FEE,
  DEMO_PACKAGE,
  DEMO_THEME,
  DEMO_VENUES,
  OVERRIDE_FOOTER_HTML,
  OVERRIDE_THEME,
  OVERRIDE_VENUE_SLUG,
} from './seed-data.ts';
import { seedManagement } from './seed-management.ts';
import { seedProfile } from './seed-profile.ts';

export const DEMO_EMAIL = 'demo@fieldhouse.test';
export const DEMO_PASSWORD = 'Fieldhouse1!';
export const DEMO_REFERENCE = 'FH100001';
/** Two accounts share this email (a family): Sam uses DEMO_PASSWORD, Jo uses FAMILY_SECOND_PASSWORD. */
export const FAMILY_EMAIL = 'family@fieldhouse.test';
export const FAMILY_SECOND_PASSWORD = 'Fieldhouse2!';
export const DEMO_HOME_VENUE_SLUG = 'john-charles-centre-for-sport';
/** The sandbox payment method behind the demo customer's saved Visa ending 4242. */
export const DEMO_SAVED_CARD_REF = 'pm_demo_visa_4242';

const DAYS_AHEAD = 14;
const DAYS_BEHIND = 30;
const DAY_MS = 86_400_000;

async function insertInChunks<T>(items: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

/**
 * Seeds the demo operator, venues, programme and customers relative to `now` (so the demo never goes stale).
 * Idempotent: does nothing when a client exists. Returns whether it seeded.
 */
export async function seedDemo(db: Db, { now }: { now: Date }): Promise<boolean> {
  const [demoHash, familyHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(FAMILY_SECOND_PASSWORD),
  ]);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: clients.id }).from(clients).limit(1);
    if (existing) return false;
    await seedInTransaction(tx, now, demoHash, familyHash);
    return true;
  });
}

async function seedInTransaction(tx: Tx, now: Date, demoHash: string, familyHash: string) {
  const [client] = await tx
    .insert(clients)
    .values({
      slug: 'fieldhouse-leisure',
      name: 'Fieldhouse Leisure',
      opGtmId: null,
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: true,
      },
      kioskHomeUrl: null,
      supportEmail: 'hello@fieldhouse.test',
      theme: DEMO_THEME,
      footerHtml: DEMO_FOOTER_HTML,
      ...DEMO_CLIENT_CONTACT,
    })
    .returning();
  const clientId = client!.id;

  const venueRows = await tx
    .insert(venues)
    .values(
      DEMO_VENUES.map((v, i) => ({
        clientId,
        slug: v.slug,
        name: v.name,
        address1: v.address1,
        address2: v.address2,
        town: v.town,
        postcode: v.postcode,
        lat: v.lat,
        lng: v.lng,
        themeOverrides: v.slug === OVERRIDE_VENUE_SLUG ? OVERRIDE_THEME : {},
        footerHtml: v.slug === OVERRIDE_VENUE_SLUG ? OVERRIDE_FOOTER_HTML : null,
        allowIneligibleMemberships: i % 3 === 0,
      })),
    )
    .returning();
  const venueBySlug = new Map(venueRows.map((v) => [v.slug, v]));
  const home = venueBySlug.get(DEMO_HOME_VENUE_SLUG)!;

  // Membership types and their payment options.
  const typeRows = await tx
    .insert(membershipTypes)
    .values(
      DEMO_MEMBERSHIP_TYPES.map((t, i) => ({
        clientId,
        slug: t.slug,
        name: t.name,
        descriptionHtml: t.descriptionHtml,
        category: t.category,
        coverage: t.coverage,
        eligibilityName: t.eligibilityName,
        providesAccessTo: t.providesAccessTo,
        sortOrder: i,
      })),
    )
    .returning();
  const optionRows = await tx
    .insert(paymentOptions)
    .values(
      DEMO_MEMBERSHIP_TYPES.flatMap((t, i) =>
        t.options.map((o) => ({
          membershipTypeId: typeRows[i]!.id,
          name: o.name,
          paymentType: o.paymentType,
          baseFee: o.baseFee,
          joiningFee: o.joiningFee,
          fixedDuration: o.fixedDuration ?? null,
          fixedPeriod: o.fixedPeriod ?? null,
          monthInHand: o.monthInHand ?? false,
        })),
      ),
    )
    .returning();
  await tx.insert(customQuestions).values(
    DEMO_CUSTOM_QUESTIONS.map((q, i) => ({
      membershipTypeId: typeRows[DEMO_MEMBERSHIP_TYPES.findIndex((t) => t.slug === q.membershipTypeSlug)]!.id,
      reference: q.reference,
      label: q.label,
      type: q.type,
      options: q.options ?? [],
      placeholder: q.placeholder ?? null,
      isRequired: q.isRequired ?? false,
      defaultValue: q.defaultValue ?? null,
      sortOrder: i,
    })),
  );
  await tx.insert(membershipPromotions).values(
    DEMO_MEMBERSHIP_PROMOTIONS.map((p) => {
      const typeIndex = p.option
        ? DEMO_MEMBERSHIP_TYPES.findIndex((t) => t.slug === p.option!.membershipTypeSlug)
        : -1;
      const option = p.option
        ? optionRows.find((o) => o.membershipTypeId === typeRows[typeIndex]!.id && o.name === p.option!.name)!
        : null;
      return {
        clientId,
        code: p.code,
        paymentOptionId: option?.id ?? null,
        kind: p.kind,
        value: p.value,
        appliesTo: p.appliesTo,
        validFrom: p.validFromDays === undefined ? null : new Date(now.getTime() + p.validFromDays * DAY_MS),
        validTo: p.validToDays === undefined ? null : new Date(now.getTime() + p.validToDays * DAY_MS),
      };
    }),
  );
  const venueTypes = typeRows.filter((t) => t.coverage === 'venues');
  if (venueTypes.length) {
    await tx
      .insert(membershipTypeVenues)
      .values(
        venueTypes.flatMap((t) =>
          venueRows.slice(0, 8).map((v) => ({ membershipTypeId: t.id, venueId: v.id })),
        ),
      );
  }

  // Activities per venue and their sessions: the last 30 days and the next 14, venue-local times.
  const activityValues = venueRows.flatMap((venue, vi) =>
    DEMO_ACTIVITIES.filter((_activity, ai) => (vi + ai) % 5 !== 4).map((a) => ({
      venueId: venue.id,
      name: a.name,
      description: a.description,
      category: a.category,
      locationName: a.locationName,
      price: a.price,
      capacity: a.capacity,
      durationMinutes: a.durationMinutes,
      cancellationCutoffHours: a.cancellationCutoffHours,
      cancellationAwardsCredit: a.cancellationAwardsCredit,
      requiresWaiver: a.requiresWaiver ?? false,
      maxPlacesPerBooking: a.maxPlacesPerBooking ?? 1,
    })),
  );
  const activityRows = await tx.insert(activities).values(activityValues).returning();
  const timesByName = new Map(DEMO_ACTIVITIES.map((a) => [a.name, a.times]));

  const today = localDateOf(now);
  const sessionValues: (typeof activitySessions.$inferInsert)[] = [];
  for (let offset = -DAYS_BEHIND; offset <= DAYS_AHEAD; offset++) {
    const day = addDays(today, offset);
    activityRows.forEach((activity, ai) => {
      // Each activity runs six days a week, with a different rest day per activity.
      if ((offset + DAYS_BEHIND + ai) % 7 === 0 && activity.venueId !== home.id) return;
      for (const time of timesByName.get(activity.name) ?? []) {
        const [hour, minute] = time.split(':').map(Number) as [number, number];
        const startsAt = instantAt(day, { hour, minute });
        sessionValues.push({
          activityId: activity.id,
          venueId: activity.venueId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + activity.durationMinutes * 60_000),
          capacity: activity.capacity,
          price: activity.price,
          locationName: activity.locationName,
        });
      }
    });
  }
  const sessionRows: { id: number; activityId: number; venueId: number; startsAt: Date; price: number }[] =
    [];
  await insertInChunks(sessionValues, 1000, async (chunk) => {
    sessionRows.push(
      ...(await tx.insert(activitySessions).values(chunk).returning({
        id: activitySessions.id,
        activityId: activitySessions.activityId,
        venueId: activitySessions.venueId,
        startsAt: activitySessions.startsAt,
        price: activitySessions.price,
      })),
    );
  });

  // Customers: the demo customer and a family sharing one email.
  const [demo, sam, jo] = await tx
    .insert(customers)
    .values([
      {
        clientId,
        reference: DEMO_REFERENCE,
        email: DEMO_EMAIL,
        firstName: 'Alex',
        lastName: 'Morgan',
        passwordHash: demoHash,
        dateOfBirth: '1990-04-12',
        phone: '07700 900123',
        homeVenueId: home.id,
        termsAcceptedAt: new Date(now.getTime() - 240 * DAY_MS),
        billingDay: 1,
        hasInstruction: true,
        createdAt: new Date(now.getTime() - 240 * DAY_MS),
      },
      {
        clientId,
        reference: 'FH100002',
        email: FAMILY_EMAIL,
        firstName: 'Sam',
        lastName: 'Taylor',
        passwordHash: demoHash,
        homeVenueId: venueBySlug.get('manchester-aquatics-centre')!.id,
        termsAcceptedAt: new Date(now.getTime() - 90 * DAY_MS),
      },
      {
        clientId,
        reference: 'FH100003',
        email: FAMILY_EMAIL,
        firstName: 'Jo',
        lastName: 'Taylor',
        passwordHash: familyHash,
        homeVenueId: venueBySlug.get('manchester-aquatics-centre')!.id,
        termsAcceptedAt: new Date(now.getTime() - 90 * DAY_MS),
      },
    ])
    .returning();
  void sam;
  void jo;

  // The demo customer's active monthly Gym & Swim membership.
  const gymSwim = typeRows.find((t) => t.slug === 'gym-and-swim')!;
  const monthly = optionRows.find((o) => o.membershipTypeId === gymSwim.id && o.paymentType === 'recurring')!;
  const startDay = addDays(today, -240);
  const nextPayment = addMonths({ ...today, day: 1 }, 1);
  // Its direct debit (sandbox mandate, active): the demo customer 'has an instruction' and billing day 1.
  const [demoMandate] = await tx
    .insert(directDebitMandates)
    .values({
      customerId: demo!.id,
      provider: 'sandbox',
      reference: 'SBX-MD-DEMO100001',
      accountHolder: 'Alex Morgan',
      accountNumberLast4: '5678',
      sortCodeMasked: '20-**-**',
      billingAddressLine1: '12 Park Row',
      billingCity: 'Leeds',
      billingPostcode: 'LS1 5HD',
      status: 'active',
      createdAt: new Date(now.getTime() - 240 * DAY_MS),
      activatedAt: new Date(now.getTime() - 240 * DAY_MS),
    })
    .returning({ id: directDebitMandates.id });
  const [membership] = await tx
    .insert(memberships)
    .values({
      mandateId: demoMandate!.id,
      customerId: demo!.id,
      membershipTypeId: gymSwim.id,
      paymentOptionId: monthly.id,
      homeVenueId: home.id,
      reference: 'M-100001',
      status: 'active',
      startDate: formatIso(startDay),
      nextPaymentDate: formatIso(nextPayment),
      price: monthly.baseFee,
      createdAt: new Date(now.getTime() - 240 * DAY_MS),
    })
    .returning();

  // Bookings at the home venue: ~4 upcoming (from tomorrow) and ~8 past, plus one late-cancelled.
  const homeSessions = sessionRows
    .filter((s) => s.venueId === home.id)
    .sort((a, b) => +a.startsAt - +b.startsAt);
  const tomorrow = instantAt(addDays(today, 1), { hour: 0, minute: 0 });
  const pickOn = (dayOffset: number, nth: number) => {
    const from = instantAt(addDays(today, dayOffset), { hour: 0, minute: 0 });
    const to = new Date(from.getTime() + DAY_MS);
    const onDay = homeSessions.filter((s) => s.startsAt >= from && s.startsAt < to);
    return onDay[nth % Math.max(onDay.length, 1)];
  };
  const planned: {
    sessionDay: number;
    nth: number;
    status: 'booked' | 'attended' | 'no_show' | 'cancelled';
  }[] = [
    { sessionDay: 1, nth: 1, status: 'booked' },
    { sessionDay: 2, nth: 3, status: 'booked' },
    { sessionDay: 4, nth: 0, status: 'booked' },
    { sessionDay: 6, nth: 5, status: 'booked' },
    ...[-1, -3, -5, -8, -11, -15, -19, -24].map((d, i) => ({
      sessionDay: d,
      nth: i + 2,
      status: (i === 2 || i === 6 ? 'no_show' : 'attended') as 'attended' | 'no_show',
    })),
    { sessionDay: -6, nth: 4, status: 'cancelled' },
  ];
  const chosen = planned
    .map((p) => ({ ...p, session: pickOn(p.sessionDay, p.nth) }))
    .filter((p): p is typeof p & { session: NonNullable<typeof p.session> } => Boolean(p.session))
    .filter((p) => p.sessionDay < 0 || p.session.startsAt >= tomorrow);
  const activityById = new Map(activityRows.map((a) => [a.id, a]));

  // Booked three days ahead, or a few hours ago for sessions in the next few days (never in the future).
  const orderedAt = (session: { startsAt: Date }, i: number) =>
    new Date(Math.min(session.startsAt.getTime() - 3 * DAY_MS, now.getTime() - (i + 1) * 3_600_000));
  const orderRows = await tx
    .insert(orders)
    .values(
      chosen.map((c, i) => ({
        customerId: demo!.id,
        total: c.session.price,
        paymentType: 'Card',
        createdAt: orderedAt(c.session, i),
      })),
    )
    .returning({ id: orders.id });
  const bookingRows = await tx
    .insert(bookings)
    .values(
      chosen.map((c, i) => ({
        customerId: demo!.id,
        activitySessionId: c.session.id,
        orderId: orderRows[i]!.id,
        status: c.status,
        attended: c.status === 'attended' ? true : c.status === 'no_show' ? false : null,
        price: c.session.price,
        createdAt: orderedAt(c.session, i),
        cancelledAt: c.status === 'cancelled' ? new Date(c.session.startsAt.getTime() - 30 * 60_000) : null,
      })),
    )
    .returning({ id: bookings.id, status: bookings.status, activitySessionId: bookings.activitySessionId });
  await tx.insert(orderItems).values(
    chosen.map((c, i) => ({
      orderId: orderRows[i]!.id,
      kind: 'activity' as const,
      name: activityById.get(c.session.activityId)!.name,
      price: c.session.price,
      activitySessionId: c.session.id,
      bookingId: bookingRows[i]!.id,
    })),
  );
  await tx.insert(payments).values(
    chosen.map((c, i) => ({
      orderId: orderRows[i]!.id,
      tenderType: 'card' as const,
      amount: c.session.price,
      providerChargeId: `ch_demo_${orderRows[i]!.id}`,
      cardDescription: 'Visa ending in 4242',
      createdAt: orderedAt(c.session, i),
    })),
  );

  // A full session (waitlist demo) and one with a single place left, filled by other members.
  const extras = await tx
    .insert(customers)
    .values(
      DEMO_EXTRA_CUSTOMERS.map((c) => ({
        clientId,
        reference: c.reference,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        passwordHash: demoHash,
        homeVenueId: home.id,
        termsAcceptedAt: new Date(now.getTime() - 60 * DAY_MS),
      })),
    )
    .returning({ id: customers.id });
  const demoSessions = new Set(chosen.map((c) => c.session.id));
  const findHomeSession = (spec: { dayOffset: number; name: string; time: string }) => {
    const [hour, minute] = spec.time.split(':').map(Number) as [number, number];
    const at = instantAt(addDays(today, spec.dayOffset), { hour, minute }).getTime();
    return homeSessions.find(
      (s) =>
        s.startsAt.getTime() === at &&
        activityById.get(s.activityId)?.name === spec.name &&
        !demoSessions.has(s.id),
    );
  };
  const full = findHomeSession(DEMO_FULL_SESSION);
  const nearlyFull = findHomeSession(DEMO_NEARLY_FULL_SESSION);
  const capacityOf = (s: { activityId: number }) => activityById.get(s.activityId)!.capacity;
  const extraBookings = [
    ...(full ? extras.slice(0, capacityOf(full)).map((c) => ({ customerId: c.id, session: full })) : []),
    ...(nearlyFull
      ? extras.slice(0, capacityOf(nearlyFull) - 1).map((c) => ({ customerId: c.id, session: nearlyFull }))
      : []),
  ];
  if (extraBookings.length) {
    await tx.insert(bookings).values(
      extraBookings.map(({ customerId, session }) => ({
        customerId,
        activitySessionId: session.id,
        status: 'booked' as const,
        price: session.price,
        createdAt: new Date(now.getTime() - DAY_MS),
      })),
    );
  }
  if (full) {
    await tx.insert(waitlistEntries).values(
      extras.slice(capacityOf(full), capacityOf(full) + 2).map((c, i) => ({
        customerId: c.id,
        activitySessionId: full.id,
        createdAt: new Date(now.getTime() - (12 - i) * 3_600_000),
        updatedAt: new Date(now.getTime() - (12 - i) * 3_600_000),
      })),
    );
  }
  const sessionIds = [
    ...new Set([...bookingRows.map((b) => b.activitySessionId), ...extraBookings.map((b) => b.session.id)]),
  ];
  await tx
    .update(activitySessions)
    .set({
      bookedCount: sql`(select coalesce(sum(b.places), 0)::int from ${bookings} b where b.activity_session_id = ${activitySessions.id} and b.status <> 'cancelled')`,
    })
    .where(inArray(activitySessions.id, sessionIds));

  // Two unpaid fees: a late cancellation (£5.00) for the cancelled booking and a no-show (£3.00).
  const cancelled = bookingRows.find((b) => b.status === 'cancelled');
  const noShowIndex = bookingRows.findIndex((b) => b.status === 'no_show');
  await tx.insert(penalties).values([
    {
      customerId: demo!.id,
      venueId: home.id,
      bookingId: cancelled?.id ?? null,
      type: 'late_cancellation',
      description: 'Late cancellation fee',
      amount: 500,
      status: 'unpaid',
      createdAt: new Date(now.getTime() - 6 * DAY_MS),
    },
    {
      customerId: demo!.id,
      venueId: home.id,
      bookingId: noShowIndex >= 0 ? bookingRows[noShowIndex]!.id : null,
      ...DEMO_NO_SHOW_FEE,
      status: 'unpaid',
      createdAt:
        noShowIndex >= 0
          ? new Date(chosen[noShowIndex]!.session.startsAt.getTime() + DAY_MS)
          : new Date(now.getTime() - 4 * DAY_MS),
    },
  ]);

  // Credit: £12.50 general added, £3.00 spent, £10.00 membership credit → £19.50 balance. Older history: £4.00
  // added (£1.50 of it spent, the rest expired unused) and a £2.50 goodwill credit that expired unused.
  const ponds = venueBySlug.get('ponds-forge')!;
  await tx.insert(creditTransactions).values([
    {
      customerId: demo!.id,
      kind: 'general',
      amount: 400,
      reason: 'Booking cancelled',
      description: 'Credit for a cancelled Aqua Fit booking',
      relatedItem: 'Aqua Fit',
      location: home.name,
      expiresAt: new Date(now.getTime() - 35 * DAY_MS),
      createdAt: new Date(now.getTime() - 400 * DAY_MS),
    },
    {
      customerId: demo!.id,
      kind: 'general',
      amount: -150,
      reason: 'Used at checkout',
      description: 'Part payment for Lane Swimming',
      relatedItem: 'Lane Swimming',
      location: ponds.name,
      createdAt: new Date(now.getTime() - 380 * DAY_MS),
    },
    {
      customerId: demo!.id,
      kind: 'general',
      amount: 250,
      reason: 'Goodwill gesture',
      description: 'Sorry the pool was closed for maintenance',
      location: home.name,
      expiresAt: new Date(now.getTime() - 20 * DAY_MS),
      createdAt: new Date(now.getTime() - 200 * DAY_MS),
    },
    {
      customerId: demo!.id,
      kind: 'general',
      amount: 1250,
      reason: 'Booking cancelled',
      description: 'Credit for a cancelled Spin class',
      relatedItem: 'Spin',
      location: home.name,
      expiresAt: new Date(now.getTime() + 180 * DAY_MS),
      createdAt: new Date(now.getTime() - 5 * DAY_MS),
    },
    {
      customerId: demo!.id,
      kind: 'general',
      amount: -300,
      reason: 'Used at checkout',
      description: 'Part payment for Yoga',
      relatedItem: 'Yoga',
      location: home.name,
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
    },
    {
      customerId: demo!.id,
      kind: 'membership',
      amount: 1000,
      reason: 'Membership benefit',
      description: 'Monthly class credit',
      relatedItem: membership!.reference,
      location: home.name,
      expiresAt: new Date(now.getTime() + 30 * DAY_MS),
      createdAt: new Date(now.getTime() - 1 * DAY_MS),
    },
  ]);

  // Membership benefits (Gym & Swim), a class pass, checkout terms and a saved Visa for the demo customer.
  const benefitRows = await tx
    .insert(membershipBenefits)
    .values(
      DEMO_BENEFITS.map((b) => ({
        membershipTypeId: typeRows.find((t) => t.slug === b.membershipTypeSlug)!.id,
        kind: b.kind ?? 'activity',
        name: b.name,
        description: b.description,
        activityCategory: b.activityCategory,
        discountPercent: b.discountPercent,
        usesPerPeriod: b.usesPerPeriod,
        period: b.period,
      })),
    )
    .returning();
  await tx.insert(customerPackages).values({
    customerId: demo!.id,
    ...DEMO_PACKAGE,
    expiresAt: new Date(now.getTime() + 90 * DAY_MS),
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
  });
  await tx.insert(terms).values({ clientId, kind: 'checkout', ...DEMO_CHECKOUT_TERMS });
  await tx.insert(terms).values(DEMO_JOINING_TERMS.map((t, i) => ({ clientId, ...t, sortOrder: i })));
  const cardYear = localDateOf(now).year + 3;
  const billing = {
    firstName: 'Alex',
    lastName: 'Morgan',
    addressLine1: '12 Middleton Grove',
    addressLine2: 'Beeston',
    city: 'Leeds',
    postcode: 'LS11 5DJ',
  };
  await tx.insert(sandboxCardTokens).values({
    token: DEMO_SAVED_CARD_REF,
    kind: 'payment_method',
    customerId: demo!.id,
    behaviour: 'succeed',
    brand: 'Visa',
    lastFour: '4242',
    expiryMonth: 12,
    expiryYear: cardYear,
    cardholderName: 'Alex Morgan',
    billing,
  });
  await tx.insert(savedCards).values({
    customerId: demo!.id,
    providerRef: DEMO_SAVED_CARD_REF,
    brand: 'Visa',
    lastFour: '4242',
    expiryMonth: 12,
    expiryYear: cardYear,
    cardholderName: 'Alex Morgan',
    billingFirstName: billing.firstName,
    billingLastName: billing.lastName,
    billingAddressLine1: billing.addressLine1,
    billingAddressLine2: billing.addressLine2,
    billingCity: billing.city,
    billingPostcode: billing.postcode,
    createdAt: new Date(now.getTime() - 100 * DAY_MS),
  });

  // Guest passes: 2 a month with Gym & Swim (none used this month) and the '5 Guest Pass Bundle' (3 left at three
  // venues). Fourteen passes sent: 2 this week from the bundle (issued), 12 in earlier months with the benefit
  // (redeemed or expired), so the list has two pages.
  const guestBenefit = benefitRows.find((b) => b.kind === 'guest_pass')!;
  const { venueSlugs, ...guestPackage } = DEMO_GUEST_PASS_PACKAGE;
  const [bundle] = await tx
    .insert(customerPackages)
    .values({
      customerId: demo!.id,
      ...guestPackage,
      expiresAt: new Date(now.getTime() + 120 * DAY_MS),
      createdAt: new Date(now.getTime() - 20 * DAY_MS),
    })
    .returning();
  await tx
    .insert(customerPackageVenues)
    .values(
      venueSlugs.map((slug) => ({ customerPackageId: bundle!.id, venueId: venueBySlug.get(slug)!.id })),
    );
  const monthStart = periodStart(now, 'month');
  const passValues: (typeof guestPasses.$inferInsert)[] = DEMO_GUESTS.map((guestName, i) => {
    const fromBundle = i < 2;
    const createdAt = fromBundle
      ? new Date(now.getTime() - (1 + 2 * i) * DAY_MS - 3 * 3_600_000)
      : new Date(monthStart.getTime() - (2 + (i - 2) * 15) * DAY_MS - 5 * 3_600_000);
    const venue = fromBundle
      ? venueBySlug.get(venueSlugs[i]!)!
      : i % 4 === 0
        ? venueBySlug.get('ponds-forge')!
        : home;
    const redeemed = !fromBundle && i % 3 !== 1;
    return {
      customerId: demo!.id,
      venueId: venue.id,
      guestName,
      guestEmail: `${guestName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      code: createGuestPassCode(),
      validTo: endOfDay(addDays(localDateOf(createdAt), 7)),
      status: redeemed ? ('redeemed' as const) : ('issued' as const),
      redeemedAt: redeemed ? new Date(createdAt.getTime() + 2 * DAY_MS + 4 * 3_600_000) : null,
      sourceType: fromBundle ? ('package' as const) : ('benefit' as const),
      membershipId: fromBundle ? null : membership!.id,
      benefitId: fromBundle ? null : guestBenefit.id,
      customerPackageId: fromBundle ? bundle!.id : null,
      createdAt,
    };
  });
  const passRows = await tx.insert(guestPasses).values(passValues).returning();
  const benefitPasses = passRows.filter((p) => p.sourceType === 'benefit');
  const bundlePasses = passRows.filter((p) => p.sourceType === 'package');
  await tx.insert(benefitUsages).values(
    benefitPasses.map((p) => ({
      membershipId: membership!.id,
      benefitId: guestBenefit.id,
      guestPassId: p.id,
      usedAt: p.createdAt,
    })),
  );
  await tx
    .insert(packageUsages)
    .values(
      bundlePasses.map((p) => ({ customerPackageId: bundle!.id, guestPassId: p.id, usedAt: p.createdAt })),
    );

  // Ben Clarke (FH100007) and Chloe Evans (FH100008) have their own payments area to try: two unpaid fees,
  // booking credit (£8.00 added, £2.00 spent), a saved Visa and a guest-pass bundle (browser tests use them
  // so that the demo customer's basket and fees stay as they are).
  for (const [index, member] of [extras[3]!, extras[4]!].entries()) {
    const seed = DEMO_EXTRA_CUSTOMERS[index + 3]!;
    const memberBilling = {
      firstName: seed.firstName,
      lastName: seed.lastName,
      addressLine1: `${4 + index} Elland Road`,
      addressLine2: null,
      city: 'Leeds',
      postcode: 'LS11 0ES',
    };
    const ref = `pm_demo_visa_${seed.reference.toLowerCase()}`;
    await tx.insert(penalties).values([
      {
        customerId: member.id,
        venueId: home.id,
        type: 'late_cancellation',
        description: 'Late cancellation fee',
        amount: 500,
        status: 'unpaid',
        createdAt: new Date(now.getTime() - 9 * DAY_MS),
      },
      {
        customerId: member.id,
        venueId: home.id,
        ...DEMO_NO_SHOW_FEE,
        status: 'unpaid',
        createdAt: new Date(now.getTime() - 3 * DAY_MS),
      },
    ]);
    await tx.insert(creditTransactions).values([
      {
        customerId: member.id,
        kind: 'general',
        amount: 800,
        reason: 'Goodwill credit',
        description: 'Credit for a cancelled class',
        relatedItem: 'Body Pump',
        location: home.name,
        expiresAt: new Date(now.getTime() + 180 * DAY_MS),
        createdAt: new Date(now.getTime() - 10 * DAY_MS),
      },
      {
        customerId: member.id,
        kind: 'general',
        amount: -200,
        description: 'Spin',
        location: home.name,
        createdAt: new Date(now.getTime() - 5 * DAY_MS),
      },
    ]);
    await tx.insert(sandboxCardTokens).values({
      token: ref,
      kind: 'payment_method',
      customerId: member.id,
      behaviour: 'succeed',
      brand: 'Visa',
      lastFour: '4242',
      expiryMonth: 12,
      expiryYear: cardYear,
      cardholderName: `${seed.firstName} ${seed.lastName}`,
      billing: memberBilling,
    });
    await tx.insert(savedCards).values({
      customerId: member.id,
      providerRef: ref,
      brand: 'Visa',
      lastFour: '4242',
      expiryMonth: 12,
      expiryYear: cardYear,
      cardholderName: `${seed.firstName} ${seed.lastName}`,
      billingFirstName: memberBilling.firstName,
      billingLastName: memberBilling.lastName,
      billingAddressLine1: memberBilling.addressLine1,
      billingAddressLine2: null,
      billingCity: memberBilling.city,
      billingPostcode: memberBilling.postcode,
      createdAt: new Date(now.getTime() - 50 * DAY_MS),
    });
    const [memberBundle] = await tx
      .insert(customerPackages)
      .values({
        customerId: member.id,
        ...guestPackage,
        sessionsRemaining: guestPackage.sessionsIncluded,
        expiresAt: new Date(now.getTime() + 120 * DAY_MS),
        createdAt: new Date(now.getTime() - 7 * DAY_MS),
      })
      .returning();
    await tx.insert(customerPackageVenues).values(
      venueSlugs.map((slug) => ({
        customerPackageId: memberBundle!.id,
        venueId: venueBySlug.get(slug)!.id,
      })),
    );
  }

  // Priya Shah (FH100004) has a Mastercard that expired last month: the payments area's expired state.
  const lastMonth = addDays({ ...localDateOf(now), day: 1 }, -1);
  await tx.insert(savedCards).values({
    customerId: extras[0]!.id,
    providerRef: 'pm_demo_mastercard_expired',
    brand: 'Mastercard',
    lastFour: '4444',
    expiryMonth: lastMonth.month,
    expiryYear: lastMonth.year,
    cardholderName: 'Priya Shah',
    billingFirstName: 'Priya',
    billingLastName: 'Shah',
    billingAddressLine1: '27 Cardigan Road',
    billingAddressLine2: 'Headingley',
    billingCity: 'Leeds',
    billingPostcode: 'LS6 3AG',
    createdAt: new Date(now.getTime() - 400 * DAY_MS),
  });

  // Olivia Bennett (FH100012) swims twice a week: a year of orders (more than two pages of order history).
  const [olivia] = await tx
    .insert(customers)
    .values({
      clientId,
      ...DEMO_LONG_HISTORY_CUSTOMER,
      passwordHash: demoHash,
      homeVenueId: home.id,
      termsAcceptedAt: new Date(now.getTime() - 400 * DAY_MS),
    })
    .returning({ id: customers.id });
  const swims = Array.from({ length: DEMO_LONG_HISTORY_ORDERS }, (_, i) => ({
    createdAt: new Date(now.getTime() - (i + 1) * 3.5 * DAY_MS - 9 * 3_600_000),
    price: i % 5 === 0 ? 650 : 450,
  }));
  const swimOrders = await tx
    .insert(orders)
    .values(
      swims.map((swim) => ({
        customerId: olivia!.id,
        total: swim.price,
        paymentType: 'Card',
        createdAt: swim.createdAt,
      })),
    )
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(
    swims.map((swim, i) => ({
      orderId: swimOrders[i]!.id,
      kind: 'other' as const,
      name: swim.price === 650 ? 'Swim and sauna' : 'Lane swim',
      price: swim.price,
    })),
  );

  await seedManagement(tx, { now, passwordHash: demoHash, homeVenueSlug: DEMO_HOME_VENUE_SLUG });
  await seedProfile(tx, now);
}
