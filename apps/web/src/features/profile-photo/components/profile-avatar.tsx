import { initialsOf } from '../rules/photo-rules';

export interface ProfileAvatarProps {
  firstName: string;
  lastName: string;
  /** The photo's address when one is set. */
  url: string | null;
}

/** The profile photo, or the initials when there is none. */
export function ProfileAvatar({ firstName, lastName, url }: ProfileAvatarProps) {
  if (url)
    return <img className="avatar" src={url} alt={`${firstName} ${lastName}`} width={80} height={80} />;
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  );
}
