import { DESK_TEXTS, MEMBER_TEXTS, type WalkInBody, walkInBody } from '@fieldhouse/contract';
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { erasedEmail } from '@fieldhouse/contract/texts/member-erasure';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { customers, venues } from '../../../db/schema.ts';
import { fieldError, HttpError } from '../../../lib/http-errors.ts';
import { sendAccountInvite } from '../../auth/index.ts';
import { nextCustomerReference } from '../../customers/index.ts';
import { recordAudit } from '../audit.ts';
import { inScope } from '../desk/shared.ts';
import { checkEmailFree } from './details.ts';
import { findServedCustomer, hasPassword, type MemberActor, NO_PASSWORD } from './record.ts';

type Mailing = { clientId: number; clientName: string; accountUrl: string; now: Date };

async function invite(
  tx: Tx,
  input: Mailing & { actor: MemberActor; customer: typeof customers.$inferSelect },
) {
  const { customer } = input;
  await sendAccountInvite(tx, {
    clientName: input.clientName,
    customer: {
      id: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      reference: customer.reference,
    },
    now: input.now,
    accountUrl: input.accountUrl,
  });
  await recordAudit(tx, input.actor, input.now, {
    action: 'customer.invite',
    entity: 'customer',
    entityId: customer.id,
    before: null,
    after: { email: customer.email },
  });
}

/**
 * POST /api/staff/members: a walk-in customer made at the desk (decision 070) with a name and an email or phone, at
 * one of the staff member's venues as home venue, without a password; the next customer number; an email another
 * account uses is refused unless shared by a family. With `invite`, a mail with a link to set a password (the
 * password-reset page). One transaction, audited. The desk's basket, check-in and record work with them at once.
 */
export async function createWalkIn(
  db: Db,
  input: Mailing & { body: WalkInBody; actor: MemberActor },
): Promise<{ id: number; reference: string; invited: boolean }> {
  const body = walkInBody.parse(input.body);
  if (!inScope(input.actor.scope, body.home_venue_id))
    throw fieldError('home_venue_id', DESK_TEXTS.venueNotFound);
  return transactionRetried(db, async (tx) => {
    const [venue] = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(and(eq(venues.id, body.home_venue_id), eq(venues.clientId, input.clientId)));
    if (!venue) throw fieldError('home_venue_id', DESK_TEXTS.venueNotFound);
    await checkEmailFree(tx, { clientId: input.clientId, email: body.email, isShared: body.shared_email });
    const reference = await nextCustomerReference(tx);
    const [created] = await tx
      .insert(customers)
      .values({
        clientId: input.clientId,
        reference,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone || null,
        passwordHash: NO_PASSWORD,
        homeVenueId: venue.id,
        source: 'front-of-house',
        createdByStaffId: input.actor.staffId,
        createdAt: input.now,
      })
      .returning();
    await recordAudit(tx, input.actor, input.now, {
      action: 'customer.create_walk_in',
      entity: 'customer',
      entityId: created!.id,
      before: null,
      after: {
        reference,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone: body.phone,
        home_venue_id: venue.id,
        ...(body.shared_email ? { shared_email: true } : {}),
      },
    });
    if (body.invite) await invite(tx, { ...input, customer: created! });
    return { id: created!.id, reference, invited: body.invite };
  });
}

/**
 * POST /api/staff/members/:id/invite: (again) mails a customer without a password a link to set one; the newest
 * link is the one that works. Null outside the staff member's scope (404); 422 with no email; 409 with a password.
 */
export async function inviteMember(
  db: Db,
  input: Mailing & { customerId: number; actor: MemberActor },
): Promise<{ email: string } | null> {
  return transactionRetried(db, async (tx) => {
    const customer = await findServedCustomer(tx, { ...input, scope: input.actor.scope, forUpdate: true });
    if (!customer) return null;
    // An erased customer's record keeps only its number: no one to invite (decision 077).
    if (customer.email === erasedEmail(customer.id))
      throw new HttpError(409, MEMBER_DATA_TEXTS.inviteErased, undefined, { code: 'erased' });
    if (customer.email === '') throw new HttpError(422, MEMBER_TEXTS.inviteNeedsEmail);
    if (hasPassword(customer.passwordHash)) throw new HttpError(409, MEMBER_TEXTS.alreadyHasPassword);
    await invite(tx, { ...input, customer });
    return { email: customer.email };
  });
}
