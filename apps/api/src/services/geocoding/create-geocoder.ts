import type { Geocoder } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { createPostcodesIoGeocoder } from './postcodes-io-geocoder.ts';

export const GEOCODERS = ['offline', 'postcodes_io'] as const;
export type GeocoderName = (typeof GEOCODERS)[number];

/**
 * The geocoder named by GEOCODER (default 'offline', the shipped gazetteer; config.ts checks the name at start). 'postcodes_io' asks postcodes.io (UK
 * postcodes and places, no key; POSTCODES_IO_URL changes its address, for tests), falling back to the gazetteer
 * when it cannot answer. Another provider is added here as another name, implementing `Geocoder`.
 */
export function createGeocoder(
  name: string | undefined = process.env.GEOCODER,
  env: { POSTCODES_IO_URL?: string | undefined } = { POSTCODES_IO_URL: process.env.POSTCODES_IO_URL },
  onError?: (err: unknown) => void,
): Geocoder {
  const chosen = name || 'offline';
  if (!(GEOCODERS as readonly string[]).includes(chosen)) {
    throw new Error(`Invalid configuration: GEOCODER must be one of ${GEOCODERS.join(', ')}`);
  }
  const offline = createOfflineGeocoder();
  if (chosen === 'offline') return offline;
  if (env.POSTCODES_IO_URL && !URL.canParse(env.POSTCODES_IO_URL))
    throw new Error('Invalid configuration: POSTCODES_IO_URL must be a URL (e.g. https://api.postcodes.io)');
  return createPostcodesIoGeocoder({
    ...(env.POSTCODES_IO_URL ? { baseUrl: env.POSTCODES_IO_URL } : {}),
    fallback: offline,
    ...(onError ? { onError } : {}),
  });
}
