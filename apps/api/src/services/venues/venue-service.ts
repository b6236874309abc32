import type { Venue, VenuePin } from '@fieldhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';

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

/**
 * Every venue open to members, by name (then id). An operator has tens to a few hundred venues: the routes keep this
 * list per client row (`app.fromClient`, a few seconds) and answer each search a page at a time from it (decision 069).
 */
export async function findVenues(db: DbOrTx, clientId: number): Promise<Venue[]> {
  // A venue the catalogue archived is no longer listed (its page still opens for members' history).
  const rows = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), isNull(venues.archivedAt)))
    .orderBy(asc(venues.name), asc(venues.id));
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

const EARTH_RADIUS_METRES = 6_371_008.8;
const METRES_PER_MILE = 1609.344;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceInMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)))) / METRES_PER_MILE;
}

/** Joining §5: coordinates must be finite with latitude between -90 and 90 to be shown on the map. */
export const hasValidCoordinates = (venue: { lat: number; lng: number }): boolean =>
  Number.isFinite(venue.lat) && Number.isFinite(venue.lng) && venue.lat >= -90 && venue.lat <= 90;

const fold = (text: string) => text.toLocaleLowerCase('en-GB');

export interface VenueSearch {
  name?: string | undefined;
  q?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  radius?: number | undefined;
  page: number;
  per_page: number;
}

/**
 * One page of a venue search over the list `findVenues` gives (by name). `name`: names containing it, mappable only
 * (the finder flies to the first); `q`: name, town or postcode containing it. With a point: mappable venues nearest
 * first (ties by name), each with its distance in miles, within `radius` when given. The order is total, so pages
 * never repeat or miss a venue while the list is unchanged.
 */
export function searchVenues(list: readonly Venue[], search: VenueSearch) {
  const name = search.name ? fold(search.name) : null;
  const q = search.q ? fold(search.q) : null;
  let found = list.filter(
    (v) =>
      (!name || (hasValidCoordinates(v) && fold(v.name).includes(name))) &&
      (!q || [v.name, v.town, v.postcode].some((text) => fold(text).includes(q))),
  );
  if (search.lat !== undefined && search.lng !== undefined) {
    const point = { lat: search.lat, lng: search.lng };
    const radius = search.radius ?? Number.POSITIVE_INFINITY;
    found = found
      .filter(hasValidCoordinates)
      .map((v, byName) => ({ v, byName, miles: distanceInMiles(point, v) }))
      .filter((x) => x.miles <= radius)
      .sort((a, b) => a.miles - b.miles || a.byName - b.byName)
      .map(({ v, miles }) => ({ ...v, distance: Math.round(miles * 1000) / 1000 }));
  }
  const { offset, limit, pagination } = paginate({
    page: search.page,
    perPage: search.per_page,
    totalRecords: found.length,
  });
  return { venues: found.slice(offset, offset + limit), pagination };
}

/** One page of the map's pins: the mappable venues by id, with only what the map draws, labels and selects. */
export function venuePins(list: readonly Venue[], page: { page: number; per_page: number }) {
  const mappable = list.filter(hasValidCoordinates).sort((a, b) => a.id - b.id);
  const { offset, limit, pagination } = paginate({
    page: page.page,
    perPage: page.per_page,
    totalRecords: mappable.length,
  });
  const pins: VenuePin[] = mappable
    .slice(offset, offset + limit)
    .map(({ id, slug, name, town, lat, lng }) => ({ id, slug, name, town, lat, lng }));
  return { pins, pagination };
}
