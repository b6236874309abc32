import type { GeocodingFeature } from '@fieldhouse/contract';
import type { Geocoder } from './geocoder.ts';
import { outwardCode } from './offline-geocoder.ts';

/** postcodes.io's public API (UK postcodes, outcodes and places from Ordnance Survey open data; no key). */
export const POSTCODES_IO_URL = 'https://api.postcodes.io';

/** A lookup that has not answered in this long falls back to the offline gazetteer. */
const TIMEOUT_MS = 5_000;

type Reply<T> = { status: number; result: T | null; error?: string };
type PostcodeResult = { postcode: string; latitude: number | null; longitude: number | null };
type OutcodeResult = { outcode: string; latitude: number | null; longitude: number | null };
type PlaceResult = { name_1: string; local_type?: string; latitude: number; longitude: number };

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;

export type PostcodesIoOptions = {
  /** POSTCODES_IO_URL (tests point it at a local stand-in). */
  baseUrl?: string;
  /** Answers when postcodes.io cannot (network, 5xx, timeout): the offline gazetteer. */
  fallback: Geocoder;
  onError?: (err: unknown) => void;
  fetch?: typeof fetch;
};

/**
 * The postcodes.io geocoder (GEOCODER=postcodes_io): a full postcode answers its own point, a district (outcode)
 * its centre, anything else the places (towns, villages, suburbs) whose name starts with the term, as postcodes.io
 * ranks them. Unknown postcodes answer nothing; when postcodes.io itself fails, the offline gazetteer answers.
 */
export function createPostcodesIoGeocoder(options: PostcodesIoOptions): Geocoder {
  const base = (options.baseUrl || POSTCODES_IO_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  const get = async <T>(path: string): Promise<T | null> => {
    const response = await doFetch(`${base}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 404) return null; // 'Postcode not found', 'Invalid postcode', 'Outcode not found'
    if (!response.ok) throw new Error(`postcodes.io answered ${response.status} for ${path}`);
    const body = (await response.json()) as Reply<T>;
    return body.result;
  };

  const lookup = async (term: string, limit: number): Promise<GeocodingFeature[]> => {
    const compact = term.trim().toUpperCase();
    const full = FULL_POSTCODE.exec(compact);
    if (full) {
      const found = await get<PostcodeResult>(`/postcodes/${encodeURIComponent(`${full[1]}${full[2]}`)}`);
      if (!found || found.latitude === null || found.longitude === null) return [];
      return [{ name: found.postcode, type: 'postcode', lat: found.latitude, lng: found.longitude }];
    }
    const outward = outwardCode(compact);
    if (outward) {
      const found = await get<OutcodeResult>(`/outcodes/${encodeURIComponent(outward)}`);
      if (!found || found.latitude === null || found.longitude === null) return [];
      return [{ name: found.outcode, type: 'postcode_district', lat: found.latitude, lng: found.longitude }];
    }
    // Ask for more than the limit: same-named places elsewhere are dropped (the first listed wins).
    const places =
      (await get<PlaceResult[]>(
        `/places?q=${encodeURIComponent(term.trim())}&limit=${Math.min(limit * 4, 100)}`,
      )) ?? [];
    const seen = new Set<string>();
    const features: GeocodingFeature[] = [];
    for (const p of places) {
      if (seen.has(p.name_1)) continue;
      seen.add(p.name_1);
      features.push({ name: p.name_1, type: 'place', lat: p.latitude, lng: p.longitude });
      if (features.length >= limit) break;
    }
    return features;
  };

  return {
    async search(term, limit) {
      if (!term.trim()) return [];
      try {
        return await lookup(term, limit);
      } catch (err) {
        options.onError?.(err);
        return options.fallback.search(term, limit);
      }
    },
  };
}
