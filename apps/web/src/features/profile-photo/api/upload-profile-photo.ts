import type { profilePhotoReply } from '@fieldhouse/contract/account-profile';
import { uploadProfilePhoto } from '@fieldhouse/contract/routes/account';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api/client';
import { useRefreshUser } from './refresh-user';

/** The profile photo's calls (account-shell §7): upload, delete and dismissing the reminder. */

export type WirePhoto = z.infer<typeof profilePhotoReply>['data'];

/** POST user/profile-photo multipart {photo}. */
export function useUploadProfilePhoto() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (photo: Blob) =>
      call(uploadProfilePhoto, {
        upload: { photo: new File([photo], 'profile-photo.jpg', { type: photo.type || 'image/jpeg' }) },
      }),
    onSuccess: refreshUser,
  });
}
