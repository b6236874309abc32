import { toDisplayDate } from '../../../lib/dates';
import type { WaiverEntry, WaiverQuestion } from '../api/types';

/** The pre-generated question that holds the attendee's name: shown as the name, never as a question. */
export const ATTENDEE_NAME_REFERENCE = 'attendee_name';

/** The list as shown (joining §2, §4): expired signatures hidden, and entries left with none dropped. */
export function visibleWaiverEntries(entries: WaiverEntry[]): WaiverEntry[] {
  return entries
    .map((entry) => ({ ...entry, waivers: entry.waivers.filter((waiver) => !waiver.expired) }))
    .filter((entry) => entry.waivers.length > 0);
}

/** An enhanced pre-waiver's questions without the pre-generated attendee-name one. */
export const attendeeQuestions = (questions: WaiverQuestion[]): WaiverQuestion[] =>
  questions.filter((q) => q.question.reference !== ATTENDEE_NAME_REFERENCE);

/** An answer list as one line ('' when unanswered); dates as DD/MM/YYYY. */
export const answerText = (question: WaiverQuestion): string =>
  question.answers
    .map((a) => (question.question.type === 'date' ? toDisplayDate(a.answer) : a.answer))
    .filter(Boolean)
    .join(', ');
