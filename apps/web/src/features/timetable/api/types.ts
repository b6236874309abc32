import type {
  ActivitySession,
  MySessionFacts,
  myTimetableReply,
  timetableReply,
  WaitlistEntry as WireWaitlistEntry,
} from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type Session = Camel<ActivitySession>;
export type WireTimetable = z.infer<typeof timetableReply>['data'];
export type Timetable = Camel<WireTimetable>;
/** One session's facts for the logged-in member (state, basket, waitlist place). */
export type MyFacts = Camel<MySessionFacts>;
export type MyTimetable = Camel<z.infer<typeof myTimetableReply>['data']>;
export type WaitlistEntry = Camel<WireWaitlistEntry>;
