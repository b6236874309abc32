import type { promoValidationReply } from '@fieldhouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Data } from './keys';

/** GET v1/membership-promotions/validate/:code/:paymentOptionId: { code, id } or 422 'Code not recognised'. */
export const useValidatePromoCode = () =>
  useMutation({
    mutationFn: ({ code, paymentOptionId }: { code: string; paymentOptionId: number }) =>
      api.get<Data<typeof promoValidationReply>>(
        `v1/membership-promotions/validate/${encodeURIComponent(code.trim())}/${paymentOptionId}`,
      ),
  });
