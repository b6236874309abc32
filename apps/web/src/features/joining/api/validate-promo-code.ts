import { validatePromoCode } from '@fieldhouse/contract/routes/joining';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** GET v1/membership-promotions/validate/:code/:paymentOptionId: { code, id } or 422 'Code not recognised'. */
export const useValidatePromoCode = () =>
  useMutation({
    mutationFn: ({ code, paymentOptionId }: { code: string; paymentOptionId: number }) =>
      call(validatePromoCode, { params: { code: code.trim(), paymentOptionId } }),
  });
