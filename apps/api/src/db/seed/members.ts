/**
 * Other demo members with something to show: Ben Clarke and Chloe Evans have a payments area to try (fees,
 * credit, a saved card, a guest-pass bundle), Priya Shah's saved card has expired, and Olivia Bennett has a year
 * of orders.
 */
import { addDays, localDateOf } from '../../lib/local-date.ts';
import type { Tx } from '../client.ts';
import { createCustomer, createSavedCard } from '../factories/customers.ts';
import { createCredit, createOrder, createPenalty } from '../factories/money.ts';
import { createGuestPassPackage } from '../factories/packages.ts';
import {
  DEMO_GUEST_PASS_PACKAGE,
  DEMO_LONG_HISTORY_CUSTOMER,
  DEMO_LONG_HISTORY_ORDERS,
  DEMO_NO_SHOW_FEE,
} from '../seed-data.ts';

const DAY_MS = 86_400_000;

/**
 * A member's payments area: two unpaid fees (£5.00 late cancellation, £3.00 no-show), booking credit (£8.00
 * added, £2.00 spent), a saved Visa ending 4242 and a full '5 Guest Pass Bundle' good at three venues.
 */
export async function seedPaymentsArea(
  tx: Tx,
  input: {
    now: Date;
    customer: { id: number; firstName: string; lastName: string; reference: string };
    /** Numbers the billing address ('4 Elland Road', '5 Elland Road', …). */
    index: number;
    home: { id: number; name: string };
    bundleVenueIds: number[];
  },
) {
  const { now, customer, home } = input;
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  await createPenalty(tx, {
    customerId: customer.id,
    venueId: home.id,
    type: 'late_cancellation',
    description: 'Late cancellation fee',
    amount: 500,
    status: 'unpaid',
    createdAt: days(-9),
  });
  await createPenalty(tx, {
    customerId: customer.id,
    venueId: home.id,
    ...DEMO_NO_SHOW_FEE,
    status: 'unpaid',
    createdAt: days(-3),
  });
  await createCredit(tx, {
    customerId: customer.id,
    kind: 'general',
    amount: 800,
    reason: 'Goodwill credit',
    description: 'Credit for a cancelled class',
    relatedItem: 'Body Pump',
    location: home.name,
    expiresAt: days(180),
    createdAt: days(-10),
  });
  await createCredit(tx, {
    customerId: customer.id,
    kind: 'general',
    amount: -200,
    reason: null,
    description: 'Spin',
    location: home.name,
    createdAt: days(-5),
  });
  await createSavedCard(tx, {
    customerId: customer.id,
    providerRef: `pm_demo_visa_${customer.reference.toLowerCase()}`,
    expiryYear: localDateOf(now).year + 3,
    billing: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      addressLine1: `${4 + input.index} Elland Road`,
      addressLine2: null,
      city: 'Leeds',
      postcode: 'LS11 0ES',
    },
    createdAt: days(-50),
  });
  const { venueSlugs: _slugs, ...guestPackage } = DEMO_GUEST_PASS_PACKAGE;
  await createGuestPassPackage(tx, {
    customerId: customer.id,
    ...guestPackage,
    sessionsRemaining: guestPackage.sessionsIncluded,
    expiresAt: days(120),
    createdAt: days(-7),
    venueIds: input.bundleVenueIds,
  });
}

/** Priya Shah's Mastercard expired last month (the payments area's expired state); the sandbox has no record. */
export async function seedExpiredCard(tx: Tx, input: { now: Date; customerId: number }) {
  const lastMonth = addDays({ ...localDateOf(input.now), day: 1 }, -1);
  await createSavedCard(tx, {
    customerId: input.customerId,
    providerRef: 'pm_demo_mastercard_expired',
    brand: 'Mastercard',
    lastFour: '4444',
    expiryMonth: lastMonth.month,
    expiryYear: lastMonth.year,
    cardholderName: 'Priya Shah',
    billing: {
      firstName: 'Priya',
      lastName: 'Shah',
      addressLine1: '27 Cardigan Road',
      addressLine2: 'Headingley',
      city: 'Leeds',
      postcode: 'LS6 3AG',
    },
    createdAt: new Date(input.now.getTime() - 400 * DAY_MS),
    withProvider: false,
  });
}

/** Olivia Bennett swims twice a week: a year of orders (more than two pages of order history). */
export async function seedLongHistory(
  tx: Tx,
  input: { now: Date; clientId: number; passwordHash: string; homeVenueId: number },
) {
  const { now } = input;
  const olivia = await createCustomer(tx, {
    clientId: input.clientId,
    ...DEMO_LONG_HISTORY_CUSTOMER,
    passwordHash: input.passwordHash,
    homeVenueId: input.homeVenueId,
    termsAcceptedAt: new Date(now.getTime() - 400 * DAY_MS),
  });
  for (let i = 0; i < DEMO_LONG_HISTORY_ORDERS; i++) {
    const price = i % 5 === 0 ? 650 : 450;
    await createOrder(tx, {
      customerId: olivia.id,
      total: price,
      paymentType: 'Card',
      createdAt: new Date(now.getTime() - (i + 1) * 3.5 * DAY_MS - 9 * 3_600_000),
      lines: [{ kind: 'other', name: price === 650 ? 'Swim and sauna' : 'Lane swim', price }],
    });
  }
}
