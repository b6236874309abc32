import { describe, expect, it } from 'vitest';
import { canEditSection, mayHaveQuestions, nextSection, sectionNumbers, visibleSections } from './sections';

const base = {
  mode: 'join' as const,
  paymentType: 'recurring' as const,
  hasQuestions: false,
  hasInstruction: false,
};

describe('additional details while the questions load', () => {
  it('shows the section until the questions are known to be none, so the next section cannot open past it', () => {
    expect(mayHaveQuestions(7, { isSuccess: false })).toBe(true);
    expect(mayHaveQuestions(7, { isSuccess: true, data: [{ id: 1 }] })).toBe(true);
    expect(mayHaveQuestions(7, { isSuccess: true, data: [] })).toBe(false);
    expect(mayHaveQuestions(null, { isSuccess: false })).toBe(false);
    // A renewal's details finish while the questions load: the section opened next is 'Additional details'.
    const loading = visibleSections({
      ...base,
      mode: 'renew',
      hasQuestions: mayHaveQuestions(7, { isSuccess: false }),
    });
    expect(nextSection(loading, 'details')).toBe('additional');
  });
});

describe('visible sections', () => {
  it('shows every section for a new recurring join with questions and no instruction', () => {
    expect(visibleSections({ ...base, hasQuestions: true })).toEqual([
      'centre',
      'membership',
      'details',
      'additional',
      'review',
      'payment',
      'confirm',
    ]);
  });

  it('hides additional details without questions', () => {
    expect(visibleSections(base)).not.toContain('additional');
  });

  it('hides monthly payment and confirmation for fixed payments and for users with an instruction', () => {
    for (const sections of [
      visibleSections({ ...base, paymentType: 'fixed' }),
      visibleSections({ ...base, hasInstruction: true }),
      visibleSections({ ...base, paymentType: null }),
    ]) {
      expect(sections).not.toContain('payment');
      expect(sections).not.toContain('confirm');
    }
  });

  it('leaves out the centre on change and renew', () => {
    expect(visibleSections({ ...base, mode: 'change' })[0]).toBe('membership');
    expect(visibleSections({ ...base, mode: 'renew' })[0]).toBe('membership');
  });
});

describe('section numbers and order', () => {
  it('numbers by display order among the shown sections', () => {
    const join = sectionNumbers(visibleSections({ ...base, paymentType: 'fixed' }));
    expect(join).toEqual({ centre: 1, membership: 2, details: 3, review: 4 });
    const change = sectionNumbers(visibleSections({ ...base, mode: 'change', hasQuestions: true }));
    expect(change).toEqual({ membership: 1, details: 2, additional: 3, review: 4, payment: 5, confirm: 6 });
  });

  it('opens the next shown section, skipping hidden ones', () => {
    const sections = visibleSections(base);
    expect(nextSection(sections, 'details')).toBe('review');
    expect(nextSection(sections, 'review')).toBe('payment');
    expect(nextSection(sections, 'confirm')).toBeNull();
    expect(nextSection(visibleSections({ ...base, paymentType: 'fixed' }), 'review')).toBeNull();
    // A section that is hidden now hands over to the next shown one.
    expect(nextSection(sections, 'additional')).toBe('review');
  });

  it('offers Edit everywhere except on the membership and details sections when renewing', () => {
    expect(canEditSection('membership', 'join')).toBe(true);
    expect(canEditSection('membership', 'change')).toBe(true);
    expect(canEditSection('membership', 'renew')).toBe(false);
    expect(canEditSection('details', 'join')).toBe(true);
    expect(canEditSection('details', 'renew')).toBe(false);
    expect(canEditSection('review', 'renew')).toBe(true);
  });
});
