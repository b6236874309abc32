/** Writing the client, its venues, waivers, activities and weekly timetables from a catalogue. */
import { type Catalogue, isoWeekday, WEEKDAYS } from '@fieldhouse/contract/catalogue/index';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import type { CatalogueProblem } from './source.ts';
import { syncKeyed } from './sync.ts';

type Activity = Catalogue['activities'][number];

/** The client row for the catalogue's key: updated, or made when the database has none with that key. */
export async function applyClient(tx: Tx, c: Catalogue['client']) {
  const values = {
    slug: c.key,
    name: c.name,
    supportEmail: c.support_email,
    timeZone: c.time_zone,
    address: c.address,
    phone: c.phone,
    opGtmId: c.tag_manager_id,
    kioskHomeUrl: c.kiosk_home_url,
    features: c.features,
    theme: c.theme,
    footerHtml: c.footer_html,
    allowOnlineCancellation: c.cancellation.online,
    cancellationRefusalMessage: c.cancellation.refusal_message,
    cancellationNoticeDays: c.cancellation.notice_days,
    timetableHorizonWeeks: c.timetable_horizon_weeks,
    sessionMoveChoiceMinutes: c.session_move_choice_minutes,
    unmarkedUnattendedAfterHours: c.attendance.unmarked_unattended_after_hours,
    failedCollectionFee: c.direct_debit.failed_collection_fee,
    checkInBlocksOnUnpaidFees: c.check_in.block_on_unpaid_fees,
    vatNumber: c.vat.registration_number,
    feeVatTreatment: c.vat.fees,
  };
  const [existing] = await tx.select({ id: s.clients.id }).from(s.clients).where(eq(s.clients.slug, c.key));
  if (existing) {
    await tx.update(s.clients).set(values).where(eq(s.clients.id, existing.id));
    return existing.id;
  }
  const [row] = await tx.insert(s.clients).values(values).returning({ id: s.clients.id });
  return row!.id;
}

