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
  /** The 409 of a check-in the desk refuses without an override: the reasons follow, joined by '; '. */
  checkInRefused: 'Cannot enter: {reasons}',
  checkInOverrideRequired: 'Please give the reason for letting them in',
  checkInOverrideTooLong: 'The reason can be at most 300 characters',
} as const;

/**
 * Check-in with entitlement (issue 36, item 4; decision 071). A booked session at the desk's venue lets a member in
 * from this many minutes before it starts until it ends.
 */
export const CHECK_IN_BOOKING_EARLY_MINUTES = 30;
/** An override reason is at most this many characters (trimmed; at least one). */
export const CHECK_IN_OVERRIDE_MAX_LENGTH = 300;

/**
 * Why the desk says a member cannot enter, by reason code ({name}: the membership type, {date}: a venue-local
 * date such as '25 November 2026', {venue}: the desk's venue, {amount}: pounds). The codes are the wire's and the
 * check-in row's (check_ins.reasons).
 */
export const CHECK_IN_REASON_TEXTS = {
  no_membership: 'They have no membership',
  membership_not_started: '{name} starts on {date}',
  membership_ended: '{name} ended on {date}',
  membership_expired: '{name} has expired',
  membership_cancelled: '{name} was cancelled',
  membership_suspended: '{name} is suspended',
  membership_frozen: '{name} is frozen until {date}',
  membership_other_venue: '{name} does not cover {venue}',
  document_expired: 'Their proof of eligibility for {name} expired on {date}',
  unpaid_fees: 'They have unpaid fees of {amount}',
} as const;
export type CheckInReasonCode = keyof typeof CHECK_IN_REASON_TEXTS;
export const CHECK_IN_REASON_CODES = Object.keys(CHECK_IN_REASON_TEXTS) as CheckInReasonCode[];
