import { VENUE_COOKIE } from '@fieldhouse/contract/texts/common';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';
import { getSiteConfig } from './site-config';

/** The venue-selection cookie `fh_venue` (JSON { id, slug, name }), shared by all sites. */
export interface SelectedVenue {
  id: number;
  slug: string;
  name: string;
}

export function readSelectedVenue(): SelectedVenue | null {
  const raw = readCookie(VENUE_COOKIE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedVenue>;
    if (typeof value?.slug !== 'string' || !value.slug) return null;
    return { id: Number(value.id), slug: value.slug, name: String(value.name ?? value.slug) };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let snapshot = typeof document === 'undefined' ? null : readSelectedVenue();

export function selectVenue(venue: SelectedVenue): void {
  writeCookie(VENUE_COOKIE, JSON.stringify({ id: venue.id, slug: venue.slug, name: venue.name }), {
    domain: getSiteConfig().cookieDomain,
  });
  snapshot = readSelectedVenue();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSelectedVenue = (): SelectedVenue | null => useSyncExternalStore(subscribe, () => snapshot);
