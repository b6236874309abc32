/** Venue search of the guest pass form (account-shell §2, §5): results only after MORE than 2 characters. */
export const VENUE_SEARCH_MIN_CHARS = 3;

export interface VenueOption {
  id: number;
  name: string;
  town?: string | null;
  postcode?: string | null;
}

/** Whether a venue matches what was typed: nothing until more than 2 characters, then name, town or postcode. */
export function matchesVenue(venue: VenueOption, input: string): boolean {
  const query = input.trim().toLowerCase();
  if (query.length < VENUE_SEARCH_MIN_CHARS) return false;
  return [venue.name, venue.town, venue.postcode].some((text) => text?.toLowerCase().includes(query));
}

export const searchVenues = <T extends VenueOption>(venues: readonly T[], input: string): T[] =>
  venues.filter((venue) => matchesVenue(venue, input));

/**
 * The venues a pass can be sent for: those the member's allowances cover (the server lists only allowances with
 * uses left), from the allowances themselves, by name; 'all' when an allowance has no venue list (it covers every
 * venue: the form then searches the server's venues, decision 069).
 */
export function sendableVenues(
  allowances: readonly { venues: readonly VenueOption[] }[],
): VenueOption[] | 'all' {
  if (allowances.length === 0) return [];
  if (allowances.some((a) => a.venues.length === 0)) return 'all';
  const covered = new Map(allowances.flatMap((a) => a.venues.map((v) => [v.id, v] as const)));
  return [...covered.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.id - b.id);
}
