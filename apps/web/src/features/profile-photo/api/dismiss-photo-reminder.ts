import { dismissPhotoReminder } from '@fieldhouse/contract/routes/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';

/** PUT user/profile-photo/reminder {dismissed: true}. */
export function useDismissPhotoReminder() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => call(dismissPhotoReminder, { body: { dismissed: true } }),
    onSuccess: refreshUser,
  });
}
