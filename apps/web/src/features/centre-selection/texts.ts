/** Centre selection texts (joining spec §2 and §8). */
export const CENTRE_TEXTS = {
  title: 'Choose your home centre',
  searchLabel: 'Search town, postcode or centre name',
  /** Phones: the map opens on demand (its code loads then). */
  mapToggle: 'Map',
  useMyLocation: 'Use my location',
  or: 'or',
  radius: 'Radius',
  clearSearch: 'Clear search',
  searchThisArea: 'Search this area',
  noVenuesFound: 'No venues found',
  /** Offered under 'No venues found', each with its distance. */
  nearestCentres: 'Nearest centres',
  showingResults: (miles: number) =>
    `Showing results within ${miles} miles of your location or the first centre name`,
  searching: 'Searching...',
  prompt: 'Search or click on a map pin to view centre details',
  cannotFindLocation: 'Cannot find location, please try again.',
  locationDenied: 'Failed to use your location, please allow location access and try again',
  locationFailed: 'Failed to use your location, please try again',
  changeLocation: 'Change location',
  continue: 'Continue',
  noCentresFound: 'No centres found',
} as const;
