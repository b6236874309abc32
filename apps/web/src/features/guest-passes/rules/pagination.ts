import { formatDateTime } from '../../../lib/format';

// The page maths are shared with other paged lists.
export {
  hasNextPage,
  hasPreviousPage,
  type PaginationLike,
  pageFromSearch,
  paginationText,
} from '../../../lib/pagination';

/** Guest pass dates: 'D MMM YYYY at HH:mm', venue-local; '-' when there is none. */
export const guestPassDate = (instant: string | null | undefined): string =>
  instant ? formatDateTime(instant) : '-';
