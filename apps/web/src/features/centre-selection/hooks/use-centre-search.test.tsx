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

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Geocoder answers come from the cache, so no request is made.
  queryClient.setQueryData(geocodingQueryOptions('leeds').queryKey, {
    features: [{ name: 'Leeds', type: 'place' as const, lat: 53.79648, lng: -1.54785 }],
  });
  queryClient.setQueryData(geocodingQueryOptions('atlantis').queryKey, { features: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCentreSearch(venues), { wrapper });
}

describe('useCentreSearch', () => {
  it('prompts before any search and lists every venue', () => {
    const { result } = setup();
    expect(result.current.header).toBe(CENTRE_TEXTS.prompt);
    expect(result.current.results).toHaveLength(3);
  });

  it('searches centre names first and centres on the first match', async () => {
    const { result } = setup();
    await act(() => result.current.search('manchester AQUATICS'));
    expect(result.current.mapData.searchedCoordinates).toEqual({ lat: 53.46672, lng: -2.23 });
    expect(result.current.results.map((v) => v.id)).toEqual([3]);
    expect(result.current.header).toBe(
      'Showing results within 5 miles of your location or the first centre name',
    );
  });

  it('falls back to the geocoder and sorts the venues in the radius by distance', async () => {
    const { result } = setup();
    await act(() => result.current.search('Leeds'));
    expect(result.current.results.map((v) => v.id)).toEqual([2, 1]);
    act(() => result.current.setRadius(1));
    expect(result.current.results.map((v) => v.id)).toEqual([2]);
    expect(result.current.header).toBe(CENTRE_TEXTS.showingResults(1));
  });

  it('says it cannot find a place the geocoder does not know, and resets', async () => {
    const { result } = setup();
    await act(() => result.current.search('Atlantis'));
    expect(result.current.mapData.searchMessage).toBe('Cannot find location, please try again.');
    expect(result.current.mapData.searchedCoordinates).toBeNull();
  });

  it('shows No venues found when nothing is within the radius', () => {
    const { result } = setup();
    act(() => result.current.searchArea({ lat: 50.1, lng: -5.5 }));
    expect(result.current.header).toBe('No venues found');
    act(() => result.current.clear());
    expect(result.current.header).toBe(CENTRE_TEXTS.prompt);
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
