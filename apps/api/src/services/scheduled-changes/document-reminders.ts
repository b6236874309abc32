import { and, eq, gte, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clients,
  customers,
  eligibilityDocuments,
  eligibilityDocumentTypes,
  memberships,
  membershipTypes,
  venues,
} from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { addDays, daysBetween, formatIso, parseLocalDate, prettyDate } from '../../lib/local-date.ts';
import { documentExpiryReminderMail, queueMail } from '../mail/index.ts';
import { DOCUMENT_EXPIRY_WARNING_DAYS } from '../memberships/index.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps, venueZones } from './run.ts';

const newer = alias(eligibilityDocuments, 'newer');

/**
 * Eligibility documents about to expire: once a membership's latest document is approved and expires within
 * DOCUMENT_EXPIRY_WARNING_DAYS (the days the account calls it 'due to expire'), venue-local, the member is mailed
 * once (expiry_reminder_sent_at, written in the transaction that queues the mail: a mail exists only if the mark
 * commits, and a marked document is never mailed again). Not for a document already replaced by a newer upload, or
 * a membership that is no longer live.
 */
export async function remindExpiringDocuments(deps: ScheduledChangeDeps) {
  const now = deps.now();
  let sent = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    const last = formatIso(addDays(zone.today, DOCUMENT_EXPIRY_WARNING_DAYS));
    sent += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({
          id: eligibilityDocuments.id,
          expiresOn: eligibilityDocuments.expiresOn,
          documentName: eligibilityDocumentTypes.name,
          membershipName: membershipTypes.name,
          firstName: customers.firstName,
          email: customers.email,
          clientName: clients.name,
        })
        .from(eligibilityDocuments)
        .innerJoin(memberships, eq(memberships.id, eligibilityDocuments.membershipId))
        .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .innerJoin(clients, eq(clients.id, venues.clientId))
        .innerJoin(customers, eq(customers.id, eligibilityDocuments.customerId))
        .innerJoin(
          eligibilityDocumentTypes,
          eq(eligibilityDocumentTypes.id, eligibilityDocuments.documentTypeId),
        )
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(eligibilityDocuments.status, 'approved'),
            isNull(eligibilityDocuments.expiryReminderSentAt),
            isNotNull(eligibilityDocuments.expiresOn),
            gte(eligibilityDocuments.expiresOn, today),
            lte(eligibilityDocuments.expiresOn, last),
            inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
            eq(memberships.awaitingPayment, false),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(newer)
                .where(
                  and(
                    eq(newer.membershipId, eligibilityDocuments.membershipId),
                    or(
                      sql`${newer.createdAt} > ${eligibilityDocuments.createdAt}`,
                      and(
                        eq(newer.createdAt, eligibilityDocuments.createdAt),
                        sql`${newer.id} > ${eligibilityDocuments.id}`,
                      ),
                    ),
                  ),
                ),
            ),
          ),
        )
        .orderBy(eligibilityDocuments.id)
        .limit(BATCH_SIZE)
        .for('update', { of: eligibilityDocuments, skipLocked: true });
      for (const doc of due) {
        const expiresOn = parseLocalDate(doc.expiresOn!)!;
        const mail = documentExpiryReminderMail({
          clientName: doc.clientName,
          firstName: doc.firstName,
          membershipName: doc.membershipName,
          documentName: doc.documentName,
          expiresOn: prettyDate(expiresOn),
          daysToExpiry: daysBetween(zone.today, expiresOn),
          link: deps.accountUrl ? `${deps.accountUrl}/memberships` : null,
        });
        await queueMail(tx, { ...mail, to: doc.email });
        await tx
          .update(eligibilityDocuments)
          .set({ expiryReminderSentAt: now })
          .where(and(eq(eligibilityDocuments.id, doc.id), isNull(eligibilityDocuments.expiryReminderSentAt)));
      }
      return due.length;
    });
  }
  deps.log.info({ sent }, 'Scheduled change: document expiry reminders');
  return { sent };
}
