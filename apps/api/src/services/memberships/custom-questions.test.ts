import { describe, expect, it } from 'vitest';
import { checkAnswer } from './custom-questions.ts';

const q = (type: Parameters<typeof checkAnswer>[0]['type'], isRequired = true) => ({
  label: 'Thing',
  type,
  isRequired,
  options: [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ],
});

describe('checkAnswer', () => {
  it("answers '{label} is required.' for an empty required answer of any type", () => {
    for (const type of ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const)
      for (const empty of [undefined, null, '', '  ', [], false])
        expect(checkAnswer(q(type), empty)).toEqual({ ok: false, message: 'Thing is required.' });
  });
  it('accepts an empty optional answer', () => {
    expect(checkAnswer(q('text', false), '')).toEqual({ ok: true, value: null });
    expect(checkAnswer(q('checkbox', false), undefined)).toEqual({ ok: true, value: false });
    expect(checkAnswer(q('multi_select', false), [])).toEqual({ ok: true, value: [] });
  });
  it("answers 'Date must be valid.' for anything but a real YYYY-MM-DD", () => {
    for (const bad of ['2026-02-30', '30/01/2026', 'soon', 5])
      expect(checkAnswer(q('date'), bad)).toEqual({ ok: false, message: 'Date must be valid.' });
    expect(checkAnswer(q('date'), '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
  });
  it('checks numbers and choices', () => {
    expect(checkAnswer(q('number'), ' 3 ')).toEqual({ ok: true, value: 3 });
    expect(checkAnswer(q('number'), 'three')).toEqual({ ok: false, message: 'Thing must be a number.' });
    expect(checkAnswer(q('select'), 'b')).toEqual({ ok: true, value: 'b' });
    expect(checkAnswer(q('select'), 'c')).toMatchObject({ ok: false });
    expect(checkAnswer(q('multi_select'), ['a', 'a', 'b'])).toEqual({ ok: true, value: ['a', 'b'] });
    expect(checkAnswer(q('multi_select'), ['a', 'z'])).toMatchObject({ ok: false });
    expect(checkAnswer(q('checkbox'), true)).toEqual({ ok: true, value: true });
  });
});
