import { gzipSync } from 'node:zlib';
import { VENUES_MAX_PAGE_SIZE, venuePinsReply, venuesReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { venues as venuesTable } from '../src/db/schema.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';

// An operator of 250 venues (the largest customer's size) on a grid over England, and one archived venue.
const t = await setupTestDatabase();
const client = await createClient(t.db);
const VENUES = 250;
// 25 columns about 3.4 miles apart, 10 rows about 3.5 miles apart.
const gridLat = (i: number) => 51 + Math.floor(i / 25) * 0.05;
const gridLng = (i: number) => -3 + (i % 25) * 0.08;
await t.db.insert(venuesTable).values(
  Array.from({ length: VENUES }, (_, i) => ({
    clientId: client.id,
    slug: `centre-${i}`,
    // Names repeat in fives, so ties in name are broken by id.
    name: `${['Abbey', 'Riverside', 'Park', 'Castle', 'Harbour'][i % 5]} Leisure Centre ${Math.floor(i / 5)}`,
    address1: `${i} High Street`,
    town: i % 2 ? 'Leeds' : 'York',
    postcode: `LS${i} 1AA`,
    lat: gridLat(i),
    lng: gridLng(i),
  })),
);
await createVenue(t.db, { clientId: client.id, name: 'Abbey Archived', archivedAt: new Date() });
const app = await t.buildTestApp();

type Page = ReturnType<typeof venuesReply.parse>['data'];
const get = async (query: string): Promise<Page> => {
  const response = await app.inject({ method: 'GET', url: `/api/venues${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return venuesReply.parse(response.json()).data;
};
/** Every page of a search, walked with `page` until `total_pages`. */
const walk = async (query: string, perPage: number) => {
  const first = await get(`?${query}&per_page=${perPage}`);
  const all = [...first.venues];
  for (let page = 2; page <= first.pagination.total_pages; page++)
    all.push(...(await get(`?${query}&per_page=${perPage}&page=${page}`)).venues);
  return { all, total: first.pagination.total_records };
};

const EARTH_RADIUS_METRES = 6_371_008.8;
const miles = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return (2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(h))) / 1609.344;
};

describe('GET /api/venues, a page at a time', () => {
  it('answers 20 venues by name, with the totals; the archived venue is not listed', async () => {
    const first = await get('');
    expect(first.venues).toHaveLength(20);
    expect(first.pagination).toEqual({
      current_page: 1,
      total_pages: 13,
      total_records: VENUES,
      first_record_on_current_page: 1,
      last_record_on_current_page: 20,
    });
    expect(first.venues.map((v) => v.name).slice(0, 3)).toEqual([
      'Abbey Leisure Centre 0',
      'Abbey Leisure Centre 1',
      'Abbey Leisure Centre 10',
    ]);
    expect(first.venues.every((v) => v.distance === null)).toBe(true);
  });

  it('walks every venue once, in a stable order, whatever the page size', async () => {
    const by50 = await walk('', 50);
    const by7 = await walk('', 7);
    expect(by50.all).toHaveLength(VENUES);
    expect(new Set(by50.all.map((v) => v.id)).size).toBe(VENUES);
    expect(by7.all.map((v) => v.id)).toEqual(by50.all.map((v) => v.id));
    expect(by50.all.some((v) => v.name === 'Abbey Archived')).toBe(false);
    // A page past the end is empty, not an error.
    const past = await get('?page=99');
    expect(past.venues).toEqual([]);
    expect(past.pagination).toMatchObject({ first_record_on_current_page: 0, total_records: VENUES });
  });

  it('near a point: within the radius, nearest first, each with its distance, pages joining up', async () => {
    const point = { lat: 51.2, lng: -2.0 };
    const expected = Array.from({ length: VENUES }, (_, i) => ({
      slug: `centre-${i}`,
      miles: miles(point, { lat: gridLat(i), lng: gridLng(i) }),
    })).filter((v) => v.miles <= 10);
    expect(expected.length).toBeGreaterThan(20);
    const { all, total } = await walk(`lat=${point.lat}&lng=${point.lng}&radius=10`, 6);
    expect(total).toBe(expected.length);
    expect(new Set(all.map((v) => v.slug))).toEqual(new Set(expected.map((v) => v.slug)));
    expect(all).toHaveLength(expected.length);
    const distances = all.map((v) => v.distance ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(10);
    for (const v of all) expect(v.distance).toBeCloseTo(expected.find((e) => e.slug === v.slug)!.miles, 2);
  });

  it('near a point without a radius: the nearest centres, however far', async () => {
    const far = await get('?lat=57.1&lng=-2.1&per_page=3');
    expect(far.venues).toHaveLength(3);
    expect(far.pagination.total_records).toBe(VENUES);
    expect(far.venues[0]!.distance).toBeGreaterThan(300);
    expect(far.venues[0]!.distance).toBeLessThanOrEqual(far.venues[1]!.distance!);
  });

  it('name: centre names containing the term, case-insensitive; q: name, town or postcode', async () => {
    const byName = await get('?name=rIVERSIDE%20leisure%20centre%201&per_page=50');
    expect(byName.venues.map((v) => v.name)).toEqual([
      'Riverside Leisure Centre 1',
      'Riverside Leisure Centre 10',
      'Riverside Leisure Centre 11',
      'Riverside Leisure Centre 12',
      'Riverside Leisure Centre 13',
      'Riverside Leisure Centre 14',
      'Riverside Leisure Centre 15',
      'Riverside Leisure Centre 16',
      'Riverside Leisure Centre 17',
      'Riverside Leisure Centre 18',
      'Riverside Leisure Centre 19',
    ]);
    // A town is not a name: the finder then asks the geocoder.
    expect((await get('?name=york')).pagination.total_records).toBe(0);
    expect((await get('?q=york')).pagination.total_records).toBe(125);
    expect((await get('?q=ls249%201aa')).venues.map((v) => v.slug)).toEqual(['centre-249']);
  });

  it('refuses a bad page, size, point or radius with 422 and the field’s message', async () => {
    for (const [query, field, message] of [
      ['?per_page=0', 'per_page', `Per page must be a whole number from 1 to ${VENUES_MAX_PAGE_SIZE}.`],
      ['?per_page=51', 'per_page', `Per page must be a whole number from 1 to ${VENUES_MAX_PAGE_SIZE}.`],
      ['?page=0', 'page', 'Page must be a whole number, 1 or more.'],
      ['?page=two', 'page', 'Page must be a whole number, 1 or more.'],
      ['?lat=52', 'lat', 'Latitude and longitude go together.'],
      ['?lat=91&lng=0', 'lat', 'Latitude must be between -90 and 90.'],
      ['?lat=north&lng=0', 'lat', 'Latitude must be a number.'],
      ['?radius=5', 'radius', 'A radius needs a point (latitude and longitude).'],
      ['?lat=52&lng=-2&radius=11', 'radius', 'Radius must be a number of miles from 1 to 10.'],
      ['?name=', 'name', 'Name must not be empty.'],
      [`?q=${'x'.repeat(101)}`, 'q', 'Search must be 100 characters or fewer.'],
    ] as const) {
      const refused = await app.inject({ method: 'GET', url: `/api/venues${query}` });
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().errors[field], query).toEqual([message]);
    }
  });

  it('keeps every page small: the first page of 250 venues, and the largest page allowed', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/venues' });
    expect(first.body.length).toBeLessThan(7_000);
    const largest = await app.inject({ method: 'GET', url: `/api/venues?per_page=${VENUES_MAX_PAGE_SIZE}` });
    expect(largest.body.length).toBeLessThan(16_000);
  });
});

describe('GET /api/venue-pins', () => {
  it("answers every mappable venue's pin (id, slug, name, town, lat, lng), shared with an ETag", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/venue-pins' });
    expect(response.statusCode).toBe(200);
    const { pins, pagination } = venuePinsReply.parse(response.json()).data;
    expect(pins).toHaveLength(VENUES);
    expect(pagination.total_pages).toBe(1);
    expect(Object.keys(pins[0]!).sort()).toEqual(['id', 'lat', 'lng', 'name', 'slug', 'town']);
    expect(pins.map((p) => p.id)).toEqual([...pins.map((p) => p.id)].sort((a, b) => a - b));
    // Under half the bytes the whole venue list took (64 kB at 250 venues); about 5 kB compressed.
    expect(response.body.length).toBeLessThan(30_000);
    expect(gzipSync(response.body).length).toBeLessThan(6_000);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/api/venue-pins',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('pages too, by id, and refuses a page size over 1,000', async () => {
    const twoPages = [
      ...venuePinsReply.parse(
        (await app.inject({ method: 'GET', url: '/api/venue-pins?per_page=200' })).json(),
      ).data.pins,
      ...venuePinsReply.parse(
        (await app.inject({ method: 'GET', url: '/api/venue-pins?per_page=200&page=2' })).json(),
      ).data.pins,
    ];
    expect(new Set(twoPages.map((p) => p.id)).size).toBe(VENUES);
    const refused = await app.inject({ method: 'GET', url: '/api/venue-pins?per_page=1001' });
    expect(refused.statusCode).toBe(422);
  });
});
