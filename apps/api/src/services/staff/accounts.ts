import { STAFF_TEXTS, type StaffMember, type StaffRole, worksEverywhere } from '@fieldhouse/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffAccountVenues, venues } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type Actor, recordAudit } from './audit.ts';
import { revokeOtherStaffSessions } from './sessions.ts';

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** Venues the account works at: every live venue for an administrator, else its own list. */
export async function staffVenues(db: DbOrTx, account: Pick<StaffAccountRow, 'id' | 'role'>) {
  const columns = { id: venues.id, name: venues.name, slug: venues.slug };
  if (worksEverywhere(account.role))
    return db.select(columns).from(venues).where(isNull(venues.archivedAt)).orderBy(asc(venues.name));
  return db
    .select(columns)
    .from(staffAccountVenues)
    .innerJoin(venues, eq(venues.id, staffAccountVenues.venueId))
    .where(eq(staffAccountVenues.staffId, account.id))
    .orderBy(asc(venues.name));
}

export async function describeStaff(db: DbOrTx, account: StaffAccountRow): Promise<StaffMember> {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    venues: await staffVenues(db, account),
    totp_enabled: account.totpSecret !== null,
    disabled: account.disabledAt !== null,
  };
}

export async function findStaffByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findStaff(db: DbOrTx, id: number) {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row ?? null;
}

export async function listStaff(db: DbOrTx) {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.name));
  return Promise.all(rows.map((row) => describeStaff(db, row)));
}

/** A staff-account change refused, with the request field its message belongs under (a 422 there). */
export class StaffAccountError extends Error {
  readonly field: 'email' | 'role' | 'venue_ids' | 'current_password' | 'password' | 'disabled' | 'code';

  constructor(field: StaffAccountError['field'], message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The venues a role keeps: none for an administrator (they work everywhere), else at least one, each a live venue of
 * the operator `clientId` (any operator's when null: the command line names venues by slug).
 */
async function checkedVenueIds(tx: DbOrTx, role: StaffRole, venueIds: number[], clientId: number | null) {
  if (worksEverywhere(role)) return [];
  const ids = [...new Set(venueIds)];
  if (ids.length === 0) throw new StaffAccountError('venue_ids', STAFF_TEXTS.venuesRequired);
  const found = await tx
    .select({ id: venues.id })
    .from(venues)
    .where(
      and(
        inArray(venues.id, ids),
        isNull(venues.archivedAt),
        clientId === null ? undefined : eq(venues.clientId, clientId),
      ),
    );
  if (found.length !== ids.length) throw new StaffAccountError('venue_ids', STAFF_TEXTS.unknownVenue);
  return ids;
}

/**
 * Locks the rows of the active administrators (id order, before any other staff row, so two changes never wait on
 * each other crosswise) and returns their ids: of two administrators disabling each other at once, the second sees
 * the first's change and is refused.
 */
async function lockActiveAdministrators(tx: DbOrTx) {
  const rows = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'administrator'), isNull(staffAccounts.disabledAt)))
    .orderBy(asc(staffAccounts.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Creates a staff account (in the caller's transaction) and audits it. Centre managers and front desk need at least
 * one venue (the operator's, when `clientId` is given); an administrator's list is ignored (they work everywhere).
 * The password is stored hashed (scrypt).
 */
export async function createStaffAccount(
  tx: DbOrTx,
  input: {
    email: string;
    name: string;
    role: StaffRole;
    venueIds: number[];
    password: string;
    clientId?: number;
  },
  actor: Actor,
  now: Date,
) {
  if (await findStaffByEmail(tx, input.email))
    throw new StaffAccountError('email', 'A staff account with this email address already exists');
  const venueIds = await checkedVenueIds(tx, input.role, input.venueIds, input.clientId ?? null);
  const [row] = await tx
    .insert(staffAccounts)
    .values({
      email: input.email.trim(),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
    })
    .returning();
  if (venueIds.length)
    await tx.insert(staffAccountVenues).values(venueIds.map((venueId) => ({ staffId: row!.id, venueId })));
  const described = await describeStaff(tx, row!);
  await recordAudit(tx, actor, now, {
    action: 'staff_account.create',
    entity: 'staff_account',
    entityId: row!.id,
    before: null,
    after: {
      email: described.email,
      name: described.name,
      role: described.role,
      venues: described.venues.map((v) => v.slug),
    },
  });
  return described;
}

/**
 * A staff member changes their own password (in the caller's transaction): the current one must be right (422 under
 * current_password otherwise) and the new one different; the hash is replaced, every other session of theirs ends
 * (a password they fear is known stops working everywhere else), and the change is audited without either password.
 */
export async function changeOwnStaffPassword(
  tx: DbOrTx,
  input: { staffId: number; sessionId: number; currentPassword: string; password: string },
  actor: Actor,
  now: Date,
) {
  const [account] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, input.staffId))
    .for('update');
  if (!account || !(await verifyPassword(input.currentPassword, account.passwordHash)))
    throw new StaffAccountError('current_password', STAFF_TEXTS.currentPasswordWrong);
  if (await verifyPassword(input.password, account.passwordHash))
    throw new StaffAccountError('password', STAFF_TEXTS.passwordUnchanged);
  await tx
    .update(staffAccounts)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(staffAccounts.id, account.id));
  const otherSessionsEnded = await revokeOtherStaffSessions(tx, account.id, input.sessionId, now);
  await recordAudit(tx, actor, now, {
    action: 'staff.password_change',
    entity: 'staff_account',
    entityId: account.id,
    before: null,
    after: { other_sessions_ended: otherSessionsEnded },
  });
  return { otherSessionsEnded };
}

/**
 * An administrator disables a staff account (it can no longer log in; every session of it ends) or enables it again,
 * audited with the state before and after. Nobody disables their own account (the last administrator could lock the
 * operator out). Returns the account as the list shows it, or null when there is none.
 */
export async function setStaffAccountDisabled(
  tx: DbOrTx,
  input: { staffId: number; disabled: boolean },
  actor: Actor,
  now: Date,
) {
  if (input.disabled && actor.staffId === input.staffId)
    throw new StaffAccountError('disabled', STAFF_TEXTS.cannotDisableSelf);
  const administrators = input.disabled ? await lockActiveAdministrators(tx) : [];
  const [account] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, input.staffId))
    .for('update');
  if (!account) return null;
  const wasDisabled = account.disabledAt !== null;
  if (input.disabled && administrators.includes(account.id) && administrators.length <= 1)
    throw new StaffAccountError('disabled', STAFF_TEXTS.lastAdministrator);
  if (wasDisabled !== input.disabled) {
    const [updated] = await tx
      .update(staffAccounts)
      .set({ disabledAt: input.disabled ? now : null })
      .where(eq(staffAccounts.id, account.id))
      .returning();
    if (input.disabled) await revokeOtherStaffSessions(tx, account.id, null, now);
    await recordAudit(tx, actor, now, {
      action: input.disabled ? 'staff_account.disable' : 'staff_account.enable',
      entity: 'staff_account',
      entityId: account.id,
      before: { disabled: wasDisabled },
      after: { disabled: input.disabled },
    });
    return describeStaff(tx, updated!);
  }
  return describeStaff(tx, account);
}

