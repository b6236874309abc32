/**
 * The desk's customer search (services/staff/desk/search.ts, decision 059): what it finds beyond the cases of
 * staff-desk-customers.int.test.ts, and that every kind of search is answered from an index (migration 0025), never
 * by reading the customers, mandates or saved cards one by one: their plans hold no sequential scan of those tables
 * (nor a read of every customer of the operator).
 */

import { DESK_SEARCH_LIMIT } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/references.ts';
import { customerSearchQuery, searchCustomers } from '../src/services/staff/desk/search.ts';
import { createClient, createCustomer, createMandate, createSavedCard, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();

describe('the desk’s customer search', () => {
  it('finds words of a name, a short word at the start of a first or last name, and exact matches first', async () => {
    const client = await createClient(t.db);
    const add = (firstName: string, lastName: string, more: { reference?: string; email?: string } = {}) =>
      createCustomer(t.db, { clientId: client.id, firstName, lastName, ...more });
    await add('Joanna', 'Smith');
    await add('Mary', 'Jones');
    await add('Marjorie', 'Smith');
    await add('Ann', 'Fifty_Off');
    await add('Ann', 'FiftyXOff');
    await add('Zoe', 'Zulu', { reference: 'ZED-1' });
    await add('Adam', 'Aardvark', { reference: 'ZED-10', email: 'zed-1@example.test' });
    const find = async (q: string) =>
      (await searchCustomers(t.db, { clientId: client.id, q })).map((c) => c.name);

    // A word of three characters or more anywhere in the first or last name, any case; every word must match.
    expect(await find('ORIE')).toEqual(['Marjorie Smith']);
    expect(await find('smith jo')).toEqual(['Joanna Smith', 'Marjorie Smith']);
    // Only words too short for a trigram: each matches the start of the first or the last name.
    expect(await find('jo')).toEqual(['Mary Jones', 'Joanna Smith']);
    expect(await find('jo sm')).toEqual(['Joanna Smith']);
    expect(await find('m j')).toEqual(['Mary Jones']);
    // LIKE's wildcards are taken literally.
    expect(await find('fifty_off')).toEqual(['Ann Fifty_Off']);
    expect(await find('y%o')).toEqual([]);
    // An exact customer number or email comes before the names; a prefix finds the rest.
    expect(await find('zed-1')).toEqual(['Zoe Zulu', 'Adam Aardvark']);
    expect(await find('ZED-1@example')).toEqual(['Adam Aardvark']);
  });

  it('fills a page with names that start with the word before names that hold it, each by name', async () => {
    const client = await createClient(t.db);
    await createCustomer(t.db, { clientId: client.id, firstName: 'Ada', lastName: 'Goldsmith' });
    for (let i = 0; i < DESK_SEARCH_LIMIT + 2; i++)
      await createCustomer(t.db, {
        clientId: client.id,
        firstName: `Member${String(i).padStart(2, '0')}`,
        lastName: 'Smith',
      });
    const found = (await searchCustomers(t.db, { clientId: client.id, q: 'smith' })).map((c) => c.name);
    // A page of Smiths (the surname typed), not Goldsmith, though 'Goldsmith' sorts first.
    expect(found).toHaveLength(DESK_SEARCH_LIMIT);
    expect(found.every((n) => n.endsWith(' Smith'))).toBe(true);
    // Too few starts: the names holding the word come after them.
    await createCustomer(t.db, { clientId: client.id, firstName: 'Bea', lastName: 'Oldham' });
    await createCustomer(t.db, { clientId: client.id, firstName: 'Cy', lastName: 'Bold' });
    expect((await searchCustomers(t.db, { clientId: client.id, q: 'old' })).map((c) => c.name)).toEqual([
      'Bea Oldham',
      'Cy Bold',
      'Ada Goldsmith',
    ]);
  });

  it('finds a postcode on a mandate or a saved card not removed, spaces ignored, from two characters', async () => {
    const client = await createClient(t.db);
    const withMandate = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Dee',
      lastName: 'Debit',
    });
    await createMandate(t.db, { customerId: withMandate.id, billingPostcode: 'YO1 7HH' });
    const withCard = await createCustomer(t.db, { clientId: client.id, firstName: 'Cay', lastName: 'Card' });
    const billing = {
      firstName: 'Cay',
      lastName: 'Card',
      addressLine1: '1 Lane',
      addressLine2: null,
      city: 'York',
    };
    await createSavedCard(t.db, { customerId: withCard.id, billing: { ...billing, postcode: 'YO17 9ZZ' } });
    const removed = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Rae',
      lastName: 'Removed',
    });
    const card = await createSavedCard(t.db, {
      customerId: removed.id,
      billing: { ...billing, postcode: 'YO1 8AA' },
    });
    await t.db.execute(sql`update saved_cards set deleted_at = now() where id = ${card.id}`);
    const find = async (q: string) =>
      (await searchCustomers(t.db, { clientId: client.id, q })).map((c) => c.name);

    expect(await find('yo1')).toEqual(['Cay Card', 'Dee Debit']);
    expect(await find('y o 1 7')).toEqual(['Cay Card', 'Dee Debit']);
    expect(await find('yo17hh')).toEqual(['Dee Debit']);
    expect(await find('yo1 8aa')).toEqual([]);
  });
});

