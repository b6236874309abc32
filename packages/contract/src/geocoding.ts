import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';

/** Geocoding (joining §7): a search term answered with matching places, best match first. */
export const geocodingQuery = z.object({ q: z.string().trim().max(100).default('') });
export type GeocodingQuery = z.infer<typeof geocodingQuery>;

export const geocodingFeature = z.object({
  name: z.string(),
  type: z
    .enum(['place', 'postcode_district', 'postcode'])
    .describe(
      "'postcode': a full postcode's own point (GEOCODER=postcodes_io); the offline gazetteer answers its district",
    ),
  lat: z.number(),
  lng: z.number(),
});
export type GeocodingFeature = z.infer<typeof geocodingFeature>;

export const GEOCODING_MAX_FEATURES = 5;
export const geocodingReply = envelope(
  z.object({ features: z.array(geocodingFeature).max(GEOCODING_MAX_FEATURES) }),
);
export type GeocodingReply = z.infer<typeof geocodingReply>;

export const geocodingCalls = {
  /** Places for a town, city or postcode, best match first. */
  searchPlaces: { query: geocodingQuery, reply: geocodingReply },
} as const satisfies Calls;
