import { useId } from 'react';
import { Button } from '../../../ui/button';
import { openCookieSettings } from '../utils/cookie-settings';

/** Privacy (joining §2): shown only when the operator has a tag-manager id (the only source of extra cookies). */
export function PrivacySection() {
  const headingId = useId();
  return (
    <section className="card user-details-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Privacy</h2>
      <p>Review which optional analytics and marketing cookies this site may use.</p>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => openCookieSettings()}>
          Review Cookie settings
        </Button>
      </div>
    </section>
  );
}
