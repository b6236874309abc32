import { validatePasswordReset } from '@fieldhouse/contract/routes/auth';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const passwordResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'password-reset', token],
    queryFn: () => call(validatePasswordReset, { body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
