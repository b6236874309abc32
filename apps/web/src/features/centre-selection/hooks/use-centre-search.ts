import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Venue } from '../../../api/get-venues';
import { geocodingQueryOptions } from '../api/search-places';
import { type LatLng, venuesForSearch, venuesMatchingName } from '../rules/geo';
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

/** Search state of the centre section: names first, then the geocoder; geolocation; radius. */
export function useCentreSearch(venues: Venue[]) {
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
      const byName = venuesMatchingName(venues, term);
      if (byName[0]) {
        goTo({ lat: byName[0].lat, lng: byName[0].lng }, { searchTerm: term, usersLocation: null });
        return;
      }
      setMapData((d) => ({ ...d, searchTerm: term, isSearching: true, searchMessage: null }));
      try {
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
    [venues, queryClient, goTo],
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

  const results = useMemo(
    () => venuesForSearch(venues, mapData.searchedCoordinates, mapData.radius),
    [venues, mapData.searchedCoordinates, mapData.radius],
  );

  const header = mapData.isSearching
    ? CENTRE_TEXTS.searching
    : !mapData.searchedCoordinates
      ? CENTRE_TEXTS.prompt
      : results.length === 0
        ? CENTRE_TEXTS.noVenuesFound
        : CENTRE_TEXTS.showingResults(mapData.radius);

  return { mapData, results, header, search, locateUser, searchArea, setRadius, clear };
}
