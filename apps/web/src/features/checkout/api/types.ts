import type { CheckoutBody, checkoutReply, termsItem } from '@fieldhouse/contract';
import type { z } from 'zod';
import type { Camel } from '../../../lib/api/client';

export type TermsItem = Camel<z.infer<typeof termsItem>>;
export type CheckoutRequest = Camel<CheckoutBody>;
export type WireCheckoutReply = z.infer<typeof checkoutReply>['data'];
export type CheckoutReply = Camel<WireCheckoutReply>;
