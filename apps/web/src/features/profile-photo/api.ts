import type { profilePhotoReply } from '@fieldhouse/contract/account-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

/** The profile photo's calls (account-shell §7): upload, delete and dismissing the reminder. */

type WirePhoto = z.infer<typeof profilePhotoReply>['data'];

/** Any change to the photo reloads the user (its profilePhoto drives the dashboard). */
const useRefreshUser = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.user });
};

/** POST user/profile-photo multipart {photo}. */
export function useUploadProfilePhoto() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (photo: Blob) => {
      const form = new FormData();
      form.append('photo', photo, 'profile-photo.jpg');
      return api.post<WirePhoto>('user/profile-photo', form);
    },
    onSuccess: refreshUser,
  });
}

/** DELETE user/profile-photo. */
export function useDeleteProfilePhoto() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => api.delete<WirePhoto>('user/profile-photo'),
    onSuccess: refreshUser,
  });
}

/** PUT user/profile-photo/reminder {dismissed: true}. */
export function useDismissPhotoReminder() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: () => api.put('user/profile-photo/reminder', { dismissed: true }),
    onSuccess: refreshUser,
  });
}
