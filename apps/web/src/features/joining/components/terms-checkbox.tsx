import { lazy, Suspense, useId, useState } from 'react';
import type { TermsModalItem } from '../../../ui/terms-modal';

const TermsModal = lazy(() => import('../../../ui/terms-modal'));

export interface TermsCheckboxProps {
  /** Shown before the link, e.g. 'I agree to the'. */
  lead: string;
  /** The link text that opens the terms, e.g. 'health commitment'. */
  linkText: string;
  items: TermsModalItem[];
  isChecked: boolean;
  errors?: string[];
  onChange: (isChecked: boolean) => void;
}

/** A terms checkbox whose label opens the terms; ticking it happens with the checkbox or 'I Agree'. */
export function TermsCheckbox({
  lead,
  linkText,
  items,
  isChecked,
  errors = [],
  onChange,
}: TermsCheckboxProps) {
  const [isOpen, setOpen] = useState(false);
  const inputId = useId();
  const leadId = useId();
  const linkId = useId();
  const errorId = useId();
  return (
    <div className="field field--checkbox terms-checkbox">
      <input
        id={inputId}
        type="checkbox"
        checked={isChecked}
        aria-labelledby={`${leadId} ${linkId}`}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <label id={leadId} htmlFor={inputId}>
          {lead}
        </label>{' '}
        <button id={linkId} type="button" className="link-button" onClick={() => setOpen(true)}>
          {linkText}
        </button>
      </span>
      {errors.length > 0 && (
        <div className="field__error" id={errorId} role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          {/* The spec's terms modal is always titled 'Terms & conditions' (TermsModal's default). */}
          <TermsModal items={items} onAgree={() => onChange(true)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
