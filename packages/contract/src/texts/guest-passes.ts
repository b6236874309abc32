// The guest pass texts and page size, without zod: the web app imports this module at run time, so no chunk gains
// zod for a text. ../guest-passes.ts re-exports them with its schemas, which take them from here: one source for the
// web, the server and the schemas (decision 008). Keep value imports out of this file.

export const GUEST_PASS_PAGE_SIZE = 10;

export const GUEST_PASS_TEXTS = {
  sent: 'Guest pass sent successfully',
  selectVenue: 'Please select a venue',
  /** Under the venue field's label. */
  venueHint: "Type at least 3 letters of the venue's name, town or postcode",
  noAllowance: 'You have no guest passes left to send.',
  /** 422 under venue_id: none of the caller's allowances (with uses left) covers the venue. */
  venueNotCovered: 'Your guest passes cannot be used at this venue.',
} as const;
