import type { Geocoder } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';

export const GEOCODERS = ['offline'] as const;
export type GeocoderName = (typeof GEOCODERS)[number];

/**
 * The geocoder named by GEOCODER (default 'offline'). A real provider is added here as another name,
 * with its key read from the environment, implementing `Geocoder`.
 */
export function createGeocoder(name: string | undefined = process.env.GEOCODER): Geocoder {
  const chosen = name || 'offline';
  if (!(GEOCODERS as readonly string[]).includes(chosen)) {
    throw new Error(`Invalid configuration: GEOCODER must be one of ${GEOCODERS.join(', ')}`);
  }
  return createOfflineGeocoder();
}
