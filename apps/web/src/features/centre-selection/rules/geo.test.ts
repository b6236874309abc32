import { describe, expect, it } from 'vitest';
import type { Venue } from '../../../api/get-venues';
import {
  distanceInMiles,
  formatMiles,
  hasValidCoordinates,
  venuesForSearch,
  venuesMatchingName,
} from './geo';

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
  displayVenueSelectionButton: true,
  activitiesV2Enabled: false,
});

const leeds = { lat: 53.79648, lng: -1.54785 };
const johnCharles = venue(1, 'John Charles Centre for Sport', 53.77453, -1.56);
const pondsForge = venue(2, 'Ponds Forge International Sports Centre', 53.37989, -1.46);
const manchester = venue(3, 'Manchester Aquatics Centre', 53.46672, -2.23);
const leedsNear = venue(4, 'Leeds Central Baths', 53.8, -1.55);

describe('distanceInMiles', () => {
  it('measures great-circle distance (Leeds to Manchester is about 36 miles)', () => {
    expect(distanceInMiles(leeds, { lat: 53.4808, lng: -2.2426 })).toBeCloseTo(36, 0);
    expect(distanceInMiles(leeds, leeds)).toBe(0);
  });

  it('formats to one decimal', () => {
    expect(formatMiles(1.449)).toBe('1.4 miles');
    expect(formatMiles(0)).toBe('0.0 miles');
  });
});

describe('hasValidCoordinates', () => {
  it('needs finite coordinates and a latitude within -90..90', () => {
    expect(hasValidCoordinates({ lat: 53, lng: -2 })).toBe(true);
    expect(hasValidCoordinates({ lat: 90, lng: 180 })).toBe(true);
    expect(hasValidCoordinates({ lat: 91, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: -90.1, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: 0, lng: Number.POSITIVE_INFINITY })).toBe(false);
  });
});

describe('venuesForSearch', () => {
  const all = [manchester, pondsForge, johnCharles, leedsNear, venue(5, 'Broken', 95, 0)];

  it('lists every mappable venue without distance when nothing was searched', () => {
    const result = venuesForSearch(all, null, 5);
    expect(result.map((v) => v.id)).toEqual([3, 2, 1, 4]);
    expect(result.every((v) => v.distance === null)).toBe(true);
  });

  it('keeps venues within the radius, nearest first, with their distance', () => {
    const result = venuesForSearch(all, leeds, 5);
    expect(result.map((v) => v.id)).toEqual([4, 1]);
    expect(result[0]!.distance!).toBeLessThan(result[1]!.distance!);
    expect(result[1]!.distance!).toBeLessThanOrEqual(5);
  });

  it('grows with the radius and is empty when nothing is near', () => {
    expect(venuesForSearch(all, leeds, 1).map((v) => v.id)).toEqual([4]);
    expect(venuesForSearch(all, leeds, 10).map((v) => v.id)).toEqual([4, 1]);
    expect(venuesForSearch(all, { lat: 50.1, lng: -5.5 }, 10)).toEqual([]);
  });
});

describe('venuesMatchingName', () => {
  const all = [manchester, pondsForge, johnCharles, venue(6, 'Aquatics Broken', Number.NaN, 0)];

  it('matches centre names containing the term, case-insensitively, in listed order', () => {
    expect(venuesMatchingName(all, 'AQUATICS').map((v) => v.id)).toEqual([3]);
    expect(venuesMatchingName(all, 'centre').map((v) => v.id)).toEqual([3, 2, 1]);
    expect(venuesMatchingName(all, '  charles ').map((v) => v.id)).toEqual([1]);
  });

  it('matches nothing for a blank term or a place name', () => {
    expect(venuesMatchingName(all, ' ')).toEqual([]);
    expect(venuesMatchingName(all, 'Leeds')).toEqual([]);
  });
});
