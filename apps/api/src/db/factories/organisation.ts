/** Factories for the operator (client), its venues and its terms. Each takes the db or a transaction. */
import type { DbOrTx } from '../client.ts';
import { clients, terms, venues } from '../schema.ts';
import { DEMO_FOOTER_HTML, DEMO_THEME } from '../seed-data.ts';
import { unique } from './unique.ts';

export async function createClient(db: DbOrTx, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      slug: `client-${unique()}`,
      name: 'Test Leisure',
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: true,
      },
      supportEmail: 'help@test.example',
      theme: DEMO_THEME,
      footerHtml: DEMO_FOOTER_HTML,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createVenue(
  db: DbOrTx,
  overrides: Partial<typeof venues.$inferInsert> & { clientId: number },
) {
  const id = unique();
  const [row] = await db
    .insert(venues)
    .values({
      slug: `venue-${id}`,
      name: `Venue ${id}`,
      address1: '1 High Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      lat: 53.7997,
      lng: -1.5492,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Terms of a kind (default: the checkout's 'Booking terms and conditions'). */
export async function createTerms(
  db: DbOrTx,
  overrides: Partial<typeof terms.$inferInsert> & { clientId: number },
) {
  const [row] = await db
    .insert(terms)
    .values({
      kind: 'checkout',
      title: 'Booking terms and conditions',
      html: '<p>Be on time.</p>',
      ...overrides,
    })
    .returning();
  return row!;
}
