import type { GeocodingFeature } from '@fieldhouse/contract';

/**
 * Turns a search term (town, city, postcode or postcode district) into places, best match first.
 * The offline gazetteer is the default; a real provider (an HTTP geocoding service with a key)
 * implements the same interface and is chosen with GEOCODER (see `createGeocoder`).
 */
export interface Geocoder {
  search(term: string, limit: number): Promise<GeocodingFeature[]>;
}
