import { type RegisterBody, TERMS_REQUIRED_TEXT } from '@fieldhouse/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type NumberedReference, nextReference } from '../../db/references.ts';
import { customers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { sendAccountInvite } from '../auth/index.ts';
import { type ClientRow, hasTerms } from '../clients/index.ts';
import { queueMail, welcomeMail } from '../mail/index.ts';

export const REFERENCE_PREFIX = 'FH';
const FIRST_REFERENCE_NUMBER = 100001;

/** Customer numbers ('FH' + 6 digits or more), from a sequence (decision 056). */
const CUSTOMER_REFERENCE: NumberedReference = {
  prefix: REFERENCE_PREFIX,
  sequence: 'customer_reference_seq',
  table: 'customers',
  column: 'reference',
  first: FIRST_REFERENCE_NUMBER,
};

/** The next customer number (issue 12: no lock, no scan of the customers). */
export const nextCustomerReference = (tx: Tx) => nextReference(tx, CUSTOMER_REFERENCE);

/**
 * The password's hash, made before the transaction opens: scrypt takes tens of milliseconds on the thread pool,
 * and inside the transaction it would hold a connection (PGlite: every other transaction) all that time.
 */
export const hashNewPassword = (body: Pick<RegisterBody, 'password'>) => hashPassword(body.password);

/**
 * Registration requires accepting the terms when the client has any (joining §5: the checkbox shows only if terms
 * exist): 422 on terms_accepted.
 */
export async function checkTermsAccepted(db: DbOrTx, clientId: number, isAccepted: boolean) {
  if (isAccepted || !(await hasTerms(db, clientId, 'checkout'))) return;
  throw new HttpError(422, TERMS_REQUIRED_TEXT, { terms_accepted: [TERMS_REQUIRED_TEXT] });
}

/**
 * The operator's walk-ins (customers made at the desk) with this email and no password yet: the records an online
 * registration with the email claims (decision 070). At most a few (a family may share one address).
 */
async function findUnclaimedWalkIns(tx: Tx, clientId: number, email: string) {
  return tx
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      reference: customers.reference,
    })
    .from(customers)
    .where(
      and(
        eq(customers.clientId, clientId),
        sql`lower(${customers.email}) = ${email.toLowerCase()}`,
        isNotNull(customers.createdByStaffId),
        eq(customers.passwordHash, ''),
      ),
    )
    .orderBy(customers.id)
    .limit(5);
}

export type Registration = { kind: 'created'; customerId: number } | { kind: 'walk_in_invited' };

/**
 * Creates the customer and queues the welcome mail in one transaction. When the email is a walk-in's whose record
 * has no password yet, no second account is made: the walk-in is mailed the link that sets their password (the
 * desk's invitation), so only whoever reads that mailbox can take the record over, and the caller is told to look
 * there (decision 070). An account with a password is never claimed: the email may be shared (families), and a new
 * account is made beside it as before.
 */
export async function registerCustomer(
  tx: Tx,
  input: { client: ClientRow; body: RegisterBody; passwordHash: string; now: Date; accountUrl: string },
): Promise<Registration> {
  const { body, client, now, passwordHash } = input;
  await checkTermsAccepted(tx, client.id, body.terms_accepted);
  const walkIns = await findUnclaimedWalkIns(tx, client.id, body.email);
  if (walkIns.length > 0) {
    for (const customer of walkIns)
      await sendAccountInvite(tx, { clientName: client.name, customer, now, accountUrl: input.accountUrl });
    return { kind: 'walk_in_invited' };
  }
  const reference = await nextCustomerReference(tx);
  const [created] = await tx
    .insert(customers)
    .values({
      clientId: client.id,
      reference,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
      dateOfBirth: body.date_of_birth ?? null,
      phone: body.phone || null,
      marketingOptIn: body.marketing_opt_in,
      termsAcceptedAt: body.terms_accepted ? now : null,
      source: body.source,
      createdAt: now,
    })
    .returning({ id: customers.id });
  const mail = welcomeMail({
    clientName: client.name,
    firstName: body.first_name,
    reference,
    accountUrl: input.accountUrl,
  });
  await queueMail(tx, { ...mail, to: body.email });
  return { kind: 'created', customerId: created!.id };
}
