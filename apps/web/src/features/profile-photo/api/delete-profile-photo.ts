import { deleteProfilePhoto } from '@fieldhouse/contract/routes/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';

/** DELETE user/profile-photo. */
export function useDeleteProfilePhoto() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => call(deleteProfilePhoto),
    onSuccess: refreshUser,
  });
}
