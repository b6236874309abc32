import { DESK_SEARCH_LIMIT, type DeskCustomerSummary } from '@fieldhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executeRows } from '../../../db/references.ts';
import { customers, directDebitMandates, savedCards, venues } from '../../../db/schema.ts';
import { customerPostcode, deskPhotoUrl, fullName } from './shared.ts';

/** LIKE's wildcards taken literally ('50%_off' finds itself). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The shortest word that pg_trgm's index finds anywhere in a name (a trigram is three characters). */
const TRIGRAM_WORD = 3;

// The indexed expressions of migration 0025 (schema.ts), written the same way so that the planner matches them.
const reference = sql`upper(${customers.reference})`;
const email = sql`lower(${customers.email})`;
const name = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;
const mandatePostcode = sql`replace(upper(${directDebitMandates.billingPostcode}), ' ', '')`;
const cardPostcode = sql`replace(upper(${savedCards.billingPostcode}), ' ', '')`;
const firstName = sql`lower(${customers.firstName})`;
const lastName = sql`lower(${customers.lastName})`;

/** What each kind of match gives of a customer (the columns the answer needs, as the table names them). */
const found = sql`${customers.id}, ${customers.reference}, ${customers.email}, ${customers.firstName},
  ${customers.lastName}, ${customers.profilePhotoPath}, ${customers.homeVenueId}`;

/** `key` (an indexed lower-case expression) starts with `word`, LIKE's wildcards taken literally. */
const startsWith = (key: SQL, word: string) => sql`${key} like ${`${literal(word.toLowerCase())}%`}`;

/** Every word starts the first or the last name ('jo sm' is Joanna Smith), LIKE's wildcards taken literally. */
const startsAll = (words: string[]) =>
  sql.join(
    words.map((w) => sql`(${startsWith(firstName, w)} or ${startsWith(lastName, w)})`),
    sql` and `,
  );

/**
 * The name branches for the words of a search (each ordered, at most DESK_SEARCH_LIMIT). First, each word at the
 * start of the first or last name ('jo' finds Joanna Smith and Mary Jones, not Marjorie): the first word read from
 * the start of the last names and of the first names in their indexes' order, the other words checked on those
 * rows. With `infix` and a word of three characters or more, also every word anywhere in the first or last name, any
 * case, through the trigram index (a shorter word beside it is checked on the rows that index finds), the first by
 * name: that branch reads every customer whose name holds the word (7,000 for a common surname at a million
 * customers), so `searchCustomers` asks for it only when the starts of names found too few.
 */
function nameBranches(words: string[], ofClient: SQL, limit: SQL, infix: boolean): SQL[] {
  const starts = [lastName, firstName].map(
    (key) => sql`(select ${found} from ${customers}
      where ${ofClient} and ${startsWith(key, words[0]!)} and ${startsAll(words)} order by ${key} using ~<~ ${limit})`,
  );
  if (!infix || words.every((w) => w.length < TRIGRAM_WORD)) return starts;
  const anywhere = sql.join(
    words.map((w) => sql`${name} ilike ${`%${literal(w)}%`}`),
    sql` and `,
  );
  // Several words: names holding them all are few, and the trigram index finds them from those few rows (the start
  // branches would read, say, every John to find John Parker).
  return [
    ...(words.length > 1 ? [] : starts),
    sql`(select ${found} from ${customers} where ${ofClient} and ${anywhere}
      order by ${customers.lastName}, ${customers.firstName}, ${customers.id} ${limit})`,
  ];
}

/**
 * The search as one statement: the customers each kind of match finds through its own index (at most
 * DESK_SEARCH_LIMIT each), together, exact customer numbers and emails first, then names whose words start with the
 * words searched, then by name. A customer number, email or postcode prefix takes the first ones in that key's order
 * (an exact one comes first in it); the name takes the first by name. `infix`: names holding the words anywhere too
 * (see nameBranches). Exported for the tests' plans.
 */
