import type { Venue } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { distanceInMiles, hasValidCoordinates, searchVenues, venuePins } from './venue-service.ts';

const venue = (id: number, name: string, lat: number, lng: number): Venue => ({
  id,
  slug: `v-${id}`,
  name,
  address1: '1 High Street',
  address2: null,
  town: 'Town',
  postcode: 'AB1 2CD',
  lat,
  lng,
  distance: null,
  display_venue_selection_button: true,
  activities_v2_enabled: false,
});

const leeds = { lat: 53.79648, lng: -1.54785 };
const johnCharles = venue(1, 'John Charles Centre for Sport', 53.77453, -1.56);
const pondsForge = venue(2, 'Ponds Forge International Sports Centre', 53.37989, -1.46);
const manchester = venue(3, 'Manchester Aquatics Centre', 53.46672, -2.23);
const leedsNear = venue(4, 'Leeds Central Baths', 53.8, -1.55);
const broken = venue(5, 'Aquatics Broken', 95, 0);
// The list as findVenues gives it: by name.
const all = [broken, johnCharles, leedsNear, manchester, pondsForge];
const page = { page: 1, per_page: 20 };
const ids = (found: { venues: Venue[] }) => found.venues.map((v) => v.id);

describe('distanceInMiles', () => {
  it('measures great-circle distance (Leeds to Manchester is about 36 miles)', () => {
    expect(distanceInMiles(leeds, { lat: 53.4808, lng: -2.2426 })).toBeCloseTo(36, 0);
    expect(distanceInMiles(leeds, leeds)).toBe(0);
  });
});

describe('hasValidCoordinates', () => {
  it('needs finite coordinates and a latitude within -90..90', () => {
    expect(hasValidCoordinates({ lat: 90, lng: 180 })).toBe(true);
    expect(hasValidCoordinates({ lat: -90.1, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: Number.NaN, lng: 0 })).toBe(false);
  });
});

describe('searchVenues', () => {
  it('lists every venue by name, without distance, when there is no point', () => {
    const found = searchVenues(all, page);
    expect(ids(found)).toEqual([5, 1, 4, 3, 2]);
    expect(found.venues.every((v) => v.distance === null)).toBe(true);
  });

  it('near a point: mappable venues within the radius, nearest first, with their distance', () => {
    const found = searchVenues(all, { ...leeds, radius: 5, ...page });
    expect(ids(found)).toEqual([4, 1]);
    expect(found.venues[0]!.distance!).toBeLessThan(found.venues[1]!.distance!);
    expect(found.venues[1]!.distance!).toBeLessThanOrEqual(5);
    expect(ids(searchVenues(all, { ...leeds, radius: 1, ...page }))).toEqual([4]);
    expect(searchVenues(all, { lat: 50.1, lng: -5.5, radius: 10, ...page }).venues).toEqual([]);
  });

  it('near a point without a radius: every mappable venue by distance', () => {
    expect(ids(searchVenues(all, { ...leeds, ...page }))).toEqual([4, 1, 2, 3]);
  });

  it('ties in distance go by name, so pages never swap them', () => {
    const twins = [venue(8, 'Alpha', 53, -1), venue(7, 'Beta', 53, -1)];
    expect(ids(searchVenues(twins, { lat: 53, lng: -1, ...page }))).toEqual([8, 7]);
  });

  it('name: centre names containing the term, case-insensitively, in listed order (mappable only)', () => {
    expect(ids(searchVenues(all, { name: 'AQUATICS', ...page }))).toEqual([3]);
    expect(ids(searchVenues(all, { name: 'centre', ...page }))).toEqual([1, 3, 2]);
    expect(ids(searchVenues(all, { name: 'Leeds Central', ...page }))).toEqual([4]);
    expect(searchVenues(all, { name: 'Sheffield', ...page }).venues).toEqual([]);
  });

  it('q: name, town or postcode', () => {
    const york = { ...venue(9, 'Energise', 53.96, -1.08), town: 'York', postcode: 'YO1 7HH' };
    expect(ids(searchVenues([...all, york], { q: 'york', ...page }))).toEqual([9]);
    expect(ids(searchVenues([...all, york], { q: 'yo1 7', ...page }))).toEqual([9]);
  });

  it('pages: a slice with its totals; past the end is empty', () => {
    expect(searchVenues(all, { page: 2, per_page: 2 })).toMatchObject({
      venues: [leedsNear, manchester],
      pagination: { current_page: 2, total_pages: 3, total_records: 5, first_record_on_current_page: 3 },
    });
    expect(searchVenues(all, { page: 4, per_page: 2 }).venues).toEqual([]);
  });
});

describe('venuePins', () => {
  it('the mappable venues by id, with only id, slug, name, town, lat and lng', () => {
    const { pins } = venuePins(all, { page: 1, per_page: 1000 });
    expect(pins.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(pins[0]).toEqual({
      id: 1,
      slug: 'v-1',
      name: 'John Charles Centre for Sport',
      town: 'Town',
      lat: 53.77453,
      lng: -1.56,
    });
  });
});
