import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession, findSessionCustomer } from '../src/services/auth/sessions.ts';
import { createClient, createCustomer, setupTestDatabase } from './helper.ts';

/** The hot queries built once (db/prepared.ts) run on PGlite as named statements (db/pglite-named.ts, decision 048). */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const customer = await createCustomer(t.db, { clientId: client.id });
const now = new Date();
const token = await createSession(t.db, { customerId: customer.id, ttlDays: 1, now });

/** The named statements of this instance whose text reads the session table (an instance may serve several files). */
const sessionStatements = async () => {
  const result = (await t.db.execute(
    sql`select name from pg_prepared_statements where name like 'fh_%' and statement like '%"auth_sessions"%'`,
  )) as unknown;
  return (result as { rows: { name: string }[] }).rows.map((r) => r.name);
};

describe.skipIf(!!process.env.TEST_DATABASE_URL)('prepared queries on PGlite', () => {
  it('are parsed once and then run by name, with the same rows as before', async () => {
    const first = await findSessionCustomer(t.db, token, now);
    const names = await sessionStatements();
    expect(names).toHaveLength(1);
    for (let i = 0; i < 7; i++) {
      expect(await findSessionCustomer(t.db, token, now)).toEqual(first);
    }
    expect(first).toEqual({ id: customer.id, clientId: client.id, sessionId: expect.any(Number) });
    expect(await sessionStatements()).toEqual(names);
    expect(await findSessionCustomer(t.db, 'not-a-session', now)).toBeNull();
  });

  it('run inside a transaction, see its writes, and keep working after it rolls back', async () => {
    const other = await createCustomer(t.db, { clientId: client.id });
    const rolledBack = new Error('roll back');
    await expect(
      t.db.transaction(async (tx) => {
        const inside = await createSession(tx, { customerId: other.id, ttlDays: 1, now });
        expect(await findSessionCustomer(tx, inside, now)).toMatchObject({ id: other.id });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await findSessionCustomer(t.db, token, now)).toMatchObject({ id: customer.id });
  });

  it('wait for a transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let revokedInside = false;
    const transaction = t.db.transaction(async (tx) => {
      await tx.execute(sql`update auth_sessions set revoked_at = now()`);
      revokedInside = true;
      await held;
      throw new Error('roll back');
    });
    while (!revokedInside) await new Promise((r) => setTimeout(r, 5));
    const outside = findSessionCustomer(t.db, token, now);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    // Run inside the open transaction it would have seen the session revoked.
    expect(await outside).toMatchObject({ id: customer.id });
  });
});
