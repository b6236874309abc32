import { Readable } from 'node:stream';
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { and, asc, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  auditLog,
  authSessions,
  bookings,
  checkIns,
  consentChanges,
  creditTransactions,
  customerFlags,
  customerNotes,
  customerPackages,
  customers,
  customQuestionAnswers,
  directDebitMandates,
  directDebitPayments,
  eligibilityDocuments,
  freezeRequests,
  guestPasses,
  mailOutbox,
  memberships,
  orderItems,
  orders,
  payments,
  penalties,
  refunds,
  savedCards,
  waitlistEntries,
  waiverSignatures,
} from '../../db/schema.ts';

/**
 * A person's data, all of it (UK GDPR subject access, decision 077), written as it is read: each section is read a
 * page at a time (PAGE rows, keyset by its order column) and written out before the next page is read, so a member
 * with years of history never has it all in memory at once. Secrets (password and token hashes) and the file store's
 * internal keys are left out; files are listed with links to download them.
 */
const PAGE = 500;

type Customer = typeof customers.$inferSelect;
type Row = Record<string, unknown>;
export type ExportSubject = {
  customer: Customer;
  clientName: string;
  fileUrl: (file: string) => string;
  now: Date;
};

type Section = {
  key: string;
  title: string;
  /** One page after `after` (the last row's order value), in order; the order value is read with `orderOf`. */
  page: (db: Db, c: Customer, after: unknown) => Promise<Row[]>;
  orderOf: (row: Row) => unknown;
  wire: (row: Row, subject: ExportSubject) => Row;
};

/** Column names as the database has them (snake_case), leaving out `omit`. */
function wireOf(table: PgTable, omit: string[] = []) {
  const names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return (row: Row): Row =>
    Object.fromEntries(names.filter(([key]) => !omit.includes(key)).map(([key, name]) => [name, row[key]]));
}

/** A section of one table's rows about the customer, in `order` (a unique column). */
function tableSection(
  key: string,
  title: string,
  table: PgTable,
  order: AnyPgColumn,
  where: (c: Customer) => SQL | undefined,
  options: { omit?: string[]; extra?: (row: Row, subject: ExportSubject) => Row } = {},
): Section {
  const orderKey = Object.entries(getTableColumns(table)).find(([, column]) => column === order)![0];
  const wire = wireOf(table, options.omit);
  return {
    key,
    title,
    page: (db, c, after) =>
      db
        .select()
        .from(table)
        .where(and(where(c), after === undefined ? undefined : gt(order, after)))
        .orderBy(asc(order))
        .limit(PAGE) as Promise<Row[]>,
    orderOf: (row) => row[orderKey],
    wire: (row, subject) => ({ ...wire(row), ...options.extra?.(row, subject) }),
  };
}

const theirOrders = (c: Customer) =>
  sql`select ${orders.id} from ${orders} where ${orders.customerId} = ${c.id}`;
const theirMandates = (c: Customer) =>
  sql`select ${directDebitMandates.id} from ${directDebitMandates} where ${directDebitMandates.customerId} = ${c.id}`;

