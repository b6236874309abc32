/** The waitlist domain's public functions: other services domains import only from here (decision 023). */
export { endWaitlistOfCancelledSession, leaveWaitlistsOnBooking } from './waitlist-service.ts';
