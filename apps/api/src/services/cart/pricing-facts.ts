import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { customers } from '../../db/schema.ts';
import { periodStart } from '../../lib/venue-time.ts';
import { type CreditLedgerJson, creditBalancesOf, creditLedgerJson } from '../credits/index.ts';
import type { AvailableBenefit, AvailablePackage, Tender } from './pricing.ts';

type PackageJson = Omit<AvailablePackage, 'expiresAt'> & { expiresAt: number | null };

/**
 * Everything a basket's price depends on besides its lines, in one statement (issue 12: each statement is a round
 * trip, and a basket is priced on every add, read and checkout): the benefits of the customer's active memberships
 * with the uses left in their current period (week from Monday or month from the 1st, venue-local), their
 * unexpired session packages, their credit ledger and the basket's stored payments. Each is a JSON array.
 */
const pricingFacts = prepared((db) => {
  const customerId = sql.placeholder('customerId');
  const now = sql.placeholder('now');
  const benefits = sql<AvailableBenefit[]>`(select coalesce(json_agg(json_build_object(
      'benefitId', b.id, 'membershipId', m.id, 'name', b.name, 'category', b.activity_category,
      'discountPercent', b.discount_percent,
      'usesLeft', b.uses_per_period - (select count(*)::int from benefit_usages u
        where u.membership_id = m.id and u.benefit_id = b.id and u.returned_at is null
          and u.used_at >= (case when b.period = 'week' then ${sql.placeholder('weekStart')}::timestamptz
                                 else ${sql.placeholder('monthStart')}::timestamptz end))
    ) order by b.id), '[]'::json)
    from memberships m join membership_benefits b on b.membership_type_id = m.membership_type_id
    where m.customer_id = ${customerId} and m.status = 'active' and b.kind = 'activity')`;
  const packages = sql<PackageJson[]>`(select coalesce(json_agg(json_build_object(
      'packageId', p.id, 'name', p.name, 'category', p.activity_category, 'sessionsRemaining', p.sessions_remaining,
      'expiresAt', (extract(epoch from p.expires_at) * 1000)::bigint
    ) order by p.id), '[]'::json)
    from customer_packages p
    where p.customer_id = ${customerId} and p.kind = 'sessions' and p.sessions_remaining > 0
      and (p.expires_at is null or p.expires_at > ${now}::timestamptz))`;
  const payments = sql<Tender[]>`(select coalesce(json_agg(json_build_object(
      'tenderType', cp.tender_type, 'amount', cp.amount) order by cp.id), '[]'::json)
    from cart_payments cp where cp.cart_id = ${sql.placeholder('cartId')})`;
  return db
    .select({
      benefits,
      packages,
      credit: creditLedgerJson(customerId),
      payments,
      email: customers.email,
      firstName: customers.firstName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .prepare('pricing_facts');
});

export type PricingFacts = {
  benefits: AvailableBenefit[];
  packages: AvailablePackage[];
  credit: ReturnType<typeof creditBalancesOf>;
  /** The basket's stored payments (offline tenders and credit chosen), oldest first. */
  payments: Tender[];
  /** Whom the basket's confirmation goes to (read here: checkout mails it without another round trip). */
  buyer: { email: string; firstName: string };
};

/**
 * The facts above for a customer and their basket (`cartId` null: no basket, no payments); benefits and packages
 * only count where they are left (uses, sessions).
 */
export async function loadPricingFacts(
  db: DbOrTx,
  input: { cartId: number | null; customerId: number; now: Date; timeZone: string },
): Promise<PricingFacts> {
  const { now, timeZone } = input;
  const [row] = await pricingFacts(db, {
    cartId: input.cartId ?? 0,
    customerId: input.customerId,
    now: now.toISOString(),
    weekStart: periodStart(now, 'week', timeZone).toISOString(),
    monthStart: periodStart(now, 'month', timeZone).toISOString(),
  });
  if (!row) throw new Error(`Customer ${input.customerId} not found`);
  return {
    benefits: row.benefits.filter((b) => b.usesLeft > 0),
    packages: row.packages.map((p) => ({
      ...p,
      expiresAt: p.expiresAt === null ? null : new Date(Number(p.expiresAt)),
    })),
    credit: creditBalancesOf(row.credit as CreditLedgerJson[], now),
    payments: row.payments,
    buyer: { email: row.email, firstName: row.firstName },
  };
}
