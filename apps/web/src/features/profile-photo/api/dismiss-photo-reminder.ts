import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';

/** PUT user/profile-photo/reminder {dismissed: true}. */
export function useDismissPhotoReminder() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => api.put('user/profile-photo/reminder', { dismissed: true }),
    onSuccess: refreshUser,
  });
}
