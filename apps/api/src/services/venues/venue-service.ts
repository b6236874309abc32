import type { Venue } from '@fieldhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';

type VenueRow = typeof venues.$inferSelect;

const toVenueWire = (v: VenueRow): Venue => ({
  id: v.id,
  slug: v.slug,
  name: v.name,
  address1: v.address1,
  address2: v.address2,
  town: v.town,
  postcode: v.postcode,
  lat: v.lat,
  lng: v.lng,
  distance: null,
  display_venue_selection_button: v.displayVenueSelectionButton,
  activities_v2_enabled: v.activitiesV2Enabled,
});

export async function findVenues(db: DbOrTx, clientId: number): Promise<Venue[]> {
  // A venue the catalogue archived is no longer listed (its page still opens for members' history).
  const rows = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), isNull(venues.archivedAt)))
    .orderBy(asc(venues.name));
  return rows.map(toVenueWire);
}

export async function findVenue(db: DbOrTx, clientId: number, slug: string): Promise<Venue> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.slug, slug)))
    .limit(1);
  if (!row) throw notFound();
  return toVenueWire(row);
}
