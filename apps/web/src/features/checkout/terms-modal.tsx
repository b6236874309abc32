import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { ModalDialog } from '../../ui/modal';
import type { TermsItem } from './api';

/** The basket's terms, their HTML sanitised before it is rendered. Lazy chunk (react-aria, DOMPurify). */
export default function TermsModal({ items, onClose }: { items: TermsItem[]; onClose: () => void }) {
  const sanitised = useMemo(
    () =>
      items.map((item) => ({
        ...item,
        html: DOMPurify.sanitize(item.html, { USE_PROFILES: { html: true } }),
      })),
    [items],
  );
  return (
    <ModalDialog title="Terms and Conditions" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="terms">
        {sanitised.map((item) => (
          <section key={item.id} className="terms__item">
            <h3>{item.title}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above. */}
            <div dangerouslySetInnerHTML={{ __html: item.html }} />
          </section>
        ))}
      </div>
    </ModalDialog>
  );
}
