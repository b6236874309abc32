import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type VenueSearch, venuesPageQueryOptions } from '../../../api/get-venues';
import { geocodingQueryOptions } from '../api/search-places';
import { hasValidCoordinates, type LatLng, NEAREST_COUNT } from '../rules/geo';
import { GEOLOCATION_TIMEOUT_MS, RADIUS_DEFAULT_MILES } from '../rules/map-constants';
import { CENTRE_TEXTS } from '../texts';

/** Map data (joining spec §3): what the search, the list and the map share. */
export interface MapData {
  radius: number;
  searchedCoordinates: LatLng | null;
  usersLocation: LatLng | null;
  searchTerm: string;
  /** An error to show (geocoding found nothing, geolocation failed). */
  searchMessage: string | null;
  isSearching: boolean;
  /** Where the map should fly next; `key` changes on every request so the same point flies again. */
  flyToLocation: (LatLng & { key: number }) | null;
}

const initialMapData: MapData = {
  radius: RADIUS_DEFAULT_MILES,
  searchedCoordinates: null,
  usersLocation: null,
  searchTerm: '',
  searchMessage: null,
  isSearching: false,
  flyToLocation: null,
};

/**
 * The server search of the list (decision 069): near the searched point within the radius, nearest first; before
 * any search, every centre by name. Either a page at a time.
 */
export const resultsSearch = (point: LatLng | null, radius: number): VenueSearch =>
  point ? { lat: point.lat, lng: point.lng, radius } : {};

/** Search state of the centre section: names first, then the geocoder; geolocation; radius. */
export function useCentreSearch() {
  const queryClient = useQueryClient();
  const [mapData, setMapData] = useState<MapData>(initialMapData);
  const flyKey = useRef(0);
  const searchRun = useRef(0);

  const goTo = useCallback((point: LatLng, patch: Partial<MapData> = {}) => {
    flyKey.current += 1;
    setMapData((d) => ({
      ...d,
      ...patch,
      searchedCoordinates: point,
      isSearching: false,
      searchMessage: null,
      flyToLocation: { ...point, key: flyKey.current },
    }));
  }, []);

  const search = useCallback(
    async (rawTerm: string) => {
      const term = rawTerm.trim();
      if (!term) return;
      const run = ++searchRun.current;
      setMapData((d) => ({ ...d, searchTerm: term, isSearching: true, searchMessage: null }));
      try {
        // First the centre names containing the term (the server's first by name), then the geocoder.
        const byName = await queryClient.fetchQuery(venuesPageQueryOptions({ name: term, perPage: 1 }));
        if (run !== searchRun.current) return;
        const named = byName.venues[0];
        if (named && hasValidCoordinates(named)) {
          goTo({ lat: named.lat, lng: named.lng }, { usersLocation: null });
          return;
        }
        const result = await queryClient.fetchQuery(geocodingQueryOptions(term));
        if (run !== searchRun.current) return;
        const first = result.features[0];
        if (first) {
          goTo({ lat: first.lat, lng: first.lng }, { usersLocation: null });
        } else {
          // The map resets (spec §8).
          setMapData((d) => ({
            ...initialMapData,
            radius: d.radius,
            searchTerm: term,
            searchMessage: CENTRE_TEXTS.cannotFindLocation,
          }));
        }
      } catch {
        if (run !== searchRun.current) return;
        setMapData((d) => ({ ...d, isSearching: false, searchMessage: CENTRE_TEXTS.cannotFindLocation }));
      }
    },
    [queryClient, goTo],
  );

  const locateUser = useCallback(() => {
    const run = ++searchRun.current;
    if (!('geolocation' in navigator)) {
      setMapData((d) => ({ ...d, searchMessage: CENTRE_TEXTS.locationFailed }));
      return;
    }
    setMapData((d) => ({ ...d, isSearching: true, searchMessage: null }));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (run !== searchRun.current) return;
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        goTo(point, { usersLocation: point, searchTerm: '' });
      },
      (error) => {
        if (run !== searchRun.current) return;
        setMapData((d) => ({
          ...d,
          isSearching: false,
          searchMessage: error.code === 1 ? CENTRE_TEXTS.locationDenied : CENTRE_TEXTS.locationFailed,
        }));
      },
      { timeout: GEOLOCATION_TIMEOUT_MS },
    );
  }, [goTo]);

  /** 'Search this area': the map centre becomes the searched point, without flying. */
  const searchArea = useCallback((point: LatLng) => {
    searchRun.current += 1;
    setMapData((d) => ({ ...d, searchedCoordinates: point, isSearching: false, searchMessage: null }));
  }, []);

  const setRadius = useCallback((radius: number) => setMapData((d) => ({ ...d, radius })), []);

  const clear = useCallback(() => {
    searchRun.current += 1;
    setMapData((d) => ({ ...initialMapData, radius: d.radius }));
  }, []);

  const point = mapData.searchedCoordinates;
  const search$ = useMemo(() => resultsSearch(point, mapData.radius), [point, mapData.radius]);
  // The search's first page, a plain query: the paging code ('Show more centres') loads only when it says there
  // are more pages (decision 069).
  const first = useQuery(venuesPageQueryOptions(search$));
  const results = {
    search: search$,
    venues: first.data?.venues ?? [],
    isPaged: (first.data?.pagination.totalPages ?? 1) > 1,
    isPending: first.isPending,
    error: first.error,
  };
  const isEmpty = point !== null && !results.isPending && results.venues.length === 0 && !results.error;
  // 'No venues found' offers the centres nearest the point instead, however far.
  const nearest = useQuery({
    ...venuesPageQueryOptions({ lat: point?.lat ?? 0, lng: point?.lng ?? 0, perPage: NEAREST_COUNT }),
    enabled: isEmpty && !mapData.isSearching,
  });

  const isSearching = mapData.isSearching || (point !== null && results.isPending);
  const header = isSearching
    ? CENTRE_TEXTS.searching
    : !point
      ? CENTRE_TEXTS.prompt
      : results.venues.length === 0
        ? CENTRE_TEXTS.noVenuesFound
        : CENTRE_TEXTS.showingResults(mapData.radius);

  return {
    mapData,
    results,
    nearest: isEmpty && !mapData.isSearching ? (nearest.data?.venues ?? []) : [],
    isSearching,
    header,
    search,
    locateUser,
    searchArea,
    setRadius,
    clear,
  };
}