const SECTIONS: Section[] = [
  tableSection('profile', 'Your details', customers, customers.id, (c) => eq(customers.id, c.id), {
    omit: ['passwordHash', 'profilePhotoPath', 'clientId'],
    extra: (row, s) => ({ profile_photo: row.profilePhotoPath ? s.fileUrl('photo') : null }),
  }),
  tableSection('consents', 'Consent changes', consentChanges, consentChanges.id, (c) =>
    eq(consentChanges.customerId, c.id),
  ),
  tableSection('memberships', 'Memberships', memberships, memberships.id, (c) =>
    eq(memberships.customerId, c.id),
  ),
  {
    key: 'bookings',
    title: 'Bookings',
    page: async (db, c, after) =>
      (await db
        .select({ booking: bookings, startsAt: activitySessions.startsAt, activity: activities.name })
        .from(bookings)
        .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
        .innerJoin(activities, eq(activities.id, activitySessions.activityId))
        .where(
          and(
            eq(bookings.customerId, c.id),
            after === undefined ? undefined : gt(bookings.id, after as number),
          ),
        )
        .orderBy(asc(bookings.id))
        .limit(PAGE)) as unknown as Row[],
    orderOf: (row) => (row.booking as Row).id,
    wire: (row) => ({
      ...wireOf(bookings)(row.booking as Row),
      activity: row.activity,
      starts_at: row.startsAt,
    }),
  },
  tableSection('waitlist', 'Waiting list places', waitlistEntries, waitlistEntries.id, (c) =>
    eq(waitlistEntries.customerId, c.id),
  ),
  tableSection('orders', 'Orders', orders, orders.id, (c) => eq(orders.customerId, c.id), {
    omit: ['idempotencyKey'],
  }),
  tableSection(
    'order_items',
    'Order lines',
    orderItems,
    orderItems.id,
    (c) => sql`${orderItems.orderId} in (${theirOrders(c)})`,
  ),
  tableSection(
    'payments',
    'Payments',
    payments,
    payments.id,
    (c) => sql`${payments.orderId} in (${theirOrders(c)})`,
  ),
  tableSection('refunds', 'Refunds', refunds, refunds.id, (c) => eq(refunds.customerId, c.id), {
    omit: ['idempotencyKey'],
  }),
  tableSection('credit', 'Account credit', creditTransactions, creditTransactions.id, (c) =>
    eq(creditTransactions.customerId, c.id),
  ),
  tableSection('packages', 'Packages and passes bought', customerPackages, customerPackages.id, (c) =>
    eq(customerPackages.customerId, c.id),
  ),
  tableSection('guest_passes', 'Guest passes sent', guestPasses, guestPasses.id, (c) =>
    eq(guestPasses.customerId, c.id),
  ),
  tableSection('fees', 'Fees', penalties, penalties.id, (c) => eq(penalties.customerId, c.id)),
  tableSection('mandates', 'Direct debit mandates', directDebitMandates, directDebitMandates.id, (c) =>
    eq(directDebitMandates.customerId, c.id),
  ),
  tableSection(
    'collections',
    'Direct debit collections',
    directDebitPayments,
    directDebitPayments.id,
    (c) => sql`${directDebitPayments.mandateId} in (${theirMandates(c)})`,
  ),
  tableSection(
    'saved_cards',
    'Saved cards',
    savedCards,
    savedCards.id,
    (c) => eq(savedCards.customerId, c.id),
    {
      omit: ['providerRef'],
    },
  ),
  tableSection('waivers', 'Waivers signed', waiverSignatures, waiverSignatures.id, (c) =>
    eq(waiverSignatures.customerId, c.id),
  ),
  tableSection(
    'documents',
    'Documents',
    eligibilityDocuments,
    eligibilityDocuments.id,
    (c) => eq(eligibilityDocuments.customerId, c.id),
    { omit: ['storageKey'], extra: (row, s) => ({ download: s.fileUrl(`document-${row.id}`) }) },
  ),
  tableSection(
    'freezes',
    'Membership freezes',
    freezeRequests,
    freezeRequests.id,
    (c) => eq(freezeRequests.customerId, c.id),
    {
      omit: ['storageKey'],
      extra: (row, s) => ({ proof_download: row.storageKey ? s.fileUrl(`freeze-${row.id}`) : null }),
    },
  ),
  tableSection(
    'answers',
    'Answers to joining questions',
    customQuestionAnswers,
    customQuestionAnswers.id,
    (c) => eq(customQuestionAnswers.customerId, c.id),
  ),
  tableSection('check_ins', 'Visits (check-ins)', checkIns, checkIns.id, (c) =>
    eq(checkIns.customerId, c.id),
  ),
  tableSection('staff_notes', 'Notes our staff wrote', customerNotes, customerNotes.id, (c) =>
    eq(customerNotes.customerId, c.id),
  ),
  tableSection('staff_flags', 'Checks our staff recorded', customerFlags, customerFlags.flag, (c) =>
    eq(customerFlags.customerId, c.id),
  ),
  tableSection('logins', 'Log-ins', authSessions, authSessions.id, (c) => eq(authSessions.customerId, c.id), {
    omit: ['tokenHash'],
  }),
  tableSection(
    'mail',
    'Emails we sent you',
    mailOutbox,
    mailOutbox.id,
    (c) => sql`lower(${mailOutbox.toAddress}) = ${c.email.toLowerCase()}`,
    { omit: ['claimedUntil', 'dispatchedAt', 'error', 'attempts', 'headers'] },
  ),
  tableSection(
    'audit',
    'Changes made to your record',
    auditLog,
    auditLog.id,
    (c) => and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(c.id))),
    { omit: ['staffId'] },
  ),
];

