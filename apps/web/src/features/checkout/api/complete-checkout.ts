import type { CheckoutBody, checkoutReply } from '@fieldhouse/contract';
import {
  completeCheckout as completeCheckoutRoute,
  frontOfHouseCheckout,
} from '@fieldhouse/contract/routes/checkout';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type CheckoutRequest = Camel<CheckoutBody>;
export type CheckoutReply = Camel<z.infer<typeof checkoutReply>['data']>;

/** POST checkout/complete (online, kiosk) or POST pay (front-of-house). */
export const completeCheckout = (body: CheckoutRequest) =>
  call(body.source === 'front-of-house' ? frontOfHouseCheckout : completeCheckoutRoute, { body });
