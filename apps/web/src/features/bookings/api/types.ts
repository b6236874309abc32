import type { Booking as WireBooking, WaitlistEntry as WireWaitlistEntry } from '@fieldhouse/contract';
import type { Camel } from '../../../lib/api/client';

export type Booking = Camel<WireBooking>;
export type WaitlistEntry = Camel<WireWaitlistEntry>;
