/** Texts of the staff console's front desk and registers (the spec names no staff side; these follow its tone). */
export const DESK_TEXTS = {
  searchTooShort: 'Please enter at least 2 characters to search',
  customerNotFound: 'No customer was found',
  venueNotFound: 'That venue is not one you work at',
  guestPassNotFound: 'No guest pass with that code was found at your venues',
  guestPassCodeRequired: 'Please enter the guest pass code',
  guestPassRedeemed: 'This guest pass was already redeemed on {date}',
  guestPassExpired: 'This guest pass expired on {date}',
  guestPassWrongVenue: 'This guest pass is for {venue}, not {desk}',
  sessionNotFound: 'No session was found at your venues',
  bookingNotFound: 'No booking of this session was found',
  registerNotOpen: 'The register opens on the day of the session',
  dateFormat: 'Please give the date as YYYY-MM-DD',
} as const;
