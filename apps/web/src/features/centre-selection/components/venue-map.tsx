import 'maplibre-gl/dist/maplibre-gl.css';
import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import MapGL, {
  AttributionControl,
  Layer,
  type MapLayerMouseEvent,
  type MapRef,
  Marker,
  NavigationControl,
  Source,
} from 'react-map-gl/maplibre';
import { type VenuePin, venuePinsQueryOptions } from '../../../api/get-venue-pins';
import { getSiteConfig } from '../../../lib/site-config';
import type { LatLng } from '../rules/geo';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  CLUSTER_ZOOM_DURATION_MS,
  DEFAULT_CENTRE,
  DEFAULT_ZOOM,
  FIT_BOUNDS_PADDING,
  FLY_TO_DURATION_MS,
  FLY_TO_ZOOM,
  METRES_PER_MILE,
  NARROW_MEDIA_QUERY,
  NARROW_VIEW,
  OUTLINE_MAX_ZOOM,
  SEARCH_AREA_MIN_ZOOM,
} from '../rules/map-constants';
import { CENTRE_TEXTS } from '../texts';
import outlineUrl from '../uk-outline.geojson?url';

maplibregl.setWorkerUrl(workerUrl);

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * The offline basemap: sea, the UK and Ireland land outline (Natural Earth, shipped with the app) and
 * its coastline. No tiles and no glyphs, so the map makes no request outside this origin.
 */
