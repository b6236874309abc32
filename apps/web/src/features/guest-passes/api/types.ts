import type {
  createGuestPassBody,
  guestPassesReply,
  GuestPass as WireGuestPass,
  GuestPassAllowance as WireGuestPassAllowance,
} from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type GuestPass = Camel<WireGuestPass>;
export type GuestPassAllowance = Camel<WireGuestPassAllowance>;
export type GuestPassPage = Camel<z.infer<typeof guestPassesReply>['data']>;
export type NewGuestPass = Camel<z.input<typeof createGuestPassBody>['data']>;
