/** The waitlist domain's public functions: other services domains import only from here (decision 023). */
export { leaveWaitlistsOnBooking } from './waitlist-service.ts';
