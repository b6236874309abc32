import { exportMyData } from '@fieldhouse/contract/routes/member-data';
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { useId } from 'react';
import { buttonClass } from '../../../ui/button';

/**
 * 'Your data' (UK GDPR subject access; decision 077): everything held about the member, as JSON or a readable page.
 * Plain links: the browser downloads the file as the server streams it (the session cookie goes with them).
 */
export function DataDownloadSection() {
  const headingId = useId();
  return (
    <section className="card user-details-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{MEMBER_DATA_TEXTS.downloadHeading}</h2>
      <p>{MEMBER_DATA_TEXTS.downloadIntro}</p>
      <div className="form-actions data-download-links">
        <a className={buttonClass('secondary')} href={`${exportMyData.path}?format=json`} download>
          {MEMBER_DATA_TEXTS.downloadJson}
        </a>
        <a className={buttonClass('secondary')} href={`${exportMyData.path}?format=html`} download>
          {MEMBER_DATA_TEXTS.downloadHtml}
        </a>
      </div>
    </section>
  );
}
