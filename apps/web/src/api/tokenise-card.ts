import type { sandboxTokenBody } from '@fieldhouse/contract';
import { createSandboxToken } from '@fieldhouse/contract/routes/payments';
import type { z } from 'zod';
import { type Camel, call } from '../lib/api/client';

/** Card and billing details as the provider takes them (contract sandboxTokenBody). */
export type CardDetails = Camel<z.input<typeof sandboxTokenBody>>;

/**
 * POST payments/sandbox/tokens: the sandbox provider's stand-in for a provider's card SDK. Used by the member
 * checkout and by the desk's card payment.
 */
export const tokeniseCard = (card: CardDetails) => call(createSandboxToken, { body: card });
