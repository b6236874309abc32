import type {
  BillingDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderContext,
} from '../src/services/payments/provider.ts';

/** Wraps the payment provider to count what reaches it. */
export function countingProvider() {
  const calls = { charge: 0, confirm: 0, refund: 0, forget: [] as string[], succeeded: [] as string[] };
  const wrap = (inner: PaymentProvider): PaymentProvider => ({
    name: `counting ${inner.name}`,
    async charge(request: ChargeRequest, context) {
      calls.charge++;
      const result: ChargeResult = await inner.charge(request, context);
      if (result.status === 'succeeded') calls.succeeded.push(result.chargeId);
      return result;
    },
    async confirm(intentId, expected, context) {
      calls.confirm++;
      const result = await inner.confirm(intentId, expected, context);
      if (result.status === 'succeeded') calls.succeeded.push(result.chargeId);
      return result;
    },
    async refund(chargeId, amount, key, context) {
      calls.refund++;
      return inner.refund(chargeId, amount, key, context);
    },
    async forgetCard(savedCardRef, context) {
      calls.forget.push(savedCardRef);
      return inner.forgetCard(savedCardRef, context);
    },
    ...(inner.updateCardBilling
      ? {
          updateCardBilling: (savedCardRef: string, billing: BillingDetails, context?: ProviderContext) =>
            inner.updateCardBilling!(savedCardRef, billing, context),
        }
      : {}),
  });
  return { calls, wrap };
}
