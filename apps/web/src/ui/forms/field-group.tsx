import { useId } from 'react';
import type { FieldDefinition, FieldMessages, FieldValue, FieldValues } from './field-types';
import { FormField } from './form-field';

export interface FieldGroupProps {
  /** The section's heading (data-field sections); left out for a plain list. */
  title?: string;
  definitions: FieldDefinition[];
  values: FieldValues;
  errors: FieldMessages;
  onChange: (key: string, value: FieldValue) => void;
  onBlur?: (key: string) => void;
}

/** A titled group of server-defined fields. */
export function FieldGroup({ title, definitions, values, errors, onChange, onBlur }: FieldGroupProps) {
  const headingId = useId();
  return (
    <section className="form-section" aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h3 className="form-section__title" id={headingId}>
          {title}
        </h3>
      )}
      {definitions.map((definition) => (
        <FormField
          key={definition.key}
          definition={definition}
          value={values[definition.key] ?? ''}
          error={errors[definition.key]}
          onChange={(value) => onChange(definition.key, value)}
          onBlur={onBlur ? () => onBlur(definition.key) : undefined}
        />
      ))}
    </section>
  );
}
