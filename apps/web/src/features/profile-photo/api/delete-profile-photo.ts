import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';
import type { WirePhoto } from './upload-profile-photo';

/** DELETE user/profile-photo. */
export function useDeleteProfilePhoto() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => api.delete<WirePhoto>('user/profile-photo'),
    onSuccess: refreshUser,
  });
}