export async function applyVenues(tx: Tx, clientId: number, venues: Catalogue['venues'], now: Date) {
  const rows = await tx
    .select()
    .from(s.venues)
    .where(eq(s.venues.clientId, clientId))
    .orderBy(asc(s.venues.id));
  const values = (v: Catalogue['venues'][number]) => ({
    clientId,
    slug: v.key,
    name: v.name,
    address1: v.address.line1,
    address2: v.address.line2,
    town: v.address.town,
    postcode: v.address.postcode.toUpperCase(),
    lat: v.location.lat,
    lng: v.location.lng,
    timeZone: v.time_zone,
    openingHours: Object.fromEntries(
      WEEKDAYS.filter((d) => v.opening_hours?.[d]?.length).map((d) => [
        String(isoWeekday(d)),
        v.opening_hours![d]!,
      ]),
    ),
    bookingWindowDays: v.booking_window_days,
    allowIneligibleMemberships: v.show_ineligible_memberships,
    displayVenueSelectionButton: v.show_venue_selection_button,
    activitiesV2Enabled: v.activities_v2,
    themeOverrides: v.theme as Record<string, string>,
    footerHtml: v.footer_html,
    archivedAt: null,
  });
  return syncKeyed({
    rows,
    items: venues,
    storedKey: (r) => r.slug,
    name: (r) => r.name,
    insert: async (v) => (await tx.insert(s.venues).values(values(v)).returning())[0]!,
    update: async (r, v) => void (await tx.update(s.venues).set(values(v)).where(eq(s.venues.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.venues).set({ archivedAt: now }).where(eq(s.venues.id, r.id))),
  });
}

/** Waivers and their versions. A version members have signed cannot be reworded (add the next version). */
export async function applyWaivers(
  tx: Tx,
  clientId: number,
  waivers: Catalogue['waivers'],
  now: Date,
  problem: (index: number, version: number, message: string) => CatalogueProblem,
) {
  const problems: CatalogueProblem[] = [];
  const rows = await tx
    .select()
    .from(s.waivers)
    .where(eq(s.waivers.clientId, clientId))
    .orderBy(asc(s.waivers.id));
  const values = (w: Catalogue['waivers'][number]) => ({
    clientId,
    key: w.key,
    restrictionName: w.restriction,
    type: w.type,
    title: w.title,
    validForMonths: w.valid_for_months,
    archivedAt: null,
  });
  const byKey = await syncKeyed({
    rows,
    items: waivers,
    storedKey: (r) => r.key,
    name: (r) => r.title,
    insert: async (w) => (await tx.insert(s.waivers).values(values(w)).returning())[0]!,
    update: async (r, w) => void (await tx.update(s.waivers).set(values(w)).where(eq(s.waivers.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.waivers).set({ archivedAt: now }).where(eq(s.waivers.id, r.id))),
  });
  for (const [index, w] of waivers.entries()) {
    const waiverId = byKey.get(w.key)!.id;
    const stored = await tx.select().from(s.waiverVersions).where(eq(s.waiverVersions.waiverId, waiverId));
    for (const v of w.versions) {
      const questions = v.questions.map((q, i) => ({
        id: i + 1,
        label: q.label,
        type: q.type,
        reference: q.key,
      }));
      const old = stored.find((o) => o.version === v.version);
      if (!old) {
        await tx
          .insert(s.waiverVersions)
          .values({ waiverId, version: v.version, bodyHtml: v.body_html, questions });
        continue;
      }
      const same = (a: { reference: string; label: string; type: string }[]) =>
        JSON.stringify(a.map((q) => [q.reference, q.label, q.type]));
      if (old.bodyHtml === v.body_html && same(old.questions) === same(questions)) continue;
      const [signed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(s.waiverSignatures)
        .where(and(eq(s.waiverSignatures.waiverId, waiverId), eq(s.waiverSignatures.version, old.version)));
      if (Number(signed?.n ?? 0) > 0) {
        problems.push(
          problem(
            index,
            v.version,
            `Version ${v.version} has been signed, so it cannot change: add version ${w.versions.length + 1} with the new wording.`,
          ),
        );
      } else {
        await tx
          .update(s.waiverVersions)
          .set({ bodyHtml: v.body_html, questions })
          .where(eq(s.waiverVersions.id, old.id));
      }
    }
  }
  return { byKey, problems };
}

export async function applyActivities(
  tx: Tx,
  input: { activities: Activity[]; venueIds: Map<string, number>; waiverIds: Map<string, number>; now: Date },
) {
  const ids = [...new Set(input.venueIds.values())];
  const rows = ids.length
    ? await tx
        .select()
        .from(s.activities)
        .where(inArray(s.activities.venueId, ids))
        .orderBy(asc(s.activities.id))
    : [];
  const venueSlug = new Map([...input.venueIds].map(([k, id]) => [id, k]));
  const values = (a: Activity) => {
    const waiverId = a.waiver ? input.waiverIds.get(a.waiver)! : null;
    return {
      venueId: input.venueIds.get(a.venue)!,
      key: a.key,
      name: a.name,
      description: a.description,
      category: a.category,
      locationName: a.location,
      price: a.price,
      capacity: a.capacity,
      durationMinutes: a.duration_minutes,
      maxPlacesPerBooking: a.max_places_per_booking,
      cancellationCutoffHours: a.cancellation.cutoff_hours,
      cancellationAwardsCredit: a.cancellation.credit,
      waiverId,
      requiresWaiver: waiverId !== null,
      vatTreatment: a.vat,
      archivedAt: null,
    };
  };
  return syncKeyed({
    rows,
    items: input.activities,
    storedKey: (r) => r.key,
    name: (r) => `${venueSlug.get(r.venueId)}-${r.name}`,
    insert: async (a) => (await tx.insert(s.activities).values(values(a)).returning())[0]!,
    update: async (r, a) =>
      void (await tx.update(s.activities).set(values(a)).where(eq(s.activities.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.activities).set({ archivedAt: input.now }).where(eq(s.activities.id, r.id))),
  });
}

/** Weekly rules and date exceptions, per venue; a venue the file gives no timetable keeps none. */
export async function applyTimetables(
  tx: Tx,
  input: {
    timetable: Catalogue['timetable'];
    venueIds: Map<string, number>;
    activityIds: Map<string, number>;
    now: Date;
  },
) {
  for (const [venueKey, venueId] of input.venueIds) {
    const t = input.timetable.find((x) => x.venue === venueKey) ?? {
      venue: venueKey,
      weekly: [],
      exceptions: [],
    };
    const rules = await tx
      .select()
      .from(s.timetableRules)
      .where(eq(s.timetableRules.venueId, venueId))
      .orderBy(asc(s.timetableRules.id));
    const ruleValues = (w: (typeof t.weekly)[number]) => ({
      venueId,
      key: w.key,
      activityId: input.activityIds.get(w.activity)!,
      weekday: isoWeekday(w.day),
      startTime: w.start,
      durationMinutes: w.duration_minutes ?? null,
      capacity: w.capacity ?? null,
      price: w.price ?? null,
      locationName: w.location ?? null,
      validFrom: w.from ?? null,
      validUntil: w.until ?? null,
      archivedAt: null,
    });
    const ruleIds = await syncKeyed({
      rows: rules,
      items: t.weekly,
      storedKey: (r) => r.key,
      name: (r) => r.key,
      insert: async (w) => (await tx.insert(s.timetableRules).values(ruleValues(w)).returning())[0]!,
      update: async (r, w) =>
        void (await tx.update(s.timetableRules).set(ruleValues(w)).where(eq(s.timetableRules.id, r.id))),
      archive: async (r) =>
        void (await tx
          .update(s.timetableRules)
          .set({ archivedAt: input.now })
          .where(eq(s.timetableRules.id, r.id))),
    });
    const exceptions = await tx
      .select()
      .from(s.timetableExceptions)
      .where(and(eq(s.timetableExceptions.venueId, venueId)))
      .orderBy(asc(s.timetableExceptions.id));
    const exceptionValues = (e: (typeof t.exceptions)[number]) => {
      const timed = e.kind === 'changed' || e.kind === 'extra' ? e : null;
      return {
        venueId,
        key: e.key,
        date: e.date,
        kind: e.kind,
        reason: e.reason,
        ruleId: e.kind === 'cancelled' || e.kind === 'changed' ? ruleIds.get(e.session)!.id : null,
        activityId: e.kind === 'extra' ? input.activityIds.get(e.activity)! : null,
        startTime: timed?.start ?? null,
        durationMinutes: timed?.duration_minutes ?? null,
        capacity: timed?.capacity ?? null,
        price: timed?.price ?? null,
        locationName: timed?.location ?? null,
        archivedAt: null,
      };
    };
    await syncKeyed({
      rows: exceptions,
      items: t.exceptions,
      storedKey: (r) => r.key,
      name: (r) => r.key,
      insert: async (e) =>
        (await tx.insert(s.timetableExceptions).values(exceptionValues(e)).returning())[0]!,
      update: async (r, e) =>
        void (await tx
          .update(s.timetableExceptions)
          .set(exceptionValues(e))
          .where(eq(s.timetableExceptions.id, r.id))),
      archive: async (r) =>
        void (await tx
          .update(s.timetableExceptions)
          .set({ archivedAt: input.now })
          .where(eq(s.timetableExceptions.id, r.id))),
    });
  }
}
