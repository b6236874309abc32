import { type RegisterBody, TERMS_REQUIRED_TEXT } from '@fieldhouse/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type NumberedReference, nextReference } from '../../db/references.ts';
import { customers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
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

/** Creates the customer and queues the welcome mail in one transaction; returns the new customer's id. */
export async function registerCustomer(
  tx: Tx,
  input: { client: ClientRow; body: RegisterBody; passwordHash: string; now: Date; accountUrl: string },
): Promise<number> {
  const { body, client, now, passwordHash } = input;
  await checkTermsAccepted(tx, client.id, body.terms_accepted);
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
  return created!.id;
}
