import { useState } from 'react';
import type { User } from '../../../../features/auth/api';
import { Notice } from '../../../../ui/notice';

const storageKey = (userId: number) => `fh-photo-reminder-dismissed-${userId}`;

/** 'Add a profile photo to your account!' – dismissal is remembered in this browser for now. */
export function ProfilePhotoReminder({ user }: { user: User }) {
  const [isDismissed, setDismissed] = useState(() => localStorage.getItem(storageKey(user.id)) === '1');
  const photo = user.profilePhoto;
  if (!photo.authorisation.allowed || photo.isSet || photo.reminder.dismissed || isDismissed) return null;
  return (
    <Notice tone="info">
      <div className="notice__row">
        <p>Add a profile photo to your account!</p>
        <button
          type="button"
          className="btn btn--text"
          aria-label="Dismiss profile photo reminder"
          onClick={() => {
            localStorage.setItem(storageKey(user.id), '1');
            setDismissed(true);
          }}
        >
          Dismiss
        </button>
      </div>
    </Notice>
  );
}
