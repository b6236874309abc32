import type { Venue } from '../../../api/get-venues';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec §5: coordinates must be finite with latitude between -90 and 90 to be shown. */
export const hasValidCoordinates = (venue: Pick<Venue, 'lat' | 'lng'>): boolean =>
  Number.isFinite(venue.lat) && Number.isFinite(venue.lng) && venue.lat >= -90 && venue.lat <= 90;

/** 'x.x miles' (spec §9: one decimal). */
export const formatMiles = (miles: number): string => `${miles.toFixed(1)} miles`;

/** How many centres 'No venues found' offers instead (the nearest, with their distance). */
export const NEAREST_COUNT = 3;

/** Results as you type (joining §9): after more than 2 characters. */
export const SUGGEST_MIN_CHARS = 3;
/** How many suggestions the server is asked for (the list under the box shows about six at once). */
export const SUGGEST_COUNT = 10;

/** The term the suggestions search for: nothing until more than 2 characters. */
export const suggestTerm = (text: string): string | null => {
  const term = text.trim();
  return term.length < SUGGEST_MIN_CHARS ? null : term;
};
