import { useState } from 'react';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * The customer's profile photo, so the desk can check who is standing there; their initials on a plain tile when
 * there is none (or it fails to load).
 */
export function CustomerPhoto({
  name,
  url,
  size = 'large',
}: {
  name: string;
  url: string | null;
  size?: 'small' | 'large';
}) {
  const [failed, setFailed] = useState(false);
  const className = `desk-photo desk-photo--${size}`;
  if (url && !failed) {
    return (
      <img
        className={className}
        src={url}
        alt={size === 'large' ? `Photo of ${name}` : ''}
        onError={() => setFailed(true)}
      />
    );
  }
  if (size === 'small') {
    return (
      <span className={`${className} desk-photo--none`} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return (
    <span className={`${className} desk-photo--none`} role="img" aria-label={`No photo of ${name}`}>
      {initials(name)}
    </span>
  );
}
