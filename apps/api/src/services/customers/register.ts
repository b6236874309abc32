import { type RegisterBody, TERMS_REQUIRED_TEXT } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { type ClientRow, hasTerms } from '../clients/index.ts';
import { queueMail, welcomeMail } from '../mail/index.ts';

export const REFERENCE_PREFIX = 'FH';
const FIRST_REFERENCE_NUMBER = 100001;

/** A customer number from the sequence, unless a customer already has it (given by hand: the demo seed). */
const takeReference = (tx: Tx) =>
  rowsOf<{ reference: string }>(
    tx.execute(sql`select r.reference from (select ${REFERENCE_PREFIX}::text || nextval('customer_reference_seq') as reference) r
      where not exists (select 1 from ${customers} c where c.reference = r.reference)`),
  );

/**
 * Next customer reference ('FH' + 6 digits or more) from a sequence: no lock, no scan (issue 12). Customers given
 * their number by hand (the demo seed, the tests' factories) may hold numbers the sequence has not reached; the first
 * such clash moves the sequence past the highest number given (one scan), and the unique index has the last word.
 */
export async function nextCustomerReference(tx: Tx): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [free] = await takeReference(tx);
    if (free) return free.reference;
    await tx.execute(
      sql`select setval('customer_reference_seq', greatest(coalesce((select max(substring(reference from 3)::bigint)
        from ${customers} where reference ~ '^FH[0-9]{6,}$'), 0), ${FIRST_REFERENCE_NUMBER - 1}))`,
    );
  }
  throw new Error('No free customer reference after moving the sequence past the highest one');
}

async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  const r = await result;
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

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
