/** The scheduled-changes domain's public functions: other modules import only from here (decision 023). */
export { COLLECTION_LEAD_DAYS, collectDuePayments } from './collections.ts';
export { remindExpiringDocuments } from './document-reminders.ts';
export { applyFreezes } from './freezes.ts';
export { expireGuestPasses } from './guest-pass-expiry.ts';
export {
  registerScheduledChanges,
  requestScheduledChanges,
  SCHEDULE_TIME_ZONE,
  SCHEDULED_CHANGES,
  type ScheduledChangeName,
} from './job.ts';
export { endMemberships } from './membership-ends.ts';
export { startMemberships } from './membership-starts.ts';
export { advancePaymentDates } from './payment-dates.ts';
export type { ScheduledChangeDeps } from './run.ts';
export { expireWaitlistEntries } from './waitlist-expiry.ts';
