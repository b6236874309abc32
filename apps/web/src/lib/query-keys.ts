/**
 * Query keys shared across features (features never import each other, so keys that one feature
 * invalidates for another live here). Logout removes every key outside 'auth' and 'public'.
 */
export const queryKeys = {
  user: ['auth', 'user'] as const,
  cart: ['cart'] as const,
  /** Prefix of every timetable and session query. */
  sessions: ['sessions'] as const,
  timetable: (slug: string, from: string, to: string, viewer: number | null) =>
    ['sessions', 'timetable', slug, from, to, viewer ?? 'guest'] as const,
  session: (id: number, viewer: number | null) => ['sessions', 'detail', id, viewer ?? 'guest'] as const,
  /** Prefix of every bookings query (upcoming, previous): the dashboard shares it. */
  bookings: ['bookings'] as const,
  waitlist: ['waitlist'] as const,
  credit: ['credit'] as const,
  savedCards: ['saved-cards'] as const,
  terms: (cartId: number) => ['terms', cartId] as const,
  order: (orderId: number) => ['orders', orderId] as const,
};
