import { lazy, Suspense, useState } from 'react';
import type { User } from '../../../../features/auth/api/get-user';
import { ProfileAvatar } from '../../../../features/profile-photo/components/profile-avatar';
import { Button } from '../../../../ui/button';

// The modal (react-aria) loads on first use; its camera and cropper load later still.
const ProfilePhotoModal = lazy(() =>
  import('../../../../features/profile-photo/components/profile-photo-modal').then((m) => ({
    default: m.ProfilePhotoModal,
  })),
);

/** The dashboard's photo (or initials) and, when the account may have one, the button to change it. */
export function ProfilePhoto({ user }: { user: User }) {
  const [isOpen, setOpen] = useState(false);
  const photo = user.profilePhoto;
  const isAllowed = photo.authorisation.allowed;
  const url = isAllowed && photo.isSet ? photo.url : null;
  return (
    <div className="profile-photo">
      <ProfileAvatar firstName={user.firstName} lastName={user.lastName} url={url} />
      {isAllowed && (
        <Button variant="text" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {photo.isSet ? 'Change photo' : 'Add photo'}
        </Button>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <ProfilePhotoModal isPhotoSet={photo.isSet} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
