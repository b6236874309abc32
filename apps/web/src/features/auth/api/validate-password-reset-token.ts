import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const passwordResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'password-reset', token],
    queryFn: () => api.post<{ valid: true; email: string }>('auth/password-reset/validate', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
