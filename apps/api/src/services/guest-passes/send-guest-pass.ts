import { GUEST_PASS_TEXTS, GUEST_PASS_VALID_DAYS, type GuestPass } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { customers, guestPasses, venues } from '../../db/schema.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { addDays, endOfDay, localDateOf } from '../../lib/local-date.ts';
import { createGuestPassCode } from '../../lib/tokens.ts';
import { venueDateAtTime } from '../../lib/venue-time.ts';
import { useBenefit, usePackageSession } from '../allowances/index.ts';
import type { ClientRow } from '../clients/index.ts';
import { guestPassMail, queueMail } from '../mail/index.ts';
import { toGuestPassWire } from './guest-passes.ts';
import { type Allowance, findUsableAllowances, lockAndCheck } from './pass-allowances.ts';

/** The pass is good to the end of the GUEST_PASS_VALID_DAYS-th day after today (venue-local). */
export function guestPassValidTo(now: Date, timeZone: string) {
  return endOfDay(addDays(localDateOf(now, timeZone), GUEST_PASS_VALID_DAYS), timeZone);
}

export type SendGuestPassInput = {
  customerId: number;
  client: ClientRow;
  now: Date;
  guestName: string;
  guestEmail: string;
  venueId: number;
  pricingOptionId?: number;
};

/**
 * POST /api/v1/users/:userId/guestPasses: in one transaction, picks the allowance (the one asked for, else the
 * soonest to expire that covers the venue), locks its source, checks a use is left, creates the pass, records
 * the use and queues the mail to the guest. Refusals: no use left (422 noAllowance), venue not covered (422
 * under venue_id).
 */
export async function sendGuestPass(db: Db, input: SendGuestPassInput): Promise<GuestPass> {
  // A deadlock or serialization conflict rolls it all back (the mail too: it is queued in the outbox), so it runs
  // again instead of answering 503.
  return transactionRetried(db, (tx) => sendInTransaction(tx, input));
}

async function sendInTransaction(tx: Tx, input: SendGuestPassInput): Promise<GuestPass> {
  const { customerId, client, now } = input;
  const [venue] = await tx
    .select()
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.clientId, client.id)))
    .limit(1);
  if (!venue) throw fieldError('venue_id', GUEST_PASS_TEXTS.venueNotCovered);

  let candidates = await findUsableAllowances(tx, customerId, client, now);
  if (input.pricingOptionId !== undefined) {
    candidates = candidates.filter((a) => a.pricing_option_id === input.pricingOptionId);
  }
  if (!candidates.length) throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);
  candidates = candidates.filter((a) => a.venues.some((v) => v.id === venue.id));
  if (!candidates.length) throw fieldError('venue_id', GUEST_PASS_TEXTS.venueNotCovered);

  let chosen: Allowance | undefined;
  for (const candidate of candidates) {
    if (await lockAndCheck(tx, candidate, now, client.timeZone)) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);

  const { source } = chosen;
  const [pass] = await tx
    .insert(guestPasses)
    .values({
      customerId,
      venueId: venue.id,
      guestName: input.guestName,
      guestEmail: input.guestEmail,
      code: createGuestPassCode(),
      validTo: guestPassValidTo(now, venue.timeZone),
      status: 'issued',
      sourceType: source.type,
      membershipId: source.type === 'benefit' ? source.membershipId : null,
      benefitId: source.type === 'benefit' ? source.benefitId : null,
      customerPackageId: source.type === 'package' ? source.packageId : null,
      createdAt: now,
    })
    .returning();
  const usedFor = { guestPassId: pass!.id };
  if (source.type === 'benefit') {
    await useBenefit(tx, { membershipId: source.membershipId, benefitId: source.benefitId, usedFor, now });
  } else if (!(await usePackageSession(tx, { packageId: source.packageId, usedFor, now }))) {
    throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);
  }

  const [sender] = await tx
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  const mail = guestPassMail({
    clientName: client.name,
    guestName: pass!.guestName,
    senderName: `${sender!.firstName} ${sender!.lastName}`,
    venueName: venue.name,
    venueAddress: [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', '),
    code: pass!.code,
    validTo: venueDateAtTime(pass!.validTo, venue.timeZone),
  });
  await queueMail(tx, { ...mail, to: pass!.guestEmail });
  return toGuestPassWire(pass!, { id: venue.id, name: venue.name }, now);
}
