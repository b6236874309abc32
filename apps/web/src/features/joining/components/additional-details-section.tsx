import { CUSTOM_QUESTION_TEXTS } from '@fieldhouse/contract/texts/joining';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { FieldGroup } from '../../../ui/forms/field-group';
import { initialValues, toSubmission } from '../../../ui/forms/field-rules';
import { type AnswerValue, fromCustomQuestion } from '../../../ui/forms/field-types';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { useFieldForm } from '../../../ui/forms/use-field-form';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { type CustomQuestions, customQuestionsQueryOptions } from '../api/get-custom-questions';
import { useSaveAnswers } from '../api/save-answers';
import type { JourneyAnswers, SectionErrors } from '../types';

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
  const [initial] = useState(() =>
    initialValues(
      definitions,
      Object.fromEntries(Object.entries(answers).map(([key, entry]) => [key, entry.answer])),
    ),
  );
  const server = useMemo(
    () => matchServerErrors(serverErrors, localKeys, ['answers']).messages,
    [serverErrors, localKeys],
  );
  const { values, messages, change, showMessages, onSubmit } = useFieldForm({
    definitions,
    initialValues: initial,
    server,
  });
  const save = useSaveAnswers(membershipTypeId);

  const submit = onSubmit((submitted, formElement) => {
    const next = toJourneyAnswers(toSubmission(definitions, submitted));
    if (!isLoggedIn || Object.keys(next).length === 0) {
      onDone(next);
      return;
    }
    save.mutate(next, {
      onSuccess: () => onDone(next),
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          showMessages(matchServerErrors(error.fieldErrors, localKeys, ['answers']).messages, formElement);
          toast.error(CUSTOM_QUESTION_TEXTS.failed, { duration: TOAST_DURATION.default });
          return;
        }
        toast.error(error.message, { duration: TOAST_DURATION.default });
      },
    });
  }, save.isPending);

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
