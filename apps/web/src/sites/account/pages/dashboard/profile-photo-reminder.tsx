import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import type { User } from '../../../../features/auth/api/get-user';
import { useDismissPhotoReminder } from '../../../../features/profile-photo/api/dismiss-photo-reminder';
import { Notice } from '../../../../ui/notice';

/** 'Add a profile photo to your account!' while there is no photo; dismissing it is saved on the account. */
export function ProfilePhotoReminder({ user }: { user: User }) {
  const dismiss = useDismissPhotoReminder();
  const photo = user.profilePhoto;
  if (!photo.authorisation.allowed || photo.isSet || photo.reminder.dismissed || dismiss.isSuccess)
    return null;
  return (
    <Notice tone="info">
      <div className="notice__row">
        <p>{PROFILE_TEXTS.photoReminder}</p>
        <button
          type="button"
          className="btn btn--text"
          aria-label="Dismiss profile photo reminder"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          Dismiss
        </button>
      </div>
    </Notice>
  );
}
