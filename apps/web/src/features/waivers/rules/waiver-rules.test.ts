import { describe, expect, it } from 'vitest';
import type { WaiverEntry, WaiverQuestion, WaiverSignature } from '../api/types';
import { answerText, attendeeQuestions, visibleWaiverEntries } from './waiver-rules';

const signature = (id: number, extra: Partial<WaiverSignature> = {}): WaiverSignature => ({
  id,
  attendee: null,
  signed: { rawPretty: '1 May 2026' },
  expired: false,
  expires: null,
  terms: '<p>Terms</p>',
  questions: [],
  ...extra,
});
const entry = (
  id: number,
  type: WaiverEntry['restriction']['type'],
  waivers: WaiverSignature[],
): WaiverEntry => ({
  restriction: { id, name: `Restriction ${id}`, type },
  waivers,
});
const question = (id: number, reference: string, answers: string[]): WaiverQuestion => ({
  question: { id, label: `Question ${id}`, type: 'text', reference },
  answers: answers.map((answer, i) => ({ id: i + 1, answer })),
});

describe('visibleWaiverEntries', () => {
  it('hides expired signatures and entries left without any', () => {
    const list = visibleWaiverEntries([
      entry(1, 'simple', [signature(10, { expired: true })]),
      entry(2, 'enhanced-pre-waiver', [
        signature(20, { attendee: 'Sam Morgan' }),
        signature(21, { attendee: 'Old', expired: true }),
      ]),
      entry(3, 'simple', [signature(30)]),
    ]);
    expect(list.map((e) => e.restriction.id)).toEqual([2, 3]);
    expect(list[0]?.waivers.map((w) => w.id)).toEqual([20]);
  });
});

describe('attendee questions', () => {
  it('leaves out the pre-generated attendee name and joins answers', () => {
    const questions = [
      question(1, 'attendee_name', ['Sam Morgan']),
      question(2, 'medical', ['None', 'Asthma']),
    ];
    expect(attendeeQuestions(questions).map((q) => q.question.id)).toEqual([2]);
    expect(answerText(questions[1]!)).toBe('None, Asthma');
    expect(answerText(question(3, 'x', []))).toBe('');
    const dob = {
      ...question(4, 'date_of_birth', ['2016-05-14']),
      question: { id: 4, label: 'DOB', type: 'date', reference: 'dob' },
    };
    expect(answerText(dob)).toBe('14/05/2016');
  });
});
