import type { waiverReply, waiversReply } from '@fieldhouse/contract/account-profile';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

/** Query options and the signing mutation of the account's waivers (joining §7 Waiver, Waivers list). */

export type WireWaivers = z.infer<typeof waiversReply>['data'];
export type WireWaiver = z.infer<typeof waiverReply>['data'];
export type WaiverEntry = Camel<WireWaivers>[number];
export type WaiverSignature = WaiverEntry['waivers'][number];
export type Waiver = Camel<WireWaiver>;
export type WaiverQuestion = WaiverSignature['questions'][number];
