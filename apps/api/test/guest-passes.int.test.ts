import {
  DEFAULT_ERROR_TEXTS,
  GUEST_PASS_TEXTS,
  guestPassAllowancesReply,
  guestPassesReply,
  guestPassReply,
} from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  benefitUsages,
  clients,
  customerPackages,
  guestPasses,
  mailOutbox,
  membershipTypes,
  membershipTypeVenues,
  packageUsages,
} from '../src/db/schema.ts';
import { findAvailableBenefits } from '../src/services/cart/cart-service.ts';
import { guestPassValidTo } from '../src/services/guest-passes/send-guest-pass.ts';
import {
  createClient,
  createCustomer,
  createGuestPass,
  createGuestPassPackage,
  createMembershipWithBenefit,
  createPackage,
  createVenue,
  login,
  outbox,
  type Session,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

const DAY = 86_400_000;
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const leeds = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const sheffield = await createVenue(t.db, { clientId: client.id, name: 'Sheffield Ponds' });
const york = await createVenue(t.db, { clientId: client.id, name: 'York Baths' });
const otherClient = await createClient(t.db, { name: 'Elsewhere Leisure' });
const elsewhere = await createVenue(t.db, { clientId: otherClient.id, name: 'Elsewhere Pool' });
const app = await t.buildTestApp({ clientId: client.id });

const GUEST_PASS_BENEFIT = {
  kind: 'guest_pass' as const,
  name: 'Gym & Swim guest passes',
  activityCategory: 'Guest pass',
  usesPerPeriod: 2,
  period: 'month' as const,
};

async function newMember(options: { benefitUses?: number; coverage?: 'national' | number[] } = {}) {
  const customer = await createCustomer(t.db, { clientId: client.id });
  const { membership, benefit } = await createMembershipWithBenefit(t.db, {
    clientId: client.id,
    customerId: customer.id,
    venueId: leeds.id,
    benefit: { ...GUEST_PASS_BENEFIT, usesPerPeriod: options.benefitUses ?? 2 },
  });
  if (Array.isArray(options.coverage)) {
    await t.db
      .update(membershipTypes)
      .set({ coverage: 'venues' })
      .where(eq(membershipTypes.id, membership.membershipTypeId));
    await t.db
      .insert(membershipTypeVenues)
      .values(
        options.coverage.map((venueId) => ({ membershipTypeId: membership.membershipTypeId, venueId })),
      );
  }
  return { customer, membership, benefit, session: await login(app, customer) };
}

const base = (customerId: number) => `/api/v1/users/${customerId}/guestPasses`;
const get = (who: Session, url: string) => app.inject({ method: 'GET', url, headers: who.headers });
const send = (who: Session, customerId: number, data: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: base(customerId), headers: who.headers, payload: { data } });
const guest = (venueId: number, extra: Record<string, unknown> = {}) => ({
  guest_name: 'Jamie Patel',
  guest_email: 'Jamie.Patel@Example.com',
  venue_id: [venueId],
  ...extra,
});

async function setFeatures(features: Partial<typeof client.features>) {
  await t.db
    .update(clients)
    .set({ features: { ...client.features, ...features } })
    .where(eq(clients.id, client.id));
  app.invalidateClientCache();
}

