import { formatDateTime } from '../../lib/format';

/** Guest passes come 10 a page (account-shell §9), pages counted from 1. */
export const GUEST_PASS_PAGE_SIZE = 10;

// The page maths are shared with other paged lists.
export {
  hasNextPage,
  hasPreviousPage,
  type PaginationLike,
  pageFromSearch,
  paginationText,
} from '../../lib/pagination';

/** Guest pass dates: 'D MMM YYYY at HH:mm', venue-local; '-' when there is none. */
export const guestPassDate = (instant: string | null | undefined): string =>
  instant ? formatDateTime(instant) : '-';
