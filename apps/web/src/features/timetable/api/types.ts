import type {
  ActivitySession,
  timetableReply,
  WaitlistEntry as WireWaitlistEntry,
} from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type Session = Camel<ActivitySession>;
export type WireTimetable = z.infer<typeof timetableReply>['data'];
export type Timetable = Camel<WireTimetable>;
export type WaitlistEntry = Camel<WireWaitlistEntry>;