describe('the desk’s customer search at scale', () => {
  const clientId = { id: 0 };
  beforeAll(async () => {
    // 20,000 customers, made in the database (set-based), and a mandate or a card for most of them. With fewer,
    // reading the table is cheaper than the trigram index for a long word, and PostgreSQL rightly does that.
    clientId.id = (await createClient(t.db)).id;
    await t.db.execute(sql`
      insert into customers (client_id, reference, email, first_name, last_name, password_hash)
      select ${clientId.id}, 'SC' || lpad(g::text, 6, '0'), 'member' || g || '@scale.example',
        (array['Alder','Birch','Cedar','Damson','Elder','Fir','Gorse','Hazel','Ivy','Juniper','Larch','Maple'])[1 + g % 12],
        (array['Abbott','Baxter','Carver','Draper','Fowler','Glover','Harper','Mercer','Porter','Sawyer','Tanner',
          'Turner','Walker','Weaver','Webster','Wright'])[1 + (g / 12) % 16] || (g % 97),
        'x'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`
      insert into direct_debit_mandates (customer_id, provider, reference, account_holder, account_number_last4,
        sort_code_masked, billing_address_line1, billing_city, billing_postcode)
      select id, 'sandbox', 'SCALE-' || id, 'Holder', '1234', '20-**-**', '1 Lane', 'Leeds',
        'LS' || (id % 29 + 1) || ' ' || (id % 10) || (array['AB','CD','EF','GH'])[1 + id % 4]
      from customers where client_id = ${clientId.id} and id % 3 <> 0`);
    await t.db.execute(sql`
      insert into saved_cards (customer_id, provider_ref, brand, last_four, expiry_month, expiry_year, cardholder_name,
        billing_first_name, billing_last_name, billing_address_line1, billing_city, billing_postcode, deleted_at)
      select id, 'card-' || id, 'Visa', '4242', 12, 2030, 'Holder', 'A', 'B', '1 Lane', 'York',
        'YO' || (id % 31 + 1) || ' ' || (id % 10) || 'ZZ', case when id % 7 = 0 then now() end
      from customers where client_id = ${clientId.id} and id % 2 = 0`);
    // As autovacuum leaves them: statistics, and the trigram index's pending entries merged into it.
    await t.db.execute(sql`vacuum analyze customers, direct_debit_mandates, saved_cards`);
  });

  type PlanNode = {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  };
  const grownTables = ['customers', 'direct_debit_mandates', 'saved_cards'];
  /** Plan nodes that read one of those tables whole: a sequential scan, or every customer of the operator. */
  const wholeTableReads = (node: PlanNode): string[] => [
    ...(node['Node Type'] === 'Seq Scan' && grownTables.includes(node['Relation Name'] ?? '')
      ? [`Seq Scan on ${node['Relation Name']}`]
      : []),
    ...(node['Index Name'] === 'customers_client_idx'
      ? [`${node['Node Type']} on customers_client_idx`]
      : []),
    ...(node.Plans ?? []).flatMap(wholeTableReads),
  ];
  const planOf = async (q: string, infix: boolean) => {
    const query = customerSearchQuery({ clientId: clientId.id, q }, infix)!;
    const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(t.db, sql`explain (format json) ${query}`);
    const plan = row!['QUERY PLAN'];
    return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[])[0]!.Plan;
  };

  it.each([
    ['an exact customer number', 'sc001234'],
    ['a customer number’s start', 'SC00123'],
    ['an exact email', 'member1234@scale.example'],
    ['an email’s start', 'member123'],
    ['a postcode', 'ls5 4ef'],
    ['one name word', 'porter'],
    ['two name words', 'juniper porter4'],
    ['a short word', 'fi'],
    ['two short words', 'el ab'],
  ])('reads no table of members row by row for %s', async (_kind, q) => {
    // Both statements: the starts of names, and (when those find too few) names holding the words anywhere.
    expect(wholeTableReads(await planOf(q, false))).toEqual([]);
    expect(wholeTableReads(await planOf(q, true))).toEqual([]);
    expect((await searchCustomers(t.db, { clientId: clientId.id, q })).length).toBeGreaterThan(0);
  });
});
