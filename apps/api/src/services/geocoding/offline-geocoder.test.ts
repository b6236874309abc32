import { describe, expect, it } from 'vitest';
import { createGeocoder } from './create-geocoder.ts';
import { type Gazetteer, loadGazetteer, matchGazetteer, outwardCode } from './offline-geocoder.ts';

const small: Gazetteer = {
  places: [
    ['Leeds', 53.79648, -1.54785],
    ['Leedstown', 50.16, -5.36],
    ['Castle Leeds', 51.0, 0.1],
    ['Bleedsworth', 52.0, -1.0],
    ['Manchester', 53.48, -2.24],
  ],
  districts: [['LS11', 53.79648, -1.54785]],
};

describe('outwardCode', () => {
  it('reads districts and full postcodes in any case and spacing', () => {
    expect(outwardCode('ls11')).toBe('LS11');
    expect(outwardCode('LS11 5AB')).toBe('LS11');
    expect(outwardCode('ls115ab')).toBe('LS11');
    expect(outwardCode('SW1A 1AA')).toBe('SW1A');
    expect(outwardCode('Leeds')).toBeNull();
  });
});

describe('matchGazetteer', () => {
  it('puts the exact name first, then prefixes, then word starts, then contains', () => {
    expect(matchGazetteer(small, 'LEEDS', 5).map((f) => f.name)).toEqual([
      'Leeds',
      'Leedstown',
      'Castle Leeds',
      'Bleedsworth',
    ]);
  });

  it('answers a postcode district and a full postcode with the district', () => {
    expect(matchGazetteer(small, 'ls11', 5)).toEqual([
      { name: 'LS11', type: 'postcode_district', lat: 53.79648, lng: -1.54785 },
    ]);
    expect(matchGazetteer(small, 'LS11 5AB', 5)[0]?.name).toBe('LS11');
  });

  it('returns nothing for an unknown term or a blank one, and at most the limit', () => {
    expect(matchGazetteer(small, 'Atlantis', 5)).toEqual([]);
    expect(matchGazetteer(small, '   ', 5)).toEqual([]);
    expect(matchGazetteer(small, 'e', 2)).toHaveLength(2);
  });

  it('finds real towns and districts in the shipped gazetteer', () => {
    const gazetteer = loadGazetteer();
    expect(matchGazetteer(gazetteer, 'manchester', 5)[0]).toMatchObject({
      name: 'Manchester',
      type: 'place',
    });
    expect(matchGazetteer(gazetteer, 'M1', 5)[0]).toMatchObject({ name: 'M1', type: 'postcode_district' });
    expect(matchGazetteer(gazetteer, 'York', 5)[0]?.name).toBe('York');
  });
});

describe('createGeocoder', () => {
  it('defaults to the offline gazetteer and refuses unknown names', async () => {
    expect(await createGeocoder(undefined).search('Leeds', 5)).not.toHaveLength(0);
    expect(() => createGeocoder('acme')).toThrow(/GEOCODER/);
  });
});
