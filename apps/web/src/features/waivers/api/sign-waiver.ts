import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { waiverQueryOptions } from './get-waiver';
import { waiversKey } from './get-waivers';
import type { WireWaiver } from './types';

/** POST my-account/user/waivers/{slug}/sign: signs the latest version; the reply is the waiver as signed. */
export function useSignWaiver(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WireWaiver>(`my-account/user/waivers/${encodeURIComponent(slug)}/sign`),
    onSuccess: (waiver) => {
      queryClient.setQueryData(waiverQueryOptions(slug).queryKey, waiver);
      return queryClient.invalidateQueries({ queryKey: [...waiversKey, 'list'] });
    },
  });
}
