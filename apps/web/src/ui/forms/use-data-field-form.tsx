import type { dataFieldsReply } from '@fieldhouse/contract';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { Camel } from '../../lib/case-codec';
import { FieldGroup } from './field-group';
import { initialValues, isAnswerMissing, toSubmission } from './field-rules';
import { type FieldDefinition, type FieldMessages, type FieldValues, fromDataField } from './field-types';
import { useFieldForm } from './use-field-form';

/** A data-field form as GET data-fields returns it: titled sections of fields, and the checksum it is saved with. */
export type DataForm = Camel<z.infer<typeof dataFieldsReply>['data']>;

type DataSection = { title: string; reference: string; definitions: FieldDefinition[] };

export interface DataFieldFormOptions {
  /** 'missing': only the required fields the customer may answer and has not (joining's 'Your details'). */
  shown?: 'all' | 'missing';
  /** Values the form holds beside the data fields (a password, say), by key. */
  extraValues?: FieldValues;
  server?: FieldMessages;
  rules?: (values: FieldValues) => FieldMessages;
}

/** A required field the customer may answer and has not. */
export const isMissingField = (field: DataForm['sections'][number]['sectionFields'][number]) =>
  field.isRequired && field.isAuthorised && isAnswerMissing(field.answer);

/**
 * The one data-field form (joining §2 Your details and Create Account, the account's personal details): the
 * server-defined sections on `useFieldForm`. The whole form is sent as one, answers already given included.
 */
export function useDataFieldForm(
  form: DataForm,
  { shown = 'all', extraValues, server, rules }: DataFieldFormOptions = {},
) {
  const sections = useMemo<DataSection[]>(
    () =>
      form.sections
        .map((section) => ({
          title: section.sectionName,
          reference: section.sectionReference,
          definitions: section.sectionFields
            .filter((f) => shown === 'all' || isMissingField(f))
            .map(fromDataField),
        }))
        .filter((section) => section.definitions.length > 0),
    [form, shown],
  );
  const definitions = useMemo(() => sections.flatMap((s) => s.definitions), [sections]);
  const allDefinitions = useMemo(
    () => form.sections.flatMap((section) => section.sectionFields.map(fromDataField)),
    [form],
  );
  const initial = useMemo(
    () => ({ ...initialValues(allDefinitions), ...extraValues }),
    [allDefinitions, extraValues],
  );
  const fields = useFieldForm({ definitions, initialValues: initial, server, rules });
  return {
    ...fields,
    /** The keys of the fields shown (server messages for them go under them). */
    keys: definitions.map((d) => d.key),
    /** The answers to save: every field the customer may change, empty ones left out. */
    submission: () => toSubmission(allDefinitions, fields.values),
    /** The sections, each a titled group of its fields. */
    sections: sections.map((section) => (
      <FieldGroup
        key={section.reference}
        title={section.title}
        definitions={section.definitions}
        values={fields.values}
        errors={fields.messages}
        onChange={fields.change}
      />
    )),
  };
}

/** Whether the customer has required data fields still to answer. */
export const hasMissingFields = (form: DataForm): boolean =>
  form.sections.some((section) => section.sectionFields.some(isMissingField));
