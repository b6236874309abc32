import { GUEST_PASS_TEXTS, guestPassesReply, guestPassReply } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { benefitUsages, customerPackages, guestPasses, mailOutbox, packageUsages } from '../src/db/schema.ts';
import { guestPassValidTo } from '../src/services/guest-passes/send-guest-pass.ts';
import { afterOneDeadlock } from './conflict-once.ts';
import { DAY, guestPassesTestbed } from './guest-passes.fixtures.ts';
import {
  createClient,
  createCustomer,
  createGuestPassPackage,
  createVenue,
  login,
  outbox,
  sessionFor,
} from './helper.ts';

/** Another operator with a venue, made after this file's venues and before its app. */
async function otherOperator(db: Db) {
  const otherClient = await createClient(db, { name: 'Elsewhere Leisure' });
  const elsewhere = await createVenue(db, { clientId: otherClient.id, name: 'Elsewhere Pool' });
  return { otherClient, elsewhere };
}
const { t, client, leeds, sheffield, york, elsewhere, ...rest } = await guestPassesTestbed(otherOperator);
const { app, newMember, base, get, send, guest } = rest;

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

  it('sends a pass whose transaction PostgreSQL ended with a deadlock: one pass, one use, one mail', async () => {
    const { customer, session } = await newMember();
    const { result: response, tries } = await afterOneDeadlock(t.db, 'guest_passes', () =>
      send(session, customer.id, guest(york.id, { guest_email: 'robin.conflict@example.com' })),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(tries).toBe(2);
    const passes = await t.db.select().from(guestPasses).where(eq(guestPasses.customerId, customer.id));
    expect(passes).toHaveLength(1);
    const uses = await t.db.select().from(benefitUsages).where(eq(benefitUsages.guestPassId, passes[0]!.id));
    expect(uses).toHaveLength(1);
    expect(await outbox(app, 'robin.conflict@example.com')).toHaveLength(1);
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
    // A used-up allowance is no longer offered: the list holds only allowances with uses left (the web relies on it).
    const offered: { pricing_option_id: number; uses_remaining: number }[] = (
      await get(session, `${base(customer.id)}/allowances`)
    ).json().data;
    expect(offered.map((a) => a.pricing_option_id)).not.toContain(pkg.pricingOptionId);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((a) => a.uses_remaining > 0)).toBe(true);
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
