import { expect, it } from 'vitest';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const app = await t.buildTestApp();

it('answers a town with places, best match first', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/geocoding?q=leeds' });
  expect(response.statusCode).toBe(200);
  const { features } = response.json().data;
  expect(features[0]).toMatchObject({ name: 'Leeds', type: 'place' });
  expect(features[0].lat).toBeCloseTo(53.8, 1);
  expect(features.length).toBeLessThanOrEqual(5);
});

it('answers a postcode district and a full postcode with the district', async () => {
  for (const q of ['LS11', 'ls11 5ab']) {
    const response = await app.inject({ method: 'GET', url: `/api/geocoding?q=${encodeURIComponent(q)}` });
    expect(response.json().data.features).toEqual([
      { name: 'LS11', type: 'postcode_district', lat: expect.any(Number), lng: expect.any(Number) },
    ]);
  }
});

it('answers no features for an unknown or empty term', async () => {
  for (const url of ['/api/geocoding?q=zzqxj', '/api/geocoding']) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { features: [] } });
  }
});
