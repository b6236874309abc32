import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema.ts';
import { createSession, findSessionCustomer } from '../src/services/auth/sessions.ts';
import { createClient, createCustomer, setupTestDatabase } from './helper.ts';

/**
 * On PGlite every statement with parameters runs as a named statement, one per SQL text (db/pglite-named.ts,
 * decisions 048 and 051): the hot queries built once (db/prepared.ts) and everything the query builder sends.
 */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const customer = await createCustomer(t.db, { clientId: client.id });
const now = new Date();
const token = await createSession(t.db, { customerId: customer.id, ttlDays: 1, now });

/** The names this instance holds for statements whose text matches `like` (an instance may serve several files). */
const statementsLike = async (like: string) => {
  const result = (await t.db.execute(
    sql`select name from pg_prepared_statements where name like 'fh_%' and statement like ${like}`,
  )) as unknown;
  return (result as { rows: { name: string }[] }).rows.map((r) => r.name);
};
const sessionStatements = () => statementsLike('select %"auth_sessions"%');

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

  it('include what the query builder sends: one name per text, the same rows, and errors as before', async () => {
    const byId = () =>
      t.db.select({ id: clients.id, slug: clients.slug }).from(clients).where(eq(clients.id, client.id));
    const text = byId().toSQL().sql;
    for (let i = 0; i < 3; i++) expect(await byId()).toEqual([{ id: client.id, slug: client.slug }]);
    const result = (await t.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name like 'fh_%' and statement = ${text}`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(1);

    // A statement that fails when it runs (here a duplicate key) fails with PostgreSQL's error, and the next runs.
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    const { id: _id, ...copy } = row!;
    const duplicate = await t.db
      .insert(clients)
      .values(copy)
      .catch((err: unknown) => err);
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(await byId()).toEqual([{ id: client.id, slug: client.slug }]);
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
