/** Factories for customers and what they keep with us: a direct-debit mandate, a saved card. */
import { hashPassword } from '../../lib/password.ts';
import type { DbOrTx } from '../client.ts';
import { customers, directDebitMandates, sandboxCardTokens, savedCards } from '../schema.ts';
import { unique } from './unique.ts';

/**
 * A customer who can log in: give `password` (hashed here) or `passwordHash` (hashed once by the caller, as the
 * seed does for many customers). Returns the row and the password when it was given.
 */
export async function createCustomer(
  db: DbOrTx,
  input: Partial<typeof customers.$inferInsert> & { clientId: number; password?: string },
) {
  const { password, ...overrides } = input;
  if (!overrides.passwordHash && password === undefined) throw new Error('createCustomer needs a password');
  const id = unique();
  const [row] = await db
    .insert(customers)
    .values({
      reference: `T${id.toUpperCase()}`,
      email: `customer-${id}@test.example`,
      firstName: 'Test',
      lastName: 'Customer',
      passwordHash: overrides.passwordHash ?? (await hashPassword(password!)),
      termsAcceptedAt: new Date(),
      ...overrides,
    })
    .returning();
  return { ...row!, password };
}

/** An active sandbox direct-debit mandate. */
export async function createMandate(
  db: DbOrTx,
  overrides: Partial<typeof directDebitMandates.$inferInsert> & { customerId: number },
) {
  const [row] = await db
    .insert(directDebitMandates)
    .values({
      provider: 'sandbox',
      reference: `SBX-T-${unique()}`,
      accountHolder: 'Test Customer',
      accountNumberLast4: '1234',
      sortCodeMasked: '20-**-**',
      billingAddressLine1: '1 High Street',
      billingCity: 'Leeds',
      billingPostcode: 'LS1 1AA',
      status: 'active',
      ...overrides,
    })
    .returning();
  return row!;
}

type Billing = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
};

/**
 * A saved card: the sandbox provider's payment method (which pays) and the customer's saved card that points at
 * it. Default: Visa ending 4242, expiring December three years on.
 */
export async function createSavedCard(
  db: DbOrTx,
  input: {
    customerId: number;
    providerRef?: string;
    brand?: string;
    lastFour?: string;
    expiryMonth?: number;
    expiryYear?: number;
    cardholderName?: string;
    billing?: Billing;
    createdAt?: Date;
    /** Also record the card with the sandbox provider (default true; false for a card it would refuse). */
    withProvider?: boolean;
  },
) {
  const billing = input.billing ?? {
    firstName: 'Test',
    lastName: 'Customer',
    addressLine1: '1 High Street',
    addressLine2: null,
    city: 'Leeds',
    postcode: 'LS1 1AA',
  };
  const card = {
    customerId: input.customerId,
    brand: input.brand ?? 'Visa',
    lastFour: input.lastFour ?? '4242',
    expiryMonth: input.expiryMonth ?? 12,
    expiryYear: input.expiryYear ?? new Date().getUTCFullYear() + 3,
    cardholderName: input.cardholderName ?? `${billing.firstName} ${billing.lastName}`,
  };
  const providerRef = input.providerRef ?? `pm_test_${unique()}`;
  if (input.withProvider ?? true) {
    await db
      .insert(sandboxCardTokens)
      .values({ token: providerRef, kind: 'payment_method', behaviour: 'succeed', ...card, billing });
  }
  const [row] = await db
    .insert(savedCards)
    .values({
      ...card,
      providerRef,
      billingFirstName: billing.firstName,
      billingLastName: billing.lastName,
      billingAddressLine1: billing.addressLine1,
      billingAddressLine2: billing.addressLine2,
      billingCity: billing.city,
      billingPostcode: billing.postcode,
      createdAt: input.createdAt,
    })
    .returning();
  return row!;
}
