/**
 * What the demo customer's account shows besides bookings: two unpaid fees, booking credit (with history), a
 * class pass, a saved Visa, and guest passes (a bundle and the membership's monthly passes).
 */

import { addDays, endOfDay, localDateOf } from '../../lib/local-date.ts';
import { createGuestPassCode } from '../../lib/tokens.ts';
import { periodStart } from '../../lib/venue-time.ts';
import type { Tx } from '../client.ts';
import { createSavedCard } from '../factories/customers.ts';
import { createCredit, createPenalty } from '../factories/money.ts';
import { createGuestPass, createGuestPassPackage, createPackage } from '../factories/packages.ts';
import { benefitUsages, packageUsages } from '../schema.ts';
import { DEMO_GUEST_PASS_PACKAGE, DEMO_GUESTS, DEMO_NO_SHOW_FEE, DEMO_PACKAGE } from '../seed-data.ts';

const DAY_MS = 86_400_000;

type Place = { id: number; name: string };

/** A late-cancellation fee (£5.00) for the cancelled booking and a no-show fee (£3.00) for the first no-show. */
export async function seedDemoFees(
  tx: Tx,
  input: {
    now: Date;
    customerId: number;
    home: Place;
    bookings: { booking: { id: number; status: string }; session: { startsAt: Date } }[];
  },
) {
  const { now, customerId } = input;
  const cancelled = input.bookings.find((b) => b.booking.status === 'cancelled');
  const noShow = input.bookings.find((b) => b.booking.status === 'no_show');
  await createPenalty(tx, {
    customerId,
    venueId: input.home.id,
    bookingId: cancelled?.booking.id ?? null,
    type: 'late_cancellation',
    description: 'Late cancellation fee',
    amount: 500,
    status: 'unpaid',
    createdAt: new Date(now.getTime() - 6 * DAY_MS),
  });
  await createPenalty(tx, {
    customerId,
    venueId: input.home.id,
    bookingId: noShow?.booking.id ?? null,
    ...DEMO_NO_SHOW_FEE,
    status: 'unpaid',
    createdAt: noShow
      ? new Date(noShow.session.startsAt.getTime() + DAY_MS)
      : new Date(now.getTime() - 4 * DAY_MS),
  });
}

/**
 * £12.50 general credit added, £3.00 spent, £10.00 membership credit → £19.50 balance. Older history: £4.00 added
 * (£1.50 of it spent, the rest expired unused) and a £2.50 goodwill credit that expired unused.
 */
export async function seedDemoCredit(
  tx: Tx,
  input: { now: Date; customerId: number; home: Place; ponds: Place; membershipReference: string },
) {
  const { now, customerId, home } = input;
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const entries = [
    {
      amount: 400,
      reason: 'Booking cancelled',
      description: 'Credit for a cancelled Aqua Fit booking',
      relatedItem: 'Aqua Fit',
      location: home.name,
      expiresAt: days(-35),
      createdAt: days(-400),
    },
    {
      amount: -150,
      reason: 'Used at checkout',
      description: 'Part payment for Lane Swimming',
      relatedItem: 'Lane Swimming',
      location: input.ponds.name,
      createdAt: days(-380),
    },
    {
      amount: 250,
      reason: 'Goodwill gesture',
      description: 'Sorry the pool was closed for maintenance',
      location: home.name,
      expiresAt: days(-20),
      createdAt: days(-200),
    },
    {
      amount: 1250,
      reason: 'Booking cancelled',
      description: 'Credit for a cancelled Spin class',
      relatedItem: 'Spin',
      location: home.name,
      expiresAt: days(180),
      createdAt: days(-5),
    },
    {
      amount: -300,
      reason: 'Used at checkout',
      description: 'Part payment for Yoga',
      relatedItem: 'Yoga',
      location: home.name,
      createdAt: days(-2),
    },
    {
      kind: 'membership' as const,
      amount: 1000,
      reason: 'Membership benefit',
      description: 'Monthly class credit',
      relatedItem: input.membershipReference,
      location: home.name,
      expiresAt: days(30),
      createdAt: days(-1),
    },
  ];
  for (const entry of entries) await createCredit(tx, { customerId, kind: 'general', ...entry });
}

