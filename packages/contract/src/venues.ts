import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';

/** Venue (joining §3). lat/lng are WGS84 degrees; distance (miles) is present only on radius searches. */
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
export const venuesReply = envelope(z.array(venue));
export const venueReply = envelope(venue);

export const venueParams = z.object({ slug: z.string().min(1).max(100) });

export const venueCalls = {
  listVenues: { reply: venuesReply },
  getVenue: { params: venueParams, reply: venueReply },
} as const satisfies Calls;