/** What the audit log keeps of an account's access: its role and its venues (by slug). */
async function accessOf(tx: DbOrTx, account: StaffAccountRow) {
  const described = await describeStaff(tx, account);
  return {
    role: described.role,
    venues: worksEverywhere(account.role) ? [] : described.venues.map((v) => v.slug),
  };
}

/**
 * An administrator changes an account's role and venues (in the caller's transaction), audited with both before and
 * after. Refused (422): one's own role (an administrator cannot demote themselves, nor lock the operator out), the
 * last active administrator's role, a role that needs venues without any, and a venue that is not a live one of the
 * operator's. Returns the account as the list shows it, or null when there is none.
 */
export async function updateStaffAccount(
  tx: DbOrTx,
  input: { staffId: number; role: StaffRole; venueIds: number[]; clientId: number },
  actor: Actor,
  now: Date,
) {
  const administrators = await lockActiveAdministrators(tx);
  const [account] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, input.staffId))
    .for('update');
  if (!account) return null;
  if (input.role !== account.role) {
    if (actor.staffId === account.id) throw new StaffAccountError('role', STAFF_TEXTS.cannotChangeOwnRole);
    if (administrators.includes(account.id) && administrators.length <= 1)
      throw new StaffAccountError('role', STAFF_TEXTS.lastAdministrator);
  }
  const venueIds = await checkedVenueIds(tx, input.role, input.venueIds, input.clientId);
  const before = await accessOf(tx, account);
  await tx.update(staffAccounts).set({ role: input.role }).where(eq(staffAccounts.id, account.id));
  await tx.delete(staffAccountVenues).where(eq(staffAccountVenues.staffId, account.id));
  if (venueIds.length)
    await tx.insert(staffAccountVenues).values(venueIds.map((venueId) => ({ staffId: account.id, venueId })));
  const updated = { ...account, role: input.role };
  const after = await accessOf(tx, updated);
  const sameVenues = [...before.venues].sort().join() === [...after.venues].sort().join();
  if (before.role !== after.role || !sameVenues)
    await recordAudit(tx, actor, now, {
      action: 'staff_account.update',
      entity: 'staff_account',
      entityId: account.id,
      before,
      after,
    });
  return describeStaff(tx, updated);
}
