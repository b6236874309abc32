import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FIELD_TEXTS } from './field-texts';
import type { FieldDefinition, FieldValue } from './field-types';
import './forms.css';

export interface FormFieldProps {
  definition: FieldDefinition;
  value: FieldValue;
  error?: string;
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
}

type PassedAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'inputMode' | 'maxLength' | 'minLength' | 'pattern'
>;

/** The server's html_attributes (autocomplete, inputmode, maxlength …) as React props; others are ignored. */
export function passThroughAttributes(attributes: Record<string, string>): PassedAttributes {
  const out: PassedAttributes = {};
  for (const [rawKey, value] of Object.entries(attributes)) {
    const key = rawKey.toLowerCase().replace(/[-_]/g, '');
    if (key === 'autocomplete') out.autoComplete = value;
    else if (key === 'inputmode') out.inputMode = value as PassedAttributes['inputMode'];
    else if (key === 'maxlength' && Number(value) > 0) out.maxLength = Number(value);
    else if (key === 'minlength' && Number(value) > 0) out.minLength = Number(value);
    else if (key === 'pattern') out.pattern = value;
  }
  return out;
}

function FieldLabel({
  htmlFor,
  definition,
  as = 'label',
}: {
  htmlFor?: string;
  definition: FieldDefinition;
  as?: 'label' | 'legend';
}) {
  const className = ['field__label', definition.isAuthorised ? '' : 'field__label--locked']
    .filter(Boolean)
    .join(' ');
  const mark = definition.isRequired ? (
    <span className="field__required" aria-hidden="true">
      *
    </span>
  ) : null;
  if (as === 'legend') {
    return (
      <legend className={className}>
        {definition.label}
        {mark && ' '}
        {mark}
      </legend>
    );
  }
  // The mark sits beside the label, so the control's name is exactly the label.
  return (
    <span className="field__label-row">
      <label className={className} htmlFor={htmlFor}>
        {definition.label}
      </label>
      {mark}
    </span>
  );
}

function Messages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint: string | null;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * One server-defined field (joining §3 Custom question, Data-field form): text, number, select,
 * multi_select, date (typed as DD/MM/YYYY) or checkbox, labelled, with its hint, inline error and required
 * mark. A field the customer may not change (isAuthorised false) has a greyed label and a read-only control.
 */
export function FormField({ definition, value, error, onChange, onBlur }: FormFieldProps): ReactNode {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isLocked = !definition.isAuthorised;
  const hint =
    [
      definition.description,
      definition.type === 'date' && !isLocked ? FIELD_TEXTS.dateHint : null,
      isLocked ? FIELD_TEXTS.notAuthorised(definition.label) : null,
    ]
      .filter(Boolean)
      .join(' ') || null;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': definition.isRequired || undefined,
    onBlur,
  } as const;
  const fieldClass = ['field', isLocked ? 'field--locked' : ''].filter(Boolean).join(' ');

  if (definition.type === 'checkbox') {
    return (
      <div className={`${fieldClass} field--checkbox`}>
        <input
          {...common}
          id={id}
          type="checkbox"
          checked={value === true}
          disabled={isLocked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <FieldLabel htmlFor={id} definition={definition} />
        <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
      </div>
    );
  }

  if (definition.type === 'multi_select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset
        className={`${fieldClass} field--choices`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      >
        <FieldLabel as="legend" definition={definition} />
        {definition.options.map((option) => (
          <label key={option.value} className="field__choice">
            <input
              type="checkbox"
              value={option.value}
              checked={chosen.includes(option.value)}
              disabled={isLocked}
              onBlur={onBlur}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((item) => item !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
        <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
      </fieldset>
    );
  }

  if (definition.type === 'select') {
    return (
      <div className={fieldClass}>
        <FieldLabel htmlFor={id} definition={definition} />
        <select
          {...common}
          id={id}
          className="field__input"
          value={typeof value === 'string' ? value : ''}
          disabled={isLocked}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{definition.placeholder || 'Please select'}</option>
          {definition.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
      </div>
    );
  }

  const isDate = definition.type === 'date';
  return (
    <div className={fieldClass}>
      <FieldLabel htmlFor={id} definition={definition} />
      <input
        {...passThroughAttributes(definition.htmlAttributes)}
        {...common}
        {...(isDate
          ? { inputMode: 'numeric' as const, maxLength: 10, pattern: '\\d{1,2}/\\d{1,2}/\\d{4}' }
          : definition.type === 'number'
            ? { inputMode: 'decimal' as const }
            : {})}
        id={id}
        type="text"
        className="field__input"
        value={typeof value === 'string' ? value : ''}
        placeholder={isDate ? FIELD_TEXTS.datePlaceholder : (definition.placeholder ?? undefined)}
        readOnly={isLocked}
        onChange={(event) => onChange(event.target.value)}
      />
      <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
