import type { Client } from '../features/client/api/get-client';
import { kioskHomeHref } from '../lib/links';
import type { Modes } from '../lib/modes';
import type { SelectedVenue } from '../lib/selected-venue';
import type { SiteConfig } from '../lib/site-config';

/** 'Buy a membership': the selected centre on the join site, or its start in kiosk mode / with no venue. */
export const buyMembershipPath = (modes: Modes, venue: SelectedVenue | null): string =>
  modes.kioskCentre !== null || !venue ? '/' : `/centre/${encodeURIComponent(venue.slug)}`;

export const kioskHome = (config: SiteConfig, modes: Modes, client: Client | undefined): string | null =>
  modes.kioskCentre === null ? null : kioskHomeHref(config, client?.kioskHomeUrl ?? null, modes.kioskCentre);
