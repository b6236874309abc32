import {
  completeCheckout as completeCheckoutRoute,
  frontOfHouseCheckout,
} from '@fieldhouse/contract/routes/checkout';
import { call } from '../../../lib/api/client';
import type { CheckoutRequest } from './types';

/** POST checkout/complete (online, kiosk) or POST pay (front-of-house). */
export const completeCheckout = (body: CheckoutRequest) =>
  call(body.source === 'front-of-house' ? frontOfHouseCheckout : completeCheckoutRoute, { body });
