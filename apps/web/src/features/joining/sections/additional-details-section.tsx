import { CUSTOM_QUESTION_TEXTS } from '@fieldhouse/contract/texts/joining';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { FieldGroup } from '../../../ui/forms/field-group';
import { initialValues, toSubmission, validateFields } from '../../../ui/forms/field-rules';
import {
  type AnswerValue,
  type FieldValue,
  type FieldValues,
  fromCustomQuestion,
} from '../../../ui/forms/field-types';
import { focusFirstError, matchServerErrors, useFieldMessages } from '../../../ui/forms/form-messages';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { type CustomQuestions, customQuestionsQueryOptions, useSaveAnswers } from '../forms-api';
import type { JourneyAnswers, SectionErrors } from '../journey-types';

export type AdditionalDetailsSectionProps = {
  isLoggedIn: boolean;
  membershipTypeId: number;
  answers: JourneyAnswers;
  serverErrors?: SectionErrors;
  /** All groups valid; logged-in answers were saved (POST custom-questions); guests' travel with the submission. */
  onDone: (answers: JourneyAnswers) => void;
};

/** Section 4 'Additional details' (joining §2, §5): the membership's custom questions. */
export function AdditionalDetailsSection(props: AdditionalDetailsSectionProps) {
  const questions = useQuery(customQuestionsQueryOptions(props.membershipTypeId, props.isLoggedIn));
  if (questions.isPending) return <Spinner label="Loading questions" />;
  if (questions.isError) {
    return <LoadError text={questions.error.message} onRetry={() => void questions.refetch()} />;
  }
  return <QuestionsForm {...props} questions={questions.data} />;
}

/** Answers keyed by question id, empty ones left out (dates YYYY-MM-DD, multiple choice an array). */
export function toJourneyAnswers(submission: Record<string, AnswerValue>): JourneyAnswers {
  const answers: JourneyAnswers = {};
  for (const [key, answer] of Object.entries(submission)) answers[key] = { questionId: Number(key), answer };
  return answers;
}

function QuestionsForm({
  isLoggedIn,
  membershipTypeId,
  answers,
  serverErrors,
  onDone,
  questions,
}: AdditionalDetailsSectionProps & { questions: CustomQuestions }) {
  const definitions = useMemo(() => questions.map(fromCustomQuestion), [questions]);
  const localKeys = useMemo(() => definitions.map((d) => d.key), [definitions]);
  const [values, setValues] = useState<FieldValues>(() =>
    initialValues(
      definitions,
      Object.fromEntries(Object.entries(answers).map(([key, entry]) => [key, entry.answer])),
    ),
  );
  const server = useMemo(
    () => matchServerErrors(serverErrors, localKeys, ['answers']).messages,
    [serverErrors, localKeys],
  );
  const { messages, setMessages, clear } = useFieldMessages(server);
  const save = useSaveAnswers(membershipTypeId);

  const change = (key: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clear(key);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const formElement = event.currentTarget;
    const found = validateFields(definitions, values);
    setMessages(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formElement);
      return;
    }
    const next = toJourneyAnswers(toSubmission(definitions, values));
    if (!isLoggedIn || Object.keys(next).length === 0) {
      onDone(next);
      return;
    }
    save.mutate(next, {
      onSuccess: () => onDone(next),
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          setMessages(matchServerErrors(error.fieldErrors, localKeys, ['answers']).messages);
          focusFirstError(formElement);
          toast.error(CUSTOM_QUESTION_TEXTS.failed, { duration: TOAST_DURATION.default });
          return;
        }
        toast.error(error.message, { duration: TOAST_DURATION.default });
      },
    });
  };

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Additional details">
      {definitions.length > 0 ? (
        <FieldGroup definitions={definitions} values={values} errors={messages} onChange={change} />
      ) : (
        <p>There are no additional questions for this membership.</p>
      )}
      <div className="form-actions">
        <Button type="submit" isPending={save.isPending}>
          {save.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
