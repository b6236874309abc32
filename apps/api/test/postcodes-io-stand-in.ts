/**
 * A local stand-in for postcodes.io (https://postcodes.io/docs), started by tests and reached through
 * POSTCODES_IO_URL, answering GET /postcodes/:postcode, GET /outcodes/:outcode and GET /places?q=&limit= with the
 * documented envelope ({ status, result } or { status: 404, error }) from a handful of real records.
 * `failing = true` makes every call answer 500 (postcodes.io down).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const POSTCODES: Record<string, { postcode: string; latitude: number; longitude: number; outcode: string }> =
  {
    LS115AB: { postcode: 'LS11 5AB', latitude: 53.783268, longitude: -1.553542, outcode: 'LS11' },
    SW1A1AA: { postcode: 'SW1A 1AA', latitude: 51.501009, longitude: -0.141588, outcode: 'SW1A' },
    // Real but without coordinates (postcodes.io answers null for some, e.g. Channel Islands).
    GY11AA: {
      postcode: 'GY1 1AA',
      latitude: null as unknown as number,
      longitude: null as unknown as number,
      outcode: 'GY1',
    },
  };
const OUTCODES: Record<string, { outcode: string; latitude: number; longitude: number }> = {
  LS11: { outcode: 'LS11', latitude: 53.7792, longitude: -1.5582 },
  M1: { outcode: 'M1', latitude: 53.4791, longitude: -2.2369 },
};
const PLACES = [
  { name_1: 'Leeds', local_type: 'City', latitude: 53.7965, longitude: -1.5479 },
  { name_1: 'Leedstown', local_type: 'Village', latitude: 50.1591, longitude: -5.3577 },
  { name_1: 'Leeds', local_type: 'Village', latitude: 51.2541, longitude: 0.6178 }, // Leeds, Kent
  { name_1: 'Manchester', local_type: 'City', latitude: 53.4794, longitude: -2.2453 },
  { name_1: 'Harrogate', local_type: 'Town', latitude: 53.9921, longitude: -1.5418 },
];

export type PostcodesIoStandIn = Awaited<ReturnType<typeof startPostcodesIoStandIn>>;

export async function startPostcodesIoStandIn() {
  const state = { failing: false, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    state.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.failing) return send(500, { status: 500, error: 'Internal server error' });
    let match = /^\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const key = decodeURIComponent(match[1]!).replace(/\s+/g, '').toUpperCase();
      if (!/^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(key))
        return send(404, { status: 404, error: 'Invalid postcode' });
      const found = POSTCODES[key];
      return found
        ? send(200, { status: 200, result: found })
        : send(404, { status: 404, error: 'Postcode not found' });
    }
    match = /^\/outcodes\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const found = OUTCODES[decodeURIComponent(match[1]!).toUpperCase()];
      return found
        ? send(200, { status: 200, result: found })
        : send(404, { status: 404, error: 'Outcode not found' });
    }
    if (url.pathname === '/places') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 10);
      if (!q) return send(400, { status: 400, error: 'No search query submitted' });
      const result = PLACES.filter((p) => p.name_1.toLowerCase().startsWith(q)).slice(0, limit);
      return send(200, { status: 200, result });
    }
    send(404, { status: 404, error: 'Resource not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
