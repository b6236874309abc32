/**
 * Migration 0021 (decision 045): basket lines move from the polymorphic (cartable_type, cartable_id) pair to typed
 * foreign keys and keep what they held; a line that pointed at nothing is removed. Run on an embedded database
 * migrated up to 0020, given lines the old way, then migrated to the end (the SQL is the same on PostgreSQL).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { type Db, MIGRATIONS_FOLDER } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { createCart, createMembership, createPaymentOption, createPenalty, createVenue } from './helper.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'fh-migrations-'));
// pg_trgm: migration 0025 creates the extension (the app's instances load it too: db/client.ts).
const pglite = await PGlite.create({ extensions: { pg_trgm } });
afterAll(async () => {
  await pglite.close();
  rmSync(folder, { recursive: true, force: true });
});

it('carries every basket line over to its typed key and removes the ones that pointed at nothing', async () => {
  // The migrations up to 0020: the same folder with the journal cut before 0021.
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith('0021_'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  const embedded = drizzle(pglite, { schema });
  const db = embedded as unknown as Db;
  await migrate(embedded, { migrationsFolder: folder });

  // By hand: the factory writes every column of today's clients table, some of which came after 0020.
  const [client] = (
    await pglite.query<{ id: number }>(
      "insert into clients (slug, name, features, support_email, theme) values ('old-client', 'Old Leisure', '{}', 'help@test.example', '{}') returning id",
    )
  ).rows;
  if (!client) throw new Error('no client');
  const venue = await createVenue(db, { clientId: client.id });
  // The customer and the session by hand too: the factory writes columns that came later (0033's address, 0029's
  // cancellation).
  const [customer] = (
    await pglite.query<{ id: number }>(
      `insert into customers (client_id, reference, email, first_name, last_name, password_hash)
       values ($1, 'OLD-1', 'old-1@test.example', 'Olive', 'Oldfield', 'x') returning id`,
      [client.id],
    )
  ).rows;
  if (!customer) throw new Error('no customer');
  // The activity and the membership type by hand as well: the factories write 0040's VAT treatment.
  const [activity] = (
    await pglite.query<{ id: number }>(
      `insert into activities (venue_id, name, category, location_name, price, capacity, duration_minutes)
       values ($1, 'Spin', 'Cycling', 'Studio 1', 650, 20, 45) returning id`,
      [venue.id],
    )
  ).rows;
  if (!activity) throw new Error('no activity');
  const [session] = (
    await pglite.query<{ id: number }>(
      `insert into activity_sessions (activity_id, venue_id, starts_at, ends_at, capacity, booked_count, price, location_name)
       values ($1, $2, '2026-07-01T09:00:00Z', '2026-07-01T09:45:00Z', 20, 0, 650, 'Studio 1') returning id`,
      [activity.id, venue.id],
    )
  ).rows;
  if (!session) throw new Error('no session');
  const [type] = (
    await pglite.query<{ id: number }>(
      `insert into membership_types (client_id, slug, name, category, coverage)
       values ($1, 'old-type', 'Old type', 'Adult', 'national') returning id`,
      [client.id],
    )
  ).rows;
  if (!type) throw new Error('no membership type');
  const option = await createPaymentOption(db, { membershipTypeId: type.id });
  const membership = await createMembership(db, {
    customerId: customer.id,
    membershipTypeId: type.id,
    paymentOptionId: option.id,
    homeVenueId: venue.id,
    status: 'pending',
  });
  const fee = await createPenalty(db, { customerId: customer.id, venueId: venue.id });
  const { cart } = await createCart(db, { customerId: customer.id });
  await embedded.execute(sql`
    insert into cart_items (cart_id, cartable_type, cartable_id, quantity) values
      (${cart.id}, 'activity', ${session.id}, 2),
      (${cart.id}, 'membership', ${membership.id}, 1),
      (${cart.id}, 'penalty', ${fee.id}, 1),
      (${cart.id}, 'activity', ${session.id + 1000}, 1)`);

  await migrate(embedded, { migrationsFolder: MIGRATIONS_FOLDER });

  const lines = (
    await embedded.execute(
      sql`select cartable_type, cartable_id, session_id, membership_id, penalty_id, quantity from cart_items order by id`,
    )
  ).rows;
  expect(lines).toEqual([
    {
      cartable_type: 'activity',
      cartable_id: session.id,
      session_id: session.id,
      membership_id: null,
      penalty_id: null,
      quantity: 2,
    },
    {
      cartable_type: 'membership',
      cartable_id: membership.id,
      session_id: null,
      membership_id: membership.id,
      penalty_id: null,
      quantity: 1,
    },
    {
      cartable_type: 'penalty',
      cartable_id: fee.id,
      session_id: null,
      membership_id: null,
      penalty_id: fee.id,
      quantity: 1,
    },
  ]);
});
