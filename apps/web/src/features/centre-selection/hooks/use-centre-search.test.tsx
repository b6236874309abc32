import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Venue } from '../../../api/get-venues';
import { geocodingQueryOptions } from '../api/search-places';
import { CENTRE_TEXTS } from '../texts';
import { useCentreSearch } from './use-centre-search';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

const venues = [
  venue(1, 'John Charles Centre for Sport', 53.77453, -1.56),
  venue(2, 'Leeds Central Baths', 53.8, -1.55),
  venue(3, 'Manchester Aquatics Centre', 53.46672, -2.23),
];

/** What the server's venue search answers (decision 069), over the three venues, as the fake `fetch` sees it. */
const miles = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 69, (a.lng - b.lng) * 69 * Math.cos((a.lat * Math.PI) / 180));
function answer(url: URL) {
  const q = url.searchParams;
  const perPage = Number(q.get('per_page') ?? 20);
  let found = venues.map((v) => ({ ...v, distance: null as number | null }));
  const name = q.get('name')?.toLowerCase();
  if (name) found = found.filter((v) => v.name.toLowerCase().includes(name));
  if (q.has('lat')) {
    const point = { lat: Number(q.get('lat')), lng: Number(q.get('lng')) };
    const radius = q.has('radius') ? Number(q.get('radius')) : Number.POSITIVE_INFINITY;
    found = found
      .map((v) => ({ ...v, distance: miles(point, v) }))
      .filter((v) => v.distance <= radius)
      .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  }
  const shown = found.slice(0, perPage);
  return {
    data: {
      venues: shown.map(({ activitiesV2Enabled, displayVenueSelectionButton, address1, address2, ...v }) => ({
        ...v,
        address1,
        address2,
        display_venue_selection_button: displayVenueSelectionButton,
        activities_v2_enabled: activitiesV2Enabled,
      })),
      pagination: {
        current_page: 1,
        total_pages: Math.max(1, Math.ceil(found.length / perPage)),
        total_records: found.length,
        first_record_on_current_page: shown.length ? 1 : 0,
        last_record_on_current_page: shown.length,
      },
    },
  };
}

let asked: string[] = [];
function setup() {
  asked = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    return new Response(JSON.stringify(answer(url)), { headers: { 'content-type': 'application/json' } });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Geocoder answers come from the cache, so no request is made.
  queryClient.setQueryData(geocodingQueryOptions('leeds').queryKey, {
    features: [{ name: 'Leeds', type: 'place' as const, lat: 53.79648, lng: -1.54785 }],
  });
  queryClient.setQueryData(geocodingQueryOptions('atlantis').queryKey, { features: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCentreSearch(), { wrapper });
}

const ids = (result: { current: ReturnType<typeof useCentreSearch> }) =>
  result.current.results.venues.map((v) => v.id);

describe('useCentreSearch', () => {
  it('prompts before any search and lists the first page of centres by name', async () => {
    const { result } = setup();
    expect(result.current.header).toBe(CENTRE_TEXTS.prompt);
    await waitFor(() => expect(ids(result)).toEqual([1, 2, 3]));
    expect(asked).toEqual(['/api/venues?page=1']);
  });

  it('searches centre names first (one venue asked for) and centres on the first match', async () => {
    const { result } = setup();
    await act(() => result.current.search('manchester AQUATICS'));
    expect(asked).toContain('/api/venues?name=manchester+AQUATICS&per_page=1&page=1');
    expect(result.current.mapData.searchedCoordinates).toEqual({ lat: 53.46672, lng: -2.23 });
    expect(result.current.header).toBe(CENTRE_TEXTS.searching);
    await waitFor(() => expect(ids(result)).toEqual([3]));
    expect(asked.at(-1)).toBe('/api/venues?lat=53.46672&lng=-2.23&radius=5&page=1');
    expect(result.current.header).toBe(
      'Showing results within 5 miles of your location or the first centre name',
    );
  });

  it('falls back to the geocoder; the server sorts the venues in the radius by distance', async () => {
    const { result } = setup();
    await act(() => result.current.search('Leeds'));
    await waitFor(() => expect(ids(result)).toEqual([2, 1]));
    act(() => result.current.setRadius(1));
    await waitFor(() => expect(ids(result)).toEqual([2]));
    expect(result.current.header).toBe(CENTRE_TEXTS.showingResults(1));
  });

  it('says it cannot find a place the geocoder does not know, and resets', async () => {
    const { result } = setup();
    await act(() => result.current.search('Atlantis'));
    expect(result.current.mapData.searchMessage).toBe('Cannot find location, please try again.');
    expect(result.current.mapData.searchedCoordinates).toBeNull();
  });

  it('shows No venues found when nothing is within the radius, with the nearest centres instead', async () => {
    const { result } = setup();
    act(() => result.current.searchArea({ lat: 50.1, lng: -5.5 }));
    await waitFor(() => expect(result.current.header).toBe('No venues found'));
    await waitFor(() => expect(result.current.nearest.map((v) => v.id)).toEqual([3, 1, 2]));
    expect(asked.at(-1)).toBe('/api/venues?lat=50.1&lng=-5.5&per_page=3&page=1');
    act(() => result.current.clear());
    expect(result.current.header).toBe(CENTRE_TEXTS.prompt);
    expect(result.current.nearest).toEqual([]);
  });

  it('maps geolocation errors to the spec texts', async () => {
    let code = 1;
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (
          _ok: PositionCallback,
          fail: PositionErrorCallback,
          options: PositionOptions,
        ) => {
          expect(options.timeout).toBe(10_000);
          fail({ code } as GeolocationPositionError);
        },
      },
    });
    const { result } = setup();
    act(() => result.current.locateUser());
    await waitFor(() =>
      expect(result.current.mapData.searchMessage).toBe(
        'Failed to use your location, please allow location access and try again',
      ),
    );
    code = 3;
    act(() => result.current.locateUser());
    await waitFor(() =>
      expect(result.current.mapData.searchMessage).toBe('Failed to use your location, please try again'),
    );
  });

  it('flies to the user location on success', () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 53.8, longitude: -1.55 } } as GeolocationPosition),
      },
    });
    const { result } = setup();
    act(() => result.current.locateUser());
    expect(result.current.mapData.usersLocation).toEqual({ lat: 53.8, lng: -1.55 });
    expect(result.current.mapData.flyToLocation).toMatchObject({ lat: 53.8, lng: -1.55 });
  });
});