const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: { land: { type: 'geojson', data: outlineUrl, attribution: 'Natural Earth' } },
  layers: [
    { id: 'sea', type: 'background', paint: { 'background-color': '#cfe3ef' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f4f1ea' } },
    { id: 'coastline', type: 'line', source: 'land', paint: { 'line-color': '#8aa6b8', 'line-width': 1 } },
  ],
};

/** Phones and wide screens centre on the UK (joining §9); a narrow map uses the narrow view. */
export function initialViewFor(isPhone: boolean, matchMedia = window.matchMedia.bind(window)) {
  if (!isPhone && matchMedia(NARROW_MEDIA_QUERY).matches)
    return { latitude: NARROW_VIEW.lat, longitude: NARROW_VIEW.lng, zoom: NARROW_VIEW.zoom };
  return {
    latitude: DEFAULT_CENTRE.lat,
    longitude: DEFAULT_CENTRE.lng,
    zoom: isPhone ? DEFAULT_ZOOM.phone : DEFAULT_ZOOM.other,
  };
}

export interface VenueMapProps {
  isPhone: boolean;
  flyToLocation: (LatLng & { key: number }) | null;
  /** The searched point and radius: the map fits the radius circle when the radius changes. */
  searchedCoordinates: LatLng | null;
  radius: number;
  onSelectVenue: (venue: VenuePin) => void;
  onSearchArea: (point: LatLng) => void;
  /** Called once the map has drawn (screenshots and tests wait for it). */
  onIdle?: () => void;
}

const NO_PINS: VenuePin[] = [];

/**
 * The centre map (loaded lazily): clustered venue pins over the offline basemap. The pins are their own small
 * shared reply (decision 069), asked for only when the map is shown.
 */
export default function VenueMap({
  isPhone,
  flyToLocation,
  searchedCoordinates,
  radius,
  onSelectVenue,
  onSearchArea,
  onIdle,
}: VenueMapProps) {
  const mapRef = useRef<MapRef>(null);
  const venues = useQuery(venuePinsQueryOptions).data ?? NO_PINS;
  // No tile style: the shipped outline only, so never zoom past what it can show, and label pins with towns.
  const styleUrl = getSiteConfig().mapStyleUrl;
  const isOutline = !styleUrl;
  const maxZoom = isOutline ? OUTLINE_MAX_ZOOM : CLUSTER_MAX_ZOOM + 2;
  const flyZoom = Math.min(isPhone ? FLY_TO_ZOOM.phone : FLY_TO_ZOOM.other, maxZoom);
  // Opened after a search (the phone's 'Map' toggle): start where the search flew to, not on the whole UK.
  const [initialView] = useState(() =>
    flyToLocation
      ? {
          latitude: flyToLocation.lat,
          longitude: flyToLocation.lng,
          zoom: flyZoom,
        }
      : initialViewFor(isPhone),
  );
  const flownTo = useRef(flyToLocation?.key);
  const [zoom, setZoom] = useState<number>(initialView.zoom);
  const [isIdle, setIsIdle] = useState(false);
  const [clusters, setClusters] = useState<{ id: number; count: number; lng: number; lat: number }[]>([]);
  const [pinLabels, setPinLabels] = useState<{ id: number; town: string; lng: number; lat: number }[]>([]);

  /** Cluster counts are HTML markers: the offline style has no glyphs for symbol layers. */
  const updateClusters = () => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Map<number, { id: number; count: number; lng: number; lat: number }>();
    for (const feature of map.querySourceFeatures('venues', { filter: ['has', 'point_count'] })) {
      const id = Number(feature.properties.cluster_id);
      const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
      seen.set(id, { id, count: Number(feature.properties.point_count), lng, lat });
    }
    setClusters([...seen.values()]);
    if (!isOutline) return;
    // Town names under single pins (HTML too: the outline style has no glyphs).
    const labels = new Map<number, { id: number; town: string; lng: number; lat: number }>();
    for (const feature of map.querySourceFeatures('venues', { filter: ['!', ['has', 'point_count']] })) {
      const id = Number(feature.properties.id);
      const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
      labels.set(id, { id, town: String(feature.properties.town), lng, lat });
    }
    setPinLabels([...labels.values()]);
  };

  const points = useMemo<FeatureCollection<Point, { id: number; name: string; town: string }>>(
    () => ({
      type: 'FeatureCollection',
      features: venues.map((venue) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [venue.lng, venue.lat] },
        properties: { id: venue.id, name: venue.name, town: venue.town },
      })),
    }),
    [venues],
  );

  /** The searched point's radius as a 64-sided polygon, so a zoomed-in basemap still shows the search area. */
  const searchArea = useMemo<FeatureCollection>(() => {
    if (!searchedCoordinates) return { type: 'FeatureCollection', features: [] };
    const { lat, lng } = searchedCoordinates;
    const dLat = (radius * METRES_PER_MILE) / METRES_PER_DEGREE_LAT;
    const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const ring = Array.from({ length: 65 }, (_, i) => {
      const angle = (i / 64) * 2 * Math.PI;
      return [lng + dLng * Math.cos(angle), lat + dLat * Math.sin(angle)];
    });
    return {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [lng, lat] } },
      ],
    };
  }, [searchedCoordinates, radius]);

  useEffect(() => {
    if (!flyToLocation || flyToLocation.key === flownTo.current) return;
    flownTo.current = flyToLocation.key;
    mapRef.current?.flyTo({
      center: [flyToLocation.lng, flyToLocation.lat],
      zoom: flyZoom,
      duration: FLY_TO_DURATION_MS,
    });
  }, [flyToLocation, flyZoom]);

  const lastRadius = useRef(radius);
  useEffect(() => {
    if (lastRadius.current === radius || !searchedCoordinates) return;
    lastRadius.current = radius;
    const { lat, lng } = searchedCoordinates;
    const dLat = (radius * METRES_PER_MILE) / METRES_PER_DEGREE_LAT;
    const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    mapRef.current?.fitBounds(
      [
        [lng - dLng, lat - dLat],
        [lng + dLng, lat + dLat],
      ],
      { padding: FIT_BOUNDS_PADDING, duration: FLY_TO_DURATION_MS },
    );
  }, [radius, searchedCoordinates]);

  const onClick = async (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const map = mapRef.current;
    if (!feature || !map) return;
    const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
    if (feature.layer.id === 'clusters') {
      const source = map.getSource('venues') as GeoJSONSource | undefined;
      const clusterZoom = await source?.getClusterExpansionZoom(Number(feature.properties.cluster_id));
      if (clusterZoom !== undefined)
        map.easeTo({ center: [lng, lat], zoom: clusterZoom, duration: CLUSTER_ZOOM_DURATION_MS });
      return;
    }
    const venue = venues.find((v) => v.id === Number(feature.properties.id));
    if (venue) onSelectVenue(venue);
  };

  const searchMapCentre = () => {
    const centre = mapRef.current?.getCenter();
    if (centre) onSearchArea({ lat: centre.lat, lng: centre.lng });
  };

  return (
    <div
      className="centre-map"
      data-idle={isIdle || undefined}
      data-zoom={zoom.toFixed(2)}
      data-max-zoom={maxZoom}
    >
      <MapGL
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={{ ...initialView, zoom: Math.min(initialView.zoom, maxZoom) }}
        maxZoom={maxZoom}
        mapStyle={styleUrl ?? OFFLINE_STYLE}
        attributionControl={false}
        interactiveLayerIds={['clusters', 'venue-pins']}
        cursor="auto"
        onClick={onClick}
        onZoom={(event) => setZoom(event.viewState.zoom)}
        onIdle={() => {
          updateClusters();
          setIsIdle(true);
          onIdle?.();
        }}
        onMoveStart={() => setIsIdle(false)}
        onMoveEnd={updateClusters}
      >
        {clusters.map((cluster) => (
          <Marker
            key={cluster.id}
            longitude={cluster.lng}
            latitude={cluster.lat}
            style={{ pointerEvents: 'none' }}
          >
            <span className="centre-map__count" aria-hidden="true">
              {cluster.count}
            </span>
          </Marker>
        ))}
        {pinLabels.map((pin) => (
          <Marker
            key={pin.id}
            longitude={pin.lng}
            latitude={pin.lat}
            anchor="top"
            offset={[0, 13]}
            style={{ pointerEvents: 'none' }}
          >
            <span className="centre-map__label" aria-hidden="true">
              {pin.town}
            </span>
          </Marker>
        ))}
        <NavigationControl position="top-right" showCompass={false} />
        <AttributionControl compact position="bottom-right" />
        <Source id="search-area" type="geojson" data={searchArea}>
          <Layer
            id="search-radius"
            type="fill"
            filter={['==', ['geometry-type'], 'Polygon']}
            paint={{ 'fill-color': '#1f4e79', 'fill-opacity': 0.08 }}
          />
          <Layer
            id="search-radius-edge"
            type="line"
            filter={['==', ['geometry-type'], 'Polygon']}
            paint={{ 'line-color': '#1f4e79', 'line-width': 1.5, 'line-dasharray': [2, 2] }}
          />
          <Layer
            id="searched-point"
            type="circle"
            filter={['==', ['geometry-type'], 'Point']}
            paint={{
              'circle-color': '#1f4e79',
              'circle-radius': 5,
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
        <Source
          id="venues"
          type="geojson"
          data={points}
          cluster
          clusterRadius={CLUSTER_RADIUS}
          clusterMaxZoom={CLUSTER_MAX_ZOOM}
          maxzoom={CLUSTER_MAX_ZOOM + 2}
        >
          <Layer
            id="clusters"
            type="circle"
            filter={['has', 'point_count']}
            paint={{
              'circle-color': '#1f4e79',
              'circle-opacity': 0.85,
              'circle-radius': ['step', ['get', 'point_count'], 14, 3, 18, 6, 22],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 3,
            }}
          />
          <Layer
            id="venue-pins"
            type="circle"
            filter={['!', ['has', 'point_count']]}
            paint={{
              'circle-color': '#d2452b',
              'circle-radius': 8,
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
      </MapGL>
      {zoom > SEARCH_AREA_MIN_ZOOM && (
        <button
          type="button"
          className="btn btn--secondary centre-map__search-area"
          onClick={searchMapCentre}
        >
          {CENTRE_TEXTS.searchThisArea}
        </button>
      )}
    </div>
  );
}