/** The demo customer's '10 Yoga Class Pass' (6 left) and saved Visa ending 4242 (the sandbox's `providerRef`). */
export async function seedDemoPassAndCard(
  tx: Tx,
  input: { now: Date; customerId: number; providerRef: string },
) {
  const { now } = input;
  await createPackage(tx, {
    customerId: input.customerId,
    ...DEMO_PACKAGE,
    expiresAt: new Date(now.getTime() + 90 * DAY_MS),
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
  });
  await createSavedCard(tx, {
    customerId: input.customerId,
    providerRef: input.providerRef,
    expiryYear: localDateOf(now).year + 3,
    cardholderName: 'Alex Morgan',
    billing: {
      firstName: 'Alex',
      lastName: 'Morgan',
      addressLine1: '12 Middleton Grove',
      addressLine2: 'Beeston',
      city: 'Leeds',
      postcode: 'LS11 5DJ',
    },
    createdAt: new Date(now.getTime() - 100 * DAY_MS),
  });
}

/**
 * Guest passes: 2 a month with Gym & Swim (none used this month) and the '5 Guest Pass Bundle' (3 left at three
 * venues). Fourteen passes sent: 2 this week from the bundle (issued), 12 in earlier months with the benefit
 * (redeemed or expired), so the list has two pages.
 */
export async function seedDemoGuestPasses(
  tx: Tx,
  input: {
    now: Date;
    customerId: number;
    home: Place;
    venueBySlug: Map<string, Place>;
    membershipId: number;
    guestBenefitId: number;
  },
) {
  const { now, customerId, venueBySlug } = input;
  const { venueSlugs, ...guestPackage } = DEMO_GUEST_PASS_PACKAGE;
  const bundle = await createGuestPassPackage(tx, {
    customerId,
    ...guestPackage,
    expiresAt: new Date(now.getTime() + 120 * DAY_MS),
    createdAt: new Date(now.getTime() - 20 * DAY_MS),
    venueIds: venueSlugs.map((slug) => venueBySlug.get(slug)!.id),
  });
  const monthStart = periodStart(now, 'month');
  const passes = [];
  for (const [i, guestName] of DEMO_GUESTS.entries()) {
    const fromBundle = i < 2;
    const createdAt = fromBundle
      ? new Date(now.getTime() - (1 + 2 * i) * DAY_MS - 3 * 3_600_000)
      : new Date(monthStart.getTime() - (2 + (i - 2) * 15) * DAY_MS - 5 * 3_600_000);
    const venue = fromBundle
      ? venueBySlug.get(venueSlugs[i]!)!
      : i % 4 === 0
        ? venueBySlug.get('ponds-forge')!
        : input.home;
    const redeemed = !fromBundle && i % 3 !== 1;
    passes.push(
      await createGuestPass(tx, {
        customerId,
        venueId: venue.id,
        guestName,
        guestEmail: `${guestName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        code: createGuestPassCode(),
        validTo: endOfDay(addDays(localDateOf(createdAt), 7)),
        status: redeemed ? 'redeemed' : 'issued',
        redeemedAt: redeemed ? new Date(createdAt.getTime() + 2 * DAY_MS + 4 * 3_600_000) : null,
        sourceType: fromBundle ? 'package' : 'benefit',
        membershipId: fromBundle ? null : input.membershipId,
        benefitId: fromBundle ? null : input.guestBenefitId,
        customerPackageId: fromBundle ? bundle.id : null,
        createdAt,
      }),
    );
  }
  await tx.insert(benefitUsages).values(
    passes
      .filter((p) => p.sourceType === 'benefit')
      .map((p) => ({
        membershipId: input.membershipId,
        benefitId: input.guestBenefitId,
        guestPassId: p.id,
        usedAt: p.createdAt,
      })),
  );
  await tx
    .insert(packageUsages)
    .values(
      passes
        .filter((p) => p.sourceType === 'package')
        .map((p) => ({ customerPackageId: bundle.id, guestPassId: p.id, usedAt: p.createdAt })),
    );
}
