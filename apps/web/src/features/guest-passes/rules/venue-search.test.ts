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

  it('offers the venues the allowances cover', () => {
    const allowance = (ids: number[]) => ({ venues: ids.map((id) => ({ id })) });
    expect(sendableVenues(venues, [allowance([3])]).map((v) => v.id)).toEqual([3]);
    expect(sendableVenues(venues, [allowance([3]), allowance([1])]).map((v) => v.id)).toEqual([1, 3]);
    expect(sendableVenues(venues, [allowance([3]), allowance([])]).map((v) => v.id)).toEqual([1, 2, 3]);
    expect(sendableVenues(venues, [])).toEqual([]);
  });
});
