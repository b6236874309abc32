import type { sandboxTokenBody, sandboxTokenReply } from '@fieldhouse/contract';
import type { z } from 'zod';
import { api, type Camel } from '../lib/api/client';

/** Card and billing details as the provider takes them (contract sandboxTokenBody). */
export type CardDetails = Camel<z.input<typeof sandboxTokenBody>>;
export type WireToken = z.infer<typeof sandboxTokenReply>['data'];

/**
 * POST payments/sandbox/tokens: the sandbox provider's stand-in for a provider's card SDK. Used by the member
 * checkout and by the desk's card payment.
 */
export const tokeniseCard = (card: CardDetails) => api.post<WireToken>('payments/sandbox/tokens', card);