describe('guest-pass allowances', () => {
  it('lists the benefit (uses left this month, at the covered venues) and the package (at its venues)', async () => {
    const { customer, session, benefit } = await newMember();
    const pkg = await createGuestPassPackage(t.db, {
      customerId: customer.id,
      venueIds: [sheffield.id, leeds.id],
      expiresAt: new Date(Date.now() + 90 * DAY),
    });
    // Not listed: a used-up package, an expired one, and a class pass.
    await createGuestPassPackage(t.db, { customerId: customer.id, sessionsRemaining: 0 });
    await createGuestPassPackage(t.db, {
      customerId: customer.id,
      expiresAt: new Date(Date.now() - DAY),
    });
    // A class pass is no guest pass.
    await createPackage(t.db, { customerId: customer.id });

    const response = await get(session, `${base(customer.id)}/allowances`);
    expect(response.statusCode).toBe(200);
    const allowances = guestPassAllowancesReply.parse(response.json()).data;
    expect(allowances).toEqual([
      {
        pricing_option_id: benefit.pricingOptionId,
        name: 'Gym & Swim guest passes',
        uses_remaining: 2,
        expires_at: expect.any(String),
        type: 'benefit',
        venues: [
          { id: leeds.id, name: 'Leeds Central' },
          { id: sheffield.id, name: 'Sheffield Ponds' },
          { id: york.id, name: 'York Baths' },
        ],
      },
      {
        pricing_option_id: pkg.pricingOptionId,
        name: '5 Guest Pass Bundle',
        uses_remaining: 3,
        expires_at: pkg.expiresAt!.toISOString(),
        type: 'package',
        venues: [
          { id: leeds.id, name: 'Leeds Central' },
          { id: sheffield.id, name: 'Sheffield Ponds' },
        ],
      },
    ]);
    // The benefit's uses end with the month (venue-local), so it is listed first.
    expect(new Date(allowances[0]!.expires_at!).getTime()).toBeLessThan(Date.now() + 32 * DAY);
    expect(benefit.pricingOptionId).not.toBe(pkg.pricingOptionId);
  });

  it('is not offered as a discount on activities', async () => {
    const { customer } = await newMember();
    expect(await findAvailableBenefits(t.db, customer.id, new Date(), 'Europe/London')).toEqual([]);
  });
});

