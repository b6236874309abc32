import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, pageFields, pagination } from './common.ts';

/** Venue (joining §3). lat/lng are WGS84 degrees; distance (miles) is present only on searches near a point. */
export const venue = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  distance: z.number().nullable().optional(),
  display_venue_selection_button: z.boolean(),
  activities_v2_enabled: z.boolean(),
});
export type Venue = z.infer<typeof venue>;
export const venueReply = envelope(venue);

export const venueParams = z.object({ slug: z.string().min(1).max(100) });

/** The venue lists' pages: 20 venues a page unless asked for more, at most 50 (decision 069). */
export const VENUES_PAGE_SIZE = 20;
export const VENUES_MAX_PAGE_SIZE = 50;
/** The search radius (joining §5: the slider's 1 to 10 miles). */
export const VENUE_RADIUS_MAX_MILES = 10;

const term = (what: string) =>
  z.string().trim().min(1, `${what} must not be empty.`).max(100, `${what} must be 100 characters or fewer.`);
const degrees = (what: string, max: number) =>
  z.coerce
    .number(`${what} must be a number.`)
    .min(-max, `${what} must be between -${max} and ${max}.`)
    .max(max, `${what} must be between -${max} and ${max}.`);

/**
 * GET /api/venues: the venues open to members, a page at a time. `name`: centre names containing it (the finder's
 * first step, joining §4); `q`: name, town or postcode containing it (suggestions as you type); both
 * case-insensitive. `lat` and `lng`: nearest first, each with its distance, and only within `radius` miles when
 * given. Without a point: by name.
 */
export const venuesQuery = z
  .object({
    name: term('Name').optional(),
    q: term('Search').optional(),
    lat: degrees('Latitude', 90).optional(),
    lng: degrees('Longitude', 180).optional(),
    radius: z.coerce
      .number(`Radius must be a number of miles from 1 to ${VENUE_RADIUS_MAX_MILES}.`)
      .min(1, `Radius must be a number of miles from 1 to ${VENUE_RADIUS_MAX_MILES}.`)
      .max(VENUE_RADIUS_MAX_MILES, `Radius must be a number of miles from 1 to ${VENUE_RADIUS_MAX_MILES}.`)
      .optional(),
    ...pageFields(VENUES_PAGE_SIZE, VENUES_MAX_PAGE_SIZE),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'Latitude and longitude go together.',
    path: ['lat'],
  })
  .refine((q) => q.radius === undefined || q.lat !== undefined, {
    message: 'A radius needs a point (latitude and longitude).',
    path: ['radius'],
  });
export type VenuesQuery = z.infer<typeof venuesQuery>;
export const venuesReply = envelope(z.object({ venues: z.array(venue), pagination }));
export type VenuesReply = z.infer<typeof venuesReply>;

/** A map pin: just what the map draws, labels and selects. */
export const venuePin = venue.pick({ id: true, slug: true, name: true, town: true, lat: true, lng: true });
export type VenuePin = z.infer<typeof venuePin>;
/** Pins in pages of up to 1,000 (one page for any operator there is today), by id. */
export const VENUE_PINS_PAGE_SIZE = 1000;
export const venuePinsQuery = z.object({ ...pageFields(VENUE_PINS_PAGE_SIZE, VENUE_PINS_PAGE_SIZE) });
export const venuePinsReply = envelope(z.object({ pins: z.array(venuePin), pagination }));
export type VenuePinsReply = z.infer<typeof venuePinsReply>;

export const venueCalls = {
  listVenues: { query: venuesQuery, reply: venuesReply },
  /** Every mappable venue's pin (shared, with an ETag): the finder's map. */
  listVenuePins: { query: venuePinsQuery, reply: venuePinsReply },
  getVenue: { params: venueParams, reply: venueReply },
} as const satisfies Calls;
