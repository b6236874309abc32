import { signWaiver } from '@fieldhouse/contract/routes/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { waiverQueryOptions } from './get-waiver';
import { waiversKey } from './get-waivers';

/** POST my-account/user/waivers/{slug}/sign: signs the latest version; the reply is the waiver as signed. */
export function useSignWaiver(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(signWaiver, { params: { slug } }),
    onSuccess: (waiver) => {
      queryClient.setQueryData(waiverQueryOptions(slug).queryKey, waiver);
      return queryClient.invalidateQueries({ queryKey: [...waiversKey, 'list'] });
    },
  });
}
