import { createWalkIn } from '@fieldhouse/contract/routes/staff-members';
import type { WalkInBody } from '@fieldhouse/contract/staff-members';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { toCamel } from '../../../lib/case-codec';

/** POST staff/members: a walk-in customer at one of the staff member's venues (optionally invited by mail). */
export const useCreateWalkIn = () =>
  useMutation({ mutationFn: (values: WalkInBody) => call(createWalkIn, { body: toCamel(values) }) });
