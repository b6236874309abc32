/** The mail domain's public functions: other services domains import only from here (decision 023). */
export { staffDecisionMail } from './decision-mails.ts';
export {
  type MarketingRecipient,
  queueMarketingMail,
  UNSUBSCRIBE_PATH,
  unsubscribeLink,
  verifyUnsubscribeToken,
} from './marketing.ts';
export { queueMail } from './outbox.ts';
export { sessionChangedMail, sessionChoiceCancelledMail } from './programme-mails.ts';
export { orderRefundedMail } from './refund-mails.ts';
export { staffPasswordLinkMail } from './staff-mails.ts';
export {
  accountInviteMail,
  bookingConfirmationMail,
  directDebitMandateMail,
  documentExpiryReminderMail,
  emailChangedMail,
  failedCollectionMail,
  guestPassMail,
  passwordResetMail,
  sessionCancelledMail,
  waitlistPlaceFreeMail,
  welcomeMail,
} from './templates.ts';
