/**
 * The catalogue as the database holds it now (what export writes and what an import compares against): the
 * entities not archived, in their stored order. Rows made before catalogues carry no key; they get one derived
 * from their name (the same every time), which the next import writes to them.
 */
import type { Theme } from '@fieldhouse/contract';
import { type Catalogue, type CatalogueActivity, weekdayOf } from '@fieldhouse/contract/catalogue/index';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { addDays, formatIso, localDateOf } from '../../lib/local-date.ts';
import { keysFor } from './keys.ts';
import { readMembershipTypes } from './read-memberships.ts';
import { readTimetables } from './read-timetable.ts';

export { keysFor, slugKey } from './keys.ts';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

export type StoredCatalogue = { clientId: number; catalogue: Catalogue };

/** The client's current catalogue, or null when the database has no such client. */
export async function readCatalogue(db: DbOrTx, clientId: number): Promise<StoredCatalogue | null> {
  const [client] = await db.select().from(s.clients).where(eq(s.clients.id, clientId));
  if (!client) return null;
  const zone = client.timeZone;
  const live = <T extends { archivedAt: Date | null }>(rows: T[]) => rows.filter((r) => !r.archivedAt);

  const venueRows = live(
    await db.select().from(s.venues).where(eq(s.venues.clientId, clientId)).orderBy(asc(s.venues.id)),
  );
  const venueKey = new Map(venueRows.map((v) => [v.id, v.slug]));
  const venueIds = venueRows.map((v) => v.id);

  const waiverRows = live(
    await db.select().from(s.waivers).where(eq(s.waivers.clientId, clientId)).orderBy(asc(s.waivers.id)),
  );
  const waiverKeys = keysFor(
    waiverRows,
    (w) => w.key,
    (w) => w.title,
  );
  const waiverKey = new Map(waiverRows.map((w, i) => [w.id, waiverKeys[i]!]));
  const versionRows = waiverRows.length
    ? await db
        .select()
        .from(s.waiverVersions)
        .where(
          inArray(
            s.waiverVersions.waiverId,
            waiverRows.map((w) => w.id),
          ),
        )
        .orderBy(asc(s.waiverVersions.version))
    : [];

  const activityRows = venueIds.length
    ? live(
        await db
          .select()
          .from(s.activities)
          .where(inArray(s.activities.venueId, venueIds))
          .orderBy(asc(s.activities.id)),
      )
    : [];
  // Activity keys are unique across the catalogue (rules name them by key alone).
  const activityKeys = keysFor(
    activityRows,
    (a) => a.key,
    (a) => `${venueKey.get(a.venueId)}-${a.name}`,
  );
  const activityKey = new Map(activityRows.map((a, i) => [a.id, activityKeys[i]!]));

  const activities: CatalogueActivity[] = activityRows.map((a, i) => ({
    key: activityKeys[i]!,
    venue: venueKey.get(a.venueId)!,
    name: a.name,
    description: a.description,
    category: a.category,
    location: a.locationName,
    price: a.price,
    capacity: a.capacity,
    duration_minutes: a.durationMinutes,
    max_places_per_booking: a.maxPlacesPerBooking,
    cancellation: { cutoff_hours: a.cancellationCutoffHours, credit: a.cancellationAwardsCredit },
    waiver: a.waiverId ? (waiverKey.get(a.waiverId) ?? null) : null,
    vat: a.vatTreatment,
  }));

  const timetable = await readTimetables(db, venueRows, activityKey);

  const criterionRows = await db
    .select()
    .from(s.eligibilityCriteria)
    .where(eq(s.eligibilityCriteria.clientId, clientId))
    .orderBy(asc(s.eligibilityCriteria.id));
  const criterionKeys = keysFor(
    criterionRows,
    (c) => c.key,
    (c) => c.name,
  );
  const documentRows = criterionRows.length
    ? live(
        await db
          .select()
          .from(s.eligibilityDocumentTypes)
          .where(
            inArray(
              s.eligibilityDocumentTypes.criterionId,
              criterionRows.map((c) => c.id),
            ),
          )
          .orderBy(asc(s.eligibilityDocumentTypes.id)),
      )
    : [];
  const documentKey = new Map<number, { criterion: string; document: string }>();
  const eligibility = criterionRows.map((c, i) => {
    const docs = documentRows.filter((d) => d.criterionId === c.id);
    const keys = keysFor(
      docs,
      (d) => d.key,
      (d) => d.name,
    );
    for (const [j, d] of docs.entries())
      documentKey.set(d.id, { criterion: criterionKeys[i]!, document: keys[j]! });
    return {
      key: criterionKeys[i]!,
      name: c.name,
      documents: docs.map((d, j) => ({ key: keys[j]!, name: d.name })),
    };
  });
  const criterionKey = new Map(criterionRows.map((c, i) => [c.id, criterionKeys[i]!]));

  const { membershipTypes, optionKey } = await readMembershipTypes(db, clientId, venueKey, criterionKey);

  const freezeRows = live(
    await db
      .select()
      .from(s.freezeTypes)
      .where(eq(s.freezeTypes.clientId, clientId))
      .orderBy(asc(s.freezeTypes.sortOrder), asc(s.freezeTypes.id)),
  );
  const freezeKeys = keysFor(
    freezeRows,
    (f) => f.key,
    (f) => f.reason,
  );
  const promotionRows = live(
    await db
      .select()
      .from(s.membershipPromotions)
      .where(eq(s.membershipPromotions.clientId, clientId))
      .orderBy(asc(s.membershipPromotions.id)),
  );
  const promotionKeys = keysFor(
    promotionRows,
    (p) => p.key,
    (p) => p.code,
  );
  const termsRows = live(
    await db
      .select()
      .from(s.terms)
      .where(eq(s.terms.clientId, clientId))
      .orderBy(asc(s.terms.sortOrder), asc(s.terms.id)),
  );
  const termsKeys = keysFor(
    termsRows,
    (t) => t.key,
    (t) => `${t.kind}-${t.title}`,
  );
  // Promotions end at the start of the day after their last day (valid_to is exclusive).
  const lastDay = (instant: Date) => formatIso(addDays(localDateOf(instant, zone), -1));

  return {
    clientId,
    catalogue: {
      format: 1,
      client: {
        key: client.slug,
        name: client.name,
        support_email: client.supportEmail,
        time_zone: client.timeZone,
        address: client.address,
        phone: client.phone,
        tag_manager_id: client.opGtmId,
        kiosk_home_url: client.kioskHomeUrl,
        features: client.features,
        theme: client.theme as Theme,
        footer_html: client.footerHtml,
        cancellation: {
          online: client.allowOnlineCancellation,
          refusal_message: client.cancellationRefusalMessage,
          notice_days: client.cancellationNoticeDays,
        },
        timetable_horizon_weeks: client.timetableHorizonWeeks,
        session_move_choice_minutes: client.sessionMoveChoiceMinutes,
        attendance: { unmarked_unattended_after_hours: client.unmarkedUnattendedAfterHours },
        direct_debit: { failed_collection_fee: client.failedCollectionFee },
        check_in: { block_on_unpaid_fees: client.checkInBlocksOnUnpaidFees },
        vat: { registration_number: client.vatNumber, fees: client.feeVatTreatment },
      },
      venues: venueRows.map((v) => {
        const hours = Object.keys(v.openingHours).length
          ? Object.fromEntries(
              DAYS.filter((d) => v.openingHours[d]?.length).map((d) => [
                weekdayOf(Number(d)),
                v.openingHours[d]!,
              ]),
            )
          : undefined;
        return {
          key: v.slug,
          name: v.name,
          address: { line1: v.address1, line2: v.address2, town: v.town, postcode: v.postcode },
          location: { lat: v.lat, lng: v.lng },
          time_zone: v.timeZone,
          ...(hours ? { opening_hours: hours } : {}),
          booking_window_days: v.bookingWindowDays,
          show_ineligible_memberships: v.allowIneligibleMemberships,
          show_venue_selection_button: v.displayVenueSelectionButton,
          activities_v2: v.activitiesV2Enabled,
          theme: v.themeOverrides,
          footer_html: v.footerHtml,
        };
      }),
      activities,
      timetable,
      eligibility,
      membership_types: membershipTypes,
      freeze_types: freezeRows.map((f, i) => {
        const proof = f.proofDocumentTypeId ? documentKey.get(f.proofDocumentTypeId) : undefined;
        return {
          key: freezeKeys[i]!,
          reason: f.reason,
          months: f.timePeriods,
          monthly_fee: f.monthlyFee,
          proof: proof ? { ...proof, description: f.proofDescription } : null,
        };
      }),
      promotions: promotionRows.map((p, i) => ({
        key: promotionKeys[i]!,
        code: p.code,
        payment_option: p.paymentOptionId ? (optionKey.get(p.paymentOptionId) ?? null) : null,
        kind: p.kind,
        value: p.value,
        applies_to: p.appliesTo,
        valid_from: p.validFrom ? formatIso(localDateOf(p.validFrom, zone)) : null,
        valid_until: p.validTo ? lastDay(p.validTo) : null,
      })),
      terms: termsRows.map((t, i) => ({ key: termsKeys[i]!, kind: t.kind, title: t.title, html: t.html })),
      waivers: waiverRows.map((w) => ({
        key: waiverKey.get(w.id)!,
        restriction: w.restrictionName,
        type: w.type,
        title: w.title,
        valid_for_months: w.validForMonths,
        versions: versionRows
          .filter((v) => v.waiverId === w.id)
          .map((v) => ({
            version: v.version,
            body_html: v.bodyHtml,
            questions: v.questions.map((q) => ({ key: q.reference, label: q.label, type: q.type as 'text' })),
          })),
      })),
    },
  };
}
