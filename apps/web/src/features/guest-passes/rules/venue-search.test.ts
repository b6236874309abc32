import { describe, expect, it } from 'vitest';
import { searchVenues, sendableVenues } from './venue-search';

const venues = [
  { id: 1, name: 'John Charles Centre for Sport', town: 'Leeds', postcode: 'LS11 5DJ' },
  { id: 2, name: 'Aireborough Leisure Centre', town: 'Guiseley', postcode: 'LS20 8EP' },
  { id: 3, name: 'Fearnville Leisure Centre', town: 'Leeds', postcode: 'LS8 3DW' },
];

describe('venue search', () => {
  it('shows results only after more than 2 characters', () => {
    expect(searchVenues(venues, 'le')).toEqual([]);
    expect(searchVenues(venues, '  le ')).toEqual([]);
    expect(searchVenues(venues, 'lei').map((v) => v.id)).toEqual([2, 3]);
  });

  it('matches name, town or postcode, ignoring case', () => {
    expect(searchVenues(venues, 'JOHN').map((v) => v.id)).toEqual([1]);
    expect(searchVenues(venues, 'leeds').map((v) => v.id)).toEqual([1, 3]);
    expect(searchVenues(venues, 'ls20').map((v) => v.id)).toEqual([2]);
  });

  it('offers the venues the allowances cover, by name; every venue when one allowance has no venue list', () => {
    const allowance = (ids: number[]) => ({ venues: venues.filter((v) => ids.includes(v.id)) });
    const ids = (found: ReturnType<typeof sendableVenues>) =>
      found === 'all' ? 'all' : found.map((v) => v.id);
    expect(ids(sendableVenues([allowance([3])]))).toEqual([3]);
    expect(ids(sendableVenues([allowance([3]), allowance([1, 3])]))).toEqual([3, 1]);
    expect(ids(sendableVenues([allowance([3]), allowance([])]))).toBe('all');
    expect(sendableVenues([])).toEqual([]);
  });
});