export function customerSearchQuery(input: { clientId: number; q: string }, infix = true): SQL | null {
  const q = input.q.trim();
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const ofClient = sql`${customers.clientId} = ${input.clientId}`;
  const limit = sql`limit ${DESK_SEARCH_LIMIT}`;
  const byKey = (key: SQL, prefix: string) =>
    sql`(select ${found} from ${customers} where ${ofClient} and ${key} like ${`${literal(prefix)}%`}
      order by ${key} using ~<~ ${limit})`;
  // An '@' is in no name or postcode: an email is read from its index alone (the name branch's trigram lookups of a
  // whole address cost about 20 ms at a million customers).
  const isEmail = q.includes('@');
  const branches = [
    byKey(reference, q.toUpperCase()),
    byKey(email, q.toLowerCase()),
    ...(isEmail ? [] : nameBranches(words, ofClient, limit, infix)),
  ];
  const postcode = q.replace(/\s+/g, '').toUpperCase();
  if (postcode.length >= 2 && !isEmail) {
    const pattern = `${literal(postcode)}%`;
    // Mandates and saved cards hold no client: each joins its customer to keep to the operator's.
    branches.push(
      sql`(select ${found} from ${directDebitMandates}
        join ${customers} on ${customers.id} = ${directDebitMandates.customerId} and ${ofClient}
        where ${mandatePostcode} like ${pattern} order by ${mandatePostcode} using ~<~ ${limit})`,
      sql`(select ${found} from ${savedCards}
        join ${customers} on ${customers.id} = ${savedCards.customerId} and ${ofClient}
        where ${savedCards.deletedAt} is null and ${cardPostcode} like ${pattern}
        order by ${cardPostcode} using ~<~ ${limit})`,
    );
  }
  const exact = sql`(${reference} = ${q.toUpperCase()} or ${email} = ${q.toLowerCase()})`;
  // The customers found, once each (UNION), named as the table so that the columns and `customerPostcode` read them.
  return sql`select ${customers.id} as "id", ${customers.reference} as "reference",
      ${customers.firstName} as "firstName", ${customers.lastName} as "lastName", ${customers.email} as "email",
      ${customers.profilePhotoPath} as "photoPath", ${venues.id} as "venueId", ${venues.name} as "venueName",
      ${customerPostcode} as "postcode"
    from (${sql.join(branches, sql` union `)}) as ${customers}
    left join ${venues} on ${venues.id} = ${customers.homeVenueId}
    order by ${exact} desc, ${isEmail ? sql`` : sql`${startsAll(words)} desc, `}${customers.lastName},
      ${customers.firstName}, ${customers.id}
    ${limit}`;
}

type Found = {
  id: number;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  photoPath: string | null;
  venueId: number | null;
  venueName: string | null;
  postcode: string | null;
};

/**
 * The operator's customers matching `q` (any venue: members visit other venues), at most DESK_SEARCH_LIMIT: every
 * word of `q` in the first or last name (partial, any case; see `nameBranches` for words of one or two characters),
 * or an email, customer number or postcode starting with `q` (postcode spaces ignored, two characters at least).
 * Exact customer numbers and emails come first, then names whose words start with the words searched, then the rest,
 * each by name. Each kind of match is read from its own index (migration 0025, decision 059); a name is looked for
 * anywhere in the names only when their starts find fewer than a page.
 */
export async function searchCustomers(
  db: DbOrTx,
  input: { clientId: number; q: string },
): Promise<DeskCustomerSummary[]> {
  // One word (a surname or a first name, what a desk types most): the starts of names first, which fill a page from
  // the names' indexes in their order; names holding the word anywhere only when that finds too few, and not for
  // an exact customer number or email. Several words: all at once, as the trigram index finds names holding them
  // all from few rows ('John Parker' read from the Johns' index would read every John).
  const q = input.q.trim();
  const words = q.split(/\s+/).filter(Boolean);
  const anywhere = words.some((w) => w.length >= TRIGRAM_WORD) && !q.includes('@');
  const first = customerSearchQuery(input, words.length > 1);
  if (!first) return [];
  let rows = await executeRows<Found>(db, first);
  const exact = (r: Found) =>
    r.reference.toUpperCase() === q.toUpperCase() || r.email.toLowerCase() === q.toLowerCase();
  if (words.length === 1 && anywhere && rows.length < DESK_SEARCH_LIMIT && !rows.some(exact))
    rows = await executeRows<Found>(db, customerSearchQuery(input, true)!);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    name: fullName(r),
    email: r.email,
    postcode: r.postcode,
    home_venue: r.venueId !== null && r.venueName !== null ? { id: r.venueId, name: r.venueName } : null,
    photo_url: deskPhotoUrl(r.id, r.photoPath),
  }));
}