describe('sending a guest pass', () => {
  it('creates the pass (valid to the end of the 7th day), uses one allowance and mails the guest (201)', async () => {
    const { customer, session, membership, benefit } = await newMember();
    const response = await send(session, customer.id, guest(york.id));
    expect(response.statusCode).toBe(201);
    const pass = guestPassReply.parse(response.json()).data;
    expect(pass).toEqual({
      id: expect.any(Number),
      guest_name: 'Jamie Patel',
      guest_email: 'jamie.patel@example.com',
      status: 'issued',
      valid_to: guestPassValidTo(new Date(), 'Europe/London').toISOString(),
      redeemed_at: null,
      created_at: expect.any(String),
      code: expect.stringMatching(/^GP-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/),
      venue: { id: york.id, name: 'York Baths' },
    });
    expect(new Date(pass.valid_to).getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 1000);
    expect(new Date(pass.valid_to).getTime()).toBeLessThan(Date.now() + 8 * DAY + 3_600_000);

    const usages = await t.db.select().from(benefitUsages).where(eq(benefitUsages.guestPassId, pass.id));
    expect(usages).toEqual([
      expect.objectContaining({ membershipId: membership.id, benefitId: benefit.id, returnedAt: null }),
    ]);
    const allowances = (await get(session, `${base(customer.id)}/allowances`)).json().data;
    expect(allowances[0].uses_remaining).toBe(1);

    const mails = await outbox(app, 'jamie.patel@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Test Customer has sent you a guest pass for York Baths');
    expect(mails[0]!.text).toContain(pass.code);
    expect(mails[0]!.text).toContain('York Baths');
    expect(mails[0]!.text).toMatch(/Valid until: \d{1,2} [A-Z][a-z]{2} \d{4} at 23:59/);

    // The new pass heads the list and can be opened.
    const list = guestPassesReply.parse((await get(session, base(customer.id))).json()).data;
    expect(list.guest_passes[0]).toEqual(pass);
    expect((await get(session, `${base(customer.id)}/${pass.id}`)).json().data).toEqual(pass);
  });

  it('uses the allowance asked for, else the soonest to expire that covers the venue', async () => {
    const { customer, session, benefit } = await newMember({ coverage: [leeds.id] });
    const pkg = await createGuestPassPackage(t.db, {
      customerId: customer.id,
      venueIds: [sheffield.id, leeds.id],
      sessionsRemaining: 2,
      expiresAt: new Date(Date.now() + 90 * DAY),
    });
    const sourceOf = async (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode).toBe(201);
      const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, response.json().data.id));
      return row!.sourceType;
    };
    // Leeds: the benefit (ends this month) before the package.
    expect(await sourceOf(await send(session, customer.id, guest(leeds.id)))).toBe('benefit');
    // Sheffield: only the package covers it.
    expect(await sourceOf(await send(session, customer.id, guest(sheffield.id)))).toBe('package');
    // Asked for the package at Leeds.
    expect(
      await sourceOf(
        await send(session, customer.id, guest(leeds.id, { pricing_option_id: pkg.pricingOptionId })),
      ),
    ).toBe('package');
    const [left] = await t.db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id));
    expect(left!.sessionsRemaining).toBe(0);
    expect(
      await t.db.select().from(packageUsages).where(eq(packageUsages.customerPackageId, pkg.id)),
    ).toHaveLength(2);
    // The package is used up: asking for it again is refused even though the benefit has a use left.
    const refused = await send(
      session,
      customer.id,
      guest(leeds.id, { pricing_option_id: pkg.pricingOptionId }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: GUEST_PASS_TEXTS.noAllowance,
      errors: { pricing_option_id: [GUEST_PASS_TEXTS.noAllowance] },
    });
    expect(
      (await send(session, customer.id, guest(leeds.id, { pricing_option_id: benefit.pricingOptionId })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a venue no allowance covers, or of another operator (422 under venue_id)', async () => {
    const { customer, session } = await newMember({ coverage: [leeds.id] });
    for (const venueId of [york.id, elsewhere.id, 999_999]) {
      const response = await send(session, customer.id, guest(venueId));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: GUEST_PASS_TEXTS.venueNotCovered,
        errors: { venue_id: [GUEST_PASS_TEXTS.venueNotCovered] },
      });
    }
    expect(await t.db.select().from(guestPasses).where(eq(guestPasses.customerId, customer.id))).toEqual([]);
  });

  it('refuses when no allowance is left, and validates the form', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, customer);
    expect((await get(session, `${base(customer.id)}/allowances`)).json().data).toEqual([]);
    const none = await send(session, customer.id, guest(leeds.id));
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(GUEST_PASS_TEXTS.noAllowance);

    const invalid = await send(session, customer.id, { guest_name: '', guest_email: 'nope', venue_id: [] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      'data.guest_name': ['Guest name is required.'],
      'data.guest_email': ['Please enter a valid email address.'],
      'data.venue_id': [GUEST_PASS_TEXTS.selectVenue],
    });
  });

  it('sends exactly one of several passes sent at once for the last use of a benefit; one mail', async () => {
    const { customer, membership, benefit } = await newMember({ benefitUses: 1 });
    const who = await sessionFor(t.db, customer.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(who, customer.id, guest(leeds.id, { guest_email: `race-benefit-${i}@test.example` })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of responses.filter((x) => x.statusCode === 422)) {
      expect(r.json().message).toBe(GUEST_PASS_TEXTS.noAllowance);
    }
    expect(await t.db.select().from(guestPasses).where(eq(guestPasses.customerId, customer.id))).toHaveLength(
      1,
    );
    expect(
      await t.db
        .select()
        .from(benefitUsages)
        .where(and(eq(benefitUsages.membershipId, membership.id), eq(benefitUsages.benefitId, benefit.id))),
    ).toHaveLength(1);
    const mails = (await t.db.select().from(mailOutbox)).filter((m) =>
      m.toAddress.startsWith('race-benefit-'),
    );
    expect(mails).toHaveLength(1);
  });

  it('sends exactly one of two passes sent at once for the last use of a package; one mail', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const pkg = await createGuestPassPackage(t.db, { customerId: customer.id, sessionsRemaining: 1 });
    const who = await sessionFor(t.db, customer.id);
    const responses = await Promise.all(
      [0, 1].map((i) =>
        send(who, customer.id, guest(york.id, { guest_email: `race-package-${i}@test.example` })),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const [left] = await t.db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id));
    expect(left!.sessionsRemaining).toBe(0);
    const mails = (await t.db.select().from(mailOutbox)).filter((m) =>
      m.toAddress.startsWith('race-package-'),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('the list of sent passes', () => {
  it('pages 10 at a time, newest first, with expired worked out from valid_to', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, customer);
    const pkg = await createGuestPassPackage(t.db, { customerId: customer.id, sessionsRemaining: 0 });
    const now = Date.now();
    const made = [];
    for (let i = 0; i < 13; i++) {
      made.push(
        await createGuestPass(t.db, {
          customerId: customer.id,
          venueId: leeds.id,
          customerPackageId: pkg.id,
          guestName: `Guest ${i}`,
          createdAt: new Date(now - (i + 1) * DAY),
          // 0-4 still valid, 5-8 expired, 9-12 redeemed
          validTo: new Date(now + (i < 5 ? DAY : -DAY)),
          status: i >= 9 ? 'redeemed' : 'issued',
          redeemedAt: i >= 9 ? new Date(now - i * DAY) : null,
        }),
      );
    }
    const page1 = guestPassesReply.parse((await get(session, base(customer.id))).json()).data;
    expect(page1.guest_passes.map((p) => p.guest_name)).toEqual(made.slice(0, 10).map((p) => p.guestName));
    expect(page1.pagination).toEqual({
      current_page: 1,
      total_pages: 2,
      total_records: 13,
      first_record_on_current_page: 1,
      last_record_on_current_page: 10,
    });
    expect(page1.guest_passes.map((p) => p.status)).toEqual([
      ...Array(5).fill('issued'),
      ...Array(4).fill('expired'),
      'redeemed',
    ]);
    const page2 = guestPassesReply.parse(
      (await get(session, `${base(customer.id)}?page=2&per_page=10`)).json(),
    ).data;
    expect(page2.guest_passes.map((p) => p.guest_name)).toEqual(['Guest 10', 'Guest 11', 'Guest 12']);
    expect(page2.pagination).toMatchObject({
      current_page: 2,
      first_record_on_current_page: 11,
      last_record_on_current_page: 13,
    });
    expect(page2.guest_passes[0]!.redeemed_at).toEqual(expect.any(String));
    const beyond = (await get(session, `${base(customer.id)}?page=3`)).json().data;
    expect(beyond.guest_passes).toEqual([]);
    expect((await get(session, `${base(customer.id)}?per_page=51`)).statusCode).toBe(422);
  });
});

describe("another customer's guest passes", () => {
  it("are never readable: another :userId or another customer's pass id answers 404", async () => {
    const me = await newMember();
    const other = await newMember();
    const sent = await send(other.session, other.customer.id, guest(leeds.id));
    const otherPass = sent.json().data.id as number;
    for (const url of [
      base(other.customer.id),
      `${base(other.customer.id)}/allowances`,
      `${base(other.customer.id)}/${otherPass}`,
      `${base(me.customer.id)}/${otherPass}`,
    ]) {
      const response = await get(me.session, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    const sendAsOther = await send(me.session, other.customer.id, guest(leeds.id));
    expect(sendAsOther.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: base(me.customer.id) })).statusCode).toBe(401);
  });
});

describe('the online guest passes flag', () => {
  it('turns every guest-pass route into a 404 while it is off', async () => {
    const { customer, session } = await newMember();
    await setFeatures({ online_guest_passes: false });
    try {
      for (const url of [base(customer.id), `${base(customer.id)}/allowances`, `${base(customer.id)}/1`]) {
        expect((await get(session, url)).statusCode).toBe(404);
      }
      expect((await send(session, customer.id, guest(leeds.id))).statusCode).toBe(404);
    } finally {
      await setFeatures({});
    }
    expect((await get(session, `${base(customer.id)}/allowances`)).statusCode).toBe(200);
  });
});
