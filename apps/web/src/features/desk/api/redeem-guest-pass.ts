import { redeemDeskGuestPass } from '@fieldhouse/contract/routes/staff-desk';
import type { redeemGuestPassReply } from '@fieldhouse/contract/staff-desk';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type RedeemedGuestPass = Camel<z.infer<typeof redeemGuestPassReply>['data']>;

/** POST staff/desk/guest-passes/redeem; with the desk's venue, a pass for another venue is refused (422). */
export const useRedeemGuestPass = () =>
  useMutation({
    mutationFn: (input: { code: string; venueId?: number }) => call(redeemDeskGuestPass, { body: input }),
  });
