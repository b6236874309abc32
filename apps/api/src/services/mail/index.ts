/** The mail domain's public functions: other services domains import only from here (decision 023). */
export { queueMail } from './outbox.ts';
export {
  bookingConfirmationMail,
  guestPassMail,
  passwordResetMail,
  waitlistPlaceFreeMail,
  welcomeMail,
} from './templates.ts';
