import { geocodingReply } from '@fieldhouse/contract';
import { afterAll, expect, it } from 'vitest';
import { setupTestDatabase } from './helper.ts';
import { startPostcodesIoStandIn } from './postcodes-io-stand-in.ts';

const standIn = await startPostcodesIoStandIn();
afterAll(() => standIn.close());
const t = await setupTestDatabase();
const app = await t.buildTestApp(
  { geocoder: { name: 'postcodes_io', postcodesIoUrl: standIn.url } },
  { logger: false },
);

const search = async (q: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/geocoding?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return geocodingReply.parse(response.json()).data.features;
};

it('answers a full postcode with its own point, in any case and spacing', async () => {
  for (const q of ['LS11 5AB', 'ls115ab', ' ls11  5ab ']) {
    expect(await search(q)).toEqual([{ name: 'LS11 5AB', type: 'postcode', lat: 53.783268, lng: -1.553542 }]);
  }
  expect(standIn.state.requests).toContain('/postcodes/LS115AB');
});

it('answers a district with its centre, and a place name with the places postcodes.io finds', async () => {
  expect(await search('ls11')).toEqual([
    { name: 'LS11', type: 'postcode_district', lat: 53.7792, lng: -1.5582 },
  ]);
  // Leeds in Kent is dropped: same-named places elsewhere are not offered twice (the first listed wins).
  expect(await search('Leeds')).toEqual([
    { name: 'Leeds', type: 'place', lat: 53.7965, lng: -1.5479 },
    { name: 'Leedstown', type: 'place', lat: 50.1591, lng: -5.3577 },
  ]);
});

it('answers nothing for an unknown postcode, district or place, one without coordinates, or a blank term', async () => {
  const before = standIn.state.requests.length;
  for (const q of ['ZZ1 1ZZ', 'ZZ99', 'Atlantis', 'GY1 1AA']) expect(await search(q)).toEqual([]);
  expect(standIn.state.requests.length).toBe(before + 4);
  expect(await search('   ')).toEqual([]);
  expect(standIn.state.requests.length).toBe(before + 4);
});

it('falls back to the offline gazetteer while postcodes.io fails', async () => {
  standIn.state.failing = true;
  try {
    // The gazetteer answers the district for a full postcode (it has no postcode points).
    expect(await search('LS11 5AB')).toEqual([
      { name: 'LS11', type: 'postcode_district', lat: expect.any(Number), lng: expect.any(Number) },
    ]);
    expect((await search('Manchester'))[0]).toMatchObject({ name: 'Manchester', type: 'place' });
  } finally {
    standIn.state.failing = false;
  }
  expect((await search('Harrogate'))[0]).toEqual({
    name: 'Harrogate',
    type: 'place',
    lat: 53.9921,
    lng: -1.5418,
  });
});
