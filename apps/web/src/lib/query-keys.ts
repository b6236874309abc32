/**
 * Query keys shared across features (features never import each other, so keys that one feature
 * invalidates for another live here). Logout removes every key outside 'auth' and 'public'.
 */
export const queryKeys = {
  user: ['auth', 'user'] as const,
  cart: ['cart'] as const,
  /** Prefix of every timetable and session query (the member's own facts too). */
  sessions: ['sessions'] as const,
  /** The timetable, the same for everyone (decision 061). */
  timetable: (slug: string, from: string, to: string) => ['sessions', 'timetable', slug, from, to] as const,
  /** Prefix of the logged-in member's own facts over timetable ranges: what changes them invalidates it. */
  myTimetables: ['sessions', 'mine'] as const,
  myTimetable: (slug: string, from: string, to: string, viewer: number) =>
    ['sessions', 'mine', slug, from, to, viewer] as const,
  session: (id: number, viewer: number | null) => ['sessions', 'detail', id, viewer ?? 'guest'] as const,
  /** Prefix of every bookings query (upcoming, previous): the dashboard shares it. */
  bookings: ['bookings'] as const,
  waitlist: ['waitlist'] as const,
  /** Prefix of the credit balance and credit history (a cancelled booking's credit reloads them). */
  credit: ['credit'] as const,
  creditBalance: ['credit', 'balance'] as const,
  creditTransactions: (type: 'added' | 'spent') => ['credit', 'transactions', type] as const,
  savedCards: ['saved-cards'] as const,
  penalties: ['penalties'] as const,
  directDebit: ['direct-debit'] as const,
  terms: (cartId: number) => ['terms', cartId] as const,
  order: (orderId: number) => ['orders', orderId] as const,
  orders: (from: string | null, to: string | null, page: number) =>
    ['orders', 'list', from ?? '', to ?? '', page] as const,
  /** Prefix of every guest-pass query (list pages, one pass, allowances). */
  guestPasses: ['guest-passes'] as const,
  guestPassPage: (userId: number, page: number) => ['guest-passes', userId, 'page', page] as const,
  guestPass: (userId: number, id: number) => ['guest-passes', userId, 'detail', id] as const,
  guestPassAllowances: (userId: number) => ['guest-passes', userId, 'allowances'] as const,
  venues: ['public', 'venues'] as const,
  /** The account's memberships (a membership bought at checkout reloads them). */
  accountMemberships: ['account-memberships'] as const,
};
