import type { Venue } from '../../../api/get-venues';
import { METRES_PER_MILE } from './map-constants';

export interface LatLng {
  lat: number;
  lng: number;
}

export type VenueWithDistance = Venue & { distance: number | null };

const EARTH_RADIUS_METRES = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceInMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  const metres = 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
  return metres / METRES_PER_MILE;
}

/** Spec §5: coordinates must be finite with latitude between -90 and 90 to be shown. */
export const hasValidCoordinates = (venue: Pick<Venue, 'lat' | 'lng'>): boolean =>
  Number.isFinite(venue.lat) && Number.isFinite(venue.lng) && venue.lat >= -90 && venue.lat <= 90;

/** 'x.x miles' (spec §9: one decimal). */
export const formatMiles = (miles: number): string => `${miles.toFixed(1)} miles`;

/**
 * The venues to list: without a searched point every mappable venue (no distance); with one, those within
 * the radius, nearest first.
 */
export function venuesForSearch(
  venues: Venue[],
  point: LatLng | null,
  radiusMiles: number,
): VenueWithDistance[] {
  const mappable = venues.filter(hasValidCoordinates);
  if (!point) return mappable.map((venue) => ({ ...venue, distance: null }));
  return mappable
    .map((venue) => ({ ...venue, distance: distanceInMiles(point, venue) }))
    .filter((venue) => venue.distance <= radiusMiles)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}

/** Centre names containing the term, case-insensitively, in their listed order (search step one). */
export function venuesMatchingName(venues: Venue[], term: string): Venue[] {
  const needle = term.trim().toLocaleLowerCase('en-GB');
  if (!needle) return [];
  return venues.filter(
    (venue) => hasValidCoordinates(venue) && venue.name.toLocaleLowerCase('en-GB').includes(needle),
  );
}

/** How many centres 'No venues found' offers instead (the nearest, with their distance). */
export const NEAREST_COUNT = 3;

/** The `count` mappable venues nearest the point, nearest first, whatever the radius. */
export function nearestVenues(venues: Venue[], point: LatLng, count = NEAREST_COUNT): VenueWithDistance[] {
  return venues
    .filter(hasValidCoordinates)
    .map((venue) => ({ ...venue, distance: distanceInMiles(point, venue) }))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** Results as you type (joining §9): after more than 2 characters. */
export const SUGGEST_MIN_CHARS = 3;

/** Centres whose name, town or postcode contains the term (case-insensitive), for the search suggestions. */
export function suggestVenues(venues: Venue[], term: string): Venue[] {
  const needle = term.trim().toLocaleLowerCase('en-GB');
  if (needle.length < SUGGEST_MIN_CHARS) return [];
  return venues.filter(
    (venue) =>
      hasValidCoordinates(venue) &&
      [venue.name, venue.town, venue.postcode].some((text) =>
        text?.toLocaleLowerCase('en-GB').includes(needle),
      ),
  );
}
