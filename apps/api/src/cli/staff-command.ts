import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole, staffPassword } from '@fieldhouse/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffAccounts, venues } from '../db/schema.ts';
import {
  createStaffAccount,
  findStaffByEmail,
  listStaff,
  StaffAccountError,
  setStaffAccountDisabled,
} from '../services/staff/accounts.ts';
import { recordAudit, systemActor } from '../services/staff/audit.ts';
import { newTotpSecret, totpUri } from '../services/staff/totp.ts';

const USAGE = `npm run staff -- <command>
  add --email E --name "N" --role administrator|centre_manager|front_desk|finance [--venue SLUG ...] [--password P]
        (no --password: a strong one is made and printed once)
  list
  disable --email E          the account can no longer log in (its sessions end)
  totp --email E             sets up a second factor: prints the otpauth:// link for an authenticator app`;

const ACTOR = systemActor('npm run staff');

/** A password that meets the staff rules: 16 random characters plus one of each kind. */
const makePassword = () => `${randomBytes(12).toString('base64url')}aA1!`;

/** `npm run staff -- …`: staff accounts from the command line (the first administrator is made this way). */
export async function runStaffCommand(
  db: Db,
  argv: string[],
  print: (line: string) => void,
  now = new Date(),
) {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      venue: { type: 'string', multiple: true },
      password: { type: 'string' },
    },
    allowPositionals: false,
    strict: true,
  });
  if (command === 'list') {
    for (const s of await listStaff(db))
      print(
        `${s.email}\t${s.name}\t${s.role}\t${s.venues.map((v) => v.slug).join(',') || '-'}${s.totp_enabled ? '\t2FA' : ''}${s.disabled ? '\tdisabled' : ''}`,
      );
    return 0;
  }
  if (command === 'add') {
    const role = values.role as StaffRole;
    if (!values.email || !values.name || !STAFF_ROLES.includes(role)) {
      print(USAGE);
      return 2;
    }
    const password = values.password ?? makePassword();
    const checked = staffPassword.safeParse(password);
    if (!checked.success) {
      print(checked.error.issues[0]!.message);
      return 2;
    }
    const slugs = values.venue ?? [];
    const found = slugs.length
      ? await db.select({ id: venues.id, slug: venues.slug }).from(venues).where(inArray(venues.slug, slugs))
      : [];
    const missing = slugs.filter((slug) => !found.some((v) => v.slug === slug));
    if (missing.length) {
      print(`Unknown venue: ${missing.join(', ')}`);
      return 2;
    }
    try {
      const created = await db.transaction((tx) =>
        createStaffAccount(
          tx,
          { email: values.email!, name: values.name!, role, venueIds: found.map((v) => v.id), password },
          ACTOR,
          now,
        ),
      );
      print(
        `Created ${created.role} ${created.email} (${created.venues.map((v) => v.name).join(', ') || 'all venues'})`,
      );
      if (!values.password) print(`Password (shown once): ${password}`);
      return 0;
    } catch (error) {
      if (error instanceof StaffAccountError) {
        print(error.message);
        return 2;
      }
      throw error;
    }
  }
  if (command === 'disable' || command === 'totp') {
    const account = values.email ? await findStaffByEmail(db, values.email) : null;
    if (!account) {
      print(values.email ? `No staff account ${values.email}` : USAGE);
      return 2;
    }
    if (command === 'disable') {
      try {
        await db.transaction((tx) =>
          setStaffAccountDisabled(tx, { staffId: account.id, disabled: true }, ACTOR, now),
        );
      } catch (error) {
        if (error instanceof StaffAccountError) {
          print(error.message);
          return 2;
        }
        throw error;
      }
      print(`Disabled ${account.email}`);
      return 0;
    }
    const secret = newTotpSecret();
    await db.transaction(async (tx) => {
      await tx
        .update(staffAccounts)
        .set({ totpSecret: secret, totpLastStep: null, totpPendingSecret: null, totpPendingAt: null })
        .where(eq(staffAccounts.id, account.id));
      await recordAudit(tx, ACTOR, now, {
        action: 'staff_account.totp',
        entity: 'staff_account',
        entityId: account.id,
        before: { totp_enabled: account.totpSecret !== null },
        after: { totp_enabled: true },
      });
    });
    print(`Second factor set for ${account.email}. Add it to an authenticator app (scan or paste):`);
    print(totpUri(secret, account.email));
    return 0;
  }
  print(USAGE);
  return command ? 2 : 0;
}
