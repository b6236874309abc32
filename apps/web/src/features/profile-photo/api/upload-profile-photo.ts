import type { profilePhotoReply } from '@fieldhouse/contract/account-profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';

/** The profile photo's calls (account-shell §7): upload, delete and dismissing the reminder. */

export type WirePhoto = z.infer<typeof profilePhotoReply>['data'];

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
