import { type Client, type Theme, theme as themeSchema } from '@fieldhouse/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients, venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { sanitiseFooterHtml } from '../../lib/sanitise-html.ts';

export type ClientRow = typeof clients.$inferSelect;

/** The configured client, or the first one when CLIENT_ID is unset. */
export async function findClient(db: DbOrTx, clientId: number | null): Promise<ClientRow | null> {
  const query = db.select().from(clients);
  const [row] = await (clientId === null
    ? query.orderBy(asc(clients.id))
    : query.where(eq(clients.id, clientId))
  ).limit(1);
  return row ?? null;
}

export function toClientWire(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    op_gtm_id: row.opGtmId,
    features: row.features,
    kiosk_home_url: row.kioskHomeUrl,
    support_email: row.supportEmail,
  };
}

async function findVenueOfClient(db: DbOrTx, client: ClientRow, slug: string) {
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, client.id), eq(venues.slug, slug)))
    .limit(1);
  if (!venue) throw notFound();
  return venue;
}

/** The client's theme with the venue's overrides merged in; an unknown venue is a 404 (the client retries without). */
export async function findTheme(db: DbOrTx, client: ClientRow, venueSlug?: string): Promise<Theme> {
  const overrides = venueSlug ? (await findVenueOfClient(db, client, venueSlug)).themeOverrides : {};
  return themeSchema.parse({ ...client.theme, ...overrides });
}

/** The venue's footer (or the client's), sanitised, its headings made h2. */
export async function findFooterHtml(db: DbOrTx, client: ClientRow, venueSlug?: string): Promise<string> {
  const venueFooter = venueSlug ? (await findVenueOfClient(db, client, venueSlug)).footerHtml : null;
  return sanitiseFooterHtml(venueFooter || client.footerHtml);
}
