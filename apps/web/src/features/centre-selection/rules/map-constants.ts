/** Map and radius constants (joining spec §9). */
export const RADIUS_MIN_MILES = 1;
export const RADIUS_MAX_MILES = 10;
export const RADIUS_DEFAULT_MILES = 5;
export const METRES_PER_MILE = 1609.344;

export const DEFAULT_CENTRE = { lat: 53.59, lng: -2 } as const;
export const DEFAULT_ZOOM = { phone: 4.4, other: 5.5 } as const;
/** Between the phone and wide layouts the map is narrow: this view keeps Great Britain in frame. */
export const NARROW_VIEW = { lat: 54.8, lng: -2.75, zoom: 4.92 } as const;
export const NARROW_MEDIA_QUERY = '(min-width: 576px) and (max-width: 949px)';
export const FLY_TO_ZOOM = { phone: 10.3, other: 10.9 } as const;
export const FLY_TO_DURATION_MS = 2000;
export const CLUSTER_ZOOM_DURATION_MS = 1000;
export const CLUSTER_RADIUS = 22;
export const CLUSTER_MAX_ZOOM = 20;
/** 'Search this area' shows when the zoom is above this. */
export const SEARCH_AREA_MIN_ZOOM = 8;
export const FIT_BOUNDS_PADDING = 70;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/**
 * Without a configured tile style the map draws only the shipped UK outline (Natural Earth, coarse): it never
 * zooms in further than this, where the coastline still means something. Just above the 'Search this area' zoom
 * so that button stays reachable.
 */
export const OUTLINE_MAX_ZOOM = 8.5;