/** Each section's rows, a page at a time, in wire shape. */
async function* sectionPages(db: Db, section: Section, subject: ExportSubject) {
  let after: unknown;
  for (;;) {
    const rows = await section.page(db, subject.customer, after);
    if (rows.length) yield rows.map((r) => section.wire(r, subject));
    if (rows.length < PAGE) return;
    after = section.orderOf(rows[rows.length - 1]!);
  }
}

const toJson = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v));

/**
 * The machine-readable download: one JSON object, `{ format, generated_at, operator, customer_reference, sections:
 * { profile: [...], bookings: [...], ... } }`, streamed section by section.
 */
export function exportJson(db: Db, subject: ExportSubject): Readable {
  async function* chunks() {
    yield `{"format":"fieldhouse-data-export/1","generated_at":${toJson(subject.now)},"operator":${toJson(subject.clientName)},"customer_reference":${toJson(subject.customer.reference)},"sections":{`;
    let firstSection = true;
    for (const section of SECTIONS) {
      yield `${firstSection ? '' : ','}${toJson(section.key)}:[`;
      firstSection = false;
      let first = true;
      for await (const rows of sectionPages(db, section, subject)) {
        yield `${first ? '' : ','}${rows.map(toJson).join(',')}`;
        first = false;
      }
      yield ']';
    }
    yield '}}\n';
  }
  return Readable.from(chunks());
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const cell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return escapeText(value.toISOString());
  if (typeof value === 'string' && /^https?:\/\//.test(value))
    return `<a href="${escapeText(value)}">${escapeText(value)}</a>`;
  return escapeText(typeof value === 'object' ? toJson(value) : String(value));
};

/** The readable download: one HTML page, a table per section (its columns as the JSON's keys), streamed. */
export function exportHtml(db: Db, subject: ExportSubject): Readable {
  async function* chunks() {
    const title = MEMBER_DATA_TEXTS.exportTitle(subject.clientName);
    yield `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;margin-bottom:1.5rem;font-size:.85rem}th,td{border:1px solid #999;padding:.25rem .4rem;text-align:left;vertical-align:top}</style></head><body><h1>${escapeText(title)}</h1><p>Customer number ${escapeText(subject.customer.reference)}. Made ${escapeText(subject.now.toISOString())}.</p>`;
    for (const section of SECTIONS) {
      yield `<h2>${escapeText(section.title)}</h2>`;
      let columns: string[] | null = null;
      for await (const rows of sectionPages(db, section, subject)) {
        if (!columns) {
          columns = Object.keys(rows[0]!);
          yield `<table><thead><tr>${columns.map((c) => `<th scope="col">${escapeText(c)}</th>`).join('')}</tr></thead><tbody>`;
        }
        const cols = columns;
        yield rows.map((r) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join('')}</tr>`).join('');
      }
      yield columns ? '</tbody></table>' : '<p>None.</p>';
    }
    yield '</body></html>\n';
  }
  return Readable.from(chunks());
}

/** The file-store key of one of the customer's files (`photo`, `document-<id>`, `freeze-<id>`), or null. */
export async function exportFileKey(db: Db, customer: Customer, file: string): Promise<string | null> {
  if (file === 'photo') return customer.profilePhotoPath;
  const match = /^(document|freeze)-(\d+)$/.exec(file);
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'document') {
    const [doc] = await db
      .select({ key: eligibilityDocuments.storageKey })
      .from(eligibilityDocuments)
      .where(and(eq(eligibilityDocuments.id, id), eq(eligibilityDocuments.customerId, customer.id)));
    return doc?.key ?? null;
  }
  const [freeze] = await db
    .select({ key: freezeRequests.storageKey })
    .from(freezeRequests)
    .where(and(eq(freezeRequests.id, id), eq(freezeRequests.customerId, customer.id)));
  return freeze?.key ?? null;
}

/** The customer of the operator, or null. */
export async function findExportCustomer(db: Db, clientId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId)));
  return row ?? null;
}

/** A staff member's download of a customer's data, audited (who, when, which format, why): decision 077. */
export async function auditStaffExport(
  db: Db,
  input: { customerId: number; reference: string; staffId: number; actor: string; format: string; now: Date },
) {
  await db.insert(auditLog).values({
    at: input.now,
    staffId: input.staffId,
    actor: input.actor,
    action: 'customer.data_export',
    entity: 'customer',
    entityId: String(input.customerId),
    before: null,
    after: { reference: input.reference, format: input.format },
  });
}
