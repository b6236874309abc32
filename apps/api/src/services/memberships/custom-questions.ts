import {
  CUSTOM_QUESTION_TEXTS,
  type CustomAnswersBody,
  type CustomQuestion,
  type CustomQuestionAnswer,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { customQuestionAnswers, customQuestions, membershipTypes } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { parseLocalDate } from '../../lib/local-date.ts';

type QuestionRow = typeof customQuestions.$inferSelect;

export async function questionsOf(db: DbOrTx, clientId: number, membershipTypeId: number) {
  const [type] = await db
    .select({ id: membershipTypes.id })
    .from(membershipTypes)
    .where(and(eq(membershipTypes.id, membershipTypeId), eq(membershipTypes.clientId, clientId)));
  if (!type) throw notFound();
  return db
    .select()
    .from(customQuestions)
    .where(and(eq(customQuestions.membershipTypeId, type.id), isNull(customQuestions.archivedAt)))
    .orderBy(asc(customQuestions.sortOrder), asc(customQuestions.id));
}

/** A membership type's questions, with the caller's saved answers when logged in. */
export async function findCustomQuestions(
  db: DbOrTx,
  input: { clientId: number; membershipTypeId: number; customerId?: number },
): Promise<CustomQuestion[]> {
  const questions = await questionsOf(db, input.clientId, input.membershipTypeId);
  const answers =
    input.customerId && questions.length
      ? await db
          .select()
          .from(customQuestionAnswers)
          .where(
            and(
              eq(customQuestionAnswers.customerId, input.customerId),
              inArray(
                customQuestionAnswers.questionId,
                questions.map((q) => q.id),
              ),
            ),
          )
      : [];
  return questions.map((q) => ({
    id: q.id,
    reference: q.reference,
    label: q.label,
    type: q.type,
    options: q.options,
    placeholder: q.placeholder,
    is_required: q.isRequired,
    default: q.defaultValue,
    answer: answers.find((a) => a.questionId === q.id)?.answer ?? null,
  }));
}

const isEmpty = (a: CustomQuestionAnswer | undefined) =>
  a === undefined ||
  a === null ||
  a === false ||
  (typeof a === 'string' && a.trim() === '') ||
  (Array.isArray(a) && a.length === 0);

/**
 * One answer checked against its question: the normalised answer, or the message to show. Required and empty:
 * '{label} is required.' (a required checkbox must be ticked); a date must be a real YYYY-MM-DD: 'Date must be valid.'
 */
export function checkAnswer(
  q: Pick<QuestionRow, 'label' | 'type' | 'options' | 'isRequired'>,
  answer: CustomQuestionAnswer | undefined,
): { ok: true; value: CustomQuestionAnswer } | { ok: false; message: string } {
  if (isEmpty(answer)) {
    if (q.isRequired) return { ok: false, message: CUSTOM_QUESTION_TEXTS.required(q.label) };
    return { ok: true, value: q.type === 'checkbox' ? false : q.type === 'multi_select' ? [] : null };
  }
  const values = new Set(q.options.map((o) => o.value));
  switch (q.type) {
    case 'text':
      return typeof answer === 'string' || typeof answer === 'number'
        ? { ok: true, value: String(answer).trim().slice(0, 2000) }
        : { ok: false, message: CUSTOM_QUESTION_TEXTS.required(q.label) };
    case 'number': {
      const n =
        typeof answer === 'number' ? answer : typeof answer === 'string' ? Number(answer.trim()) : Number.NaN;
      return Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, message: CUSTOM_QUESTION_TEXTS.invalidNumber(q.label) };
    }
    case 'select':
      return typeof answer === 'string' && values.has(answer)
        ? { ok: true, value: answer }
        : { ok: false, message: CUSTOM_QUESTION_TEXTS.invalidChoice(q.label) };
    case 'multi_select':
      return Array.isArray(answer) && answer.every((v) => values.has(v))
        ? { ok: true, value: [...new Set(answer)] }
        : { ok: false, message: CUSTOM_QUESTION_TEXTS.invalidChoice(q.label) };
    case 'date':
      return typeof answer === 'string' && parseLocalDate(answer)
        ? { ok: true, value: answer }
        : { ok: false, message: CUSTOM_QUESTION_TEXTS.invalidDate };
    case 'checkbox':
      return { ok: true, value: answer === true || answer === 'true' || answer === '1' };
  }
}

export type CheckedAnswer = { questionId: number; answer: CustomQuestionAnswer };

/**
 * Checks answers against a type's questions: every question is checked (unanswered ones too, for the required
 * rule). Errors are keyed `answers.{questionId}`.
 */
export function checkAnswers(
  questions: QuestionRow[],
  answers: CustomAnswersBody['answers'],
): { rows: CheckedAnswer[]; errors: Record<string, string[]> } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, CustomQuestionAnswer>();
  const errors: Record<string, string[]> = {};
  for (const [key, entry] of Object.entries(answers)) {
    if (!byId.has(entry.question_id) || String(entry.question_id) !== key)
      errors[`answers.${key}`] = [CUSTOM_QUESTION_TEXTS.unknownQuestion];
    else given.set(entry.question_id, entry.answer);
  }
  const rows: CheckedAnswer[] = [];
  for (const q of questions) {
    const checked = checkAnswer(q, given.get(q.id));
    if (checked.ok) rows.push({ questionId: q.id, answer: checked.value });
    else errors[`answers.${q.id}`] = [checked.message];
  }
  return { rows, errors };
}

/** Writes checked answers (one per customer and question; the latest wins). Call inside a transaction. */
export async function writeAnswers(tx: DbOrTx, customerId: number, rows: CheckedAnswer[], now: Date) {
  if (!rows.length) return;
  await tx
    .insert(customQuestionAnswers)
    .values(rows.map((r) => ({ customerId, ...r, updatedAt: now })))
    .onConflictDoUpdate({
      target: [customQuestionAnswers.customerId, customQuestionAnswers.questionId],
      set: { answer: sql`excluded.answer`, updatedAt: now },
    });
}

/** Required questions of the type the customer has no saved (non-empty) answer to. */
export async function unansweredRequired(tx: DbOrTx, customerId: number, questions: QuestionRow[]) {
  const required = questions.filter((q) => q.isRequired);
  if (!required.length) return [];
  const saved = await tx
    .select()
    .from(customQuestionAnswers)
    .where(
      and(
        eq(customQuestionAnswers.customerId, customerId),
        inArray(
          customQuestionAnswers.questionId,
          required.map((q) => q.id),
        ),
      ),
    );
  return required.filter((q) => {
    const answer = saved.find((a) => a.questionId === q.id)?.answer ?? undefined;
    return !checkAnswer(q, answer as CustomQuestionAnswer | undefined).ok;
  });
}

/**
 * Saves the caller's answers to a membership type's questions in one transaction: every question is checked
 * (unanswered ones too, for the required rule); any error answers 422 keyed `answers.{questionId}` and saves nothing.
 */
export async function saveCustomAnswers(
  db: Db,
  input: {
    clientId: number;
    membershipTypeId: number;
    customerId: number;
    body: CustomAnswersBody;
    now: Date;
  },
): Promise<CustomQuestion[]> {
  const questions = await questionsOf(db, input.clientId, input.membershipTypeId);
  const { rows, errors } = checkAnswers(questions, input.body.answers);
  if (Object.keys(errors).length) throw new HttpError(422, CUSTOM_QUESTION_TEXTS.failed, errors);
  if (rows.length) await transactionRetried(db, (tx) => writeAnswers(tx, input.customerId, rows, input.now));
  return findCustomQuestions(db, input);
}
