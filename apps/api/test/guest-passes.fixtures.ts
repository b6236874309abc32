// Set-up and helpers shared by the guest-passes-*.int.test.ts files: members with a guest-pass benefit, and the
// guest-pass calls.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { clients, membershipTypes, membershipTypeVenues } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createMembershipWithBenefit,
  createVenue,
  login,
  type Session,
  setupTestDatabase,
} from './helper.ts';

export const DAY = 86_400_000;

const GUEST_PASS_BENEFIT = {
  kind: 'guest_pass' as const,
  name: 'Gym & Swim guest passes',
  activityCategory: 'Guest pass',
  usesPerPeriod: 2,
  period: 'month' as const,
};

/**
 * One test file's fresh database with a client and its Leeds, Sheffield and York venues, then the rows `addRows`
 * makes (what it answers is returned too), an app on it for that client, and the helpers of `guestPassHelpers` on that
 * app. Call once per file.
 */
export async function guestPassesTestbed<Extra extends object = object>(
  addRows: (db: Db) => Promise<Extra> = async () => ({}) as Extra,
) {
  const t = await setupTestDatabase();
  const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
  const leeds = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const sheffield = await createVenue(t.db, { clientId: client.id, name: 'Sheffield Ponds' });
  const york = await createVenue(t.db, { clientId: client.id, name: 'York Baths' });
  const extra = await addRows(t.db);
  const app = await t.buildTestApp({ clientId: client.id });
  return { t, client, leeds, sheffield, york, ...extra, app, ...guestPassHelpers(t.db, client, leeds, app) };
}

/** Members of `client` whose membership (at `leeds`) gives guest passes, and the guest-pass calls on `app`. */
function guestPassHelpers(
  db: Db,
  client: Awaited<ReturnType<typeof createClient>>,
  leeds: { id: number },
  app: FastifyInstance,
) {
  async function newMember(options: { benefitUses?: number; coverage?: 'national' | number[] } = {}) {
    const customer = await createCustomer(db, { clientId: client.id });
    const { membership, benefit } = await createMembershipWithBenefit(db, {
      clientId: client.id,
      customerId: customer.id,
      venueId: leeds.id,
      benefit: { ...GUEST_PASS_BENEFIT, usesPerPeriod: options.benefitUses ?? 2 },
    });
    if (Array.isArray(options.coverage)) {
      await db
        .update(membershipTypes)
        .set({ coverage: 'venues' })
        .where(eq(membershipTypes.id, membership.membershipTypeId));
      await db
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
    await db
      .update(clients)
      .set({ features: { ...client.features, ...features } })
      .where(eq(clients.id, client.id));
    app.invalidateClientCache();
  }

  return { newMember, base, get, send, guest, setFeatures };
}
