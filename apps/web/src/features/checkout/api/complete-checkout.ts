import { api } from '../../../lib/api/client';
import type { CheckoutRequest, WireCheckoutReply } from './types';

/** POST checkout/complete (online, kiosk) or POST pay (front-of-house). */
export const completeCheckout = (body: CheckoutRequest) =>
  api.post<WireCheckoutReply>(body.source === 'front-of-house' ? 'pay' : 'checkout/complete', body);
