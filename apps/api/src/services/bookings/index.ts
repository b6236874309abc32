/** The bookings domain's public functions: other services domains import only from here (decision 023). */
export { bookPlaces } from './book-places.ts';
export { selectBookingDetails } from './booking-service.ts';
export { cancelSessionBookings } from './cancel-booking.ts';
export { cancelRefundedBookings } from './cancel-refunded.ts';
export { notifyWaitlistOfFreedPlaces } from './freed-places.ts';
