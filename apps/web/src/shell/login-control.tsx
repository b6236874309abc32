import { getSiteConfig, type MemberSite } from '../lib/site-config';
import { buttonClass } from '../ui/button';
import { openLoginModal } from './login-modal-store';
import { SiteLink } from './site-link';

/** 'Log in': a modal on the bookings site, the /login page elsewhere (spec §2 Access guards). */
export function LoginControl({ onBeforeOpen, className }: { onBeforeOpen?: () => void; className?: string }) {
  if (getSiteConfig().site === 'bookings')
    return (
      <button
        type="button"
        className={className ?? buttonClass('secondary')}
        onClick={() => {
          onBeforeOpen?.();
          openLoginModal();
        }}
      >
        Log in
      </button>
    );
  // A member site's control (the staff console has its own login page and never shows this one).
  return (
    <SiteLink
      site={getSiteConfig().site as MemberSite}
      to="/login"
      className={className ?? buttonClass('secondary')}
    >
      Log in
    </SiteLink>
  );
}
