import type {
  cancelBookingsReply,
  Booking as WireBooking,
  WaitlistEntry as WireWaitlistEntry,
} from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type Booking = Camel<WireBooking>;
export type WaitlistEntry = Camel<WireWaitlistEntry>;
export type WireCancelReply = z.infer<typeof cancelBookingsReply>['data'];
