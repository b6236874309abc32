import { SECTION_TITLES } from '../texts';
import type { JourneyMode } from '../types';

/** The journey's sections in display order (joining §2). */
export const SECTION_ORDER = [
  'centre',
  'membership',
  'details',
  'additional',
  'review',
  'payment',
  'confirm',
] as const;
export type SectionId = (typeof SECTION_ORDER)[number];

export interface SectionVisibilityInput {
  mode: JourneyMode;
  paymentType: 'recurring' | 'fixed' | null;
  /** The membership type has custom questions, or may have: see `mayHaveQuestions`. */
  hasQuestions: boolean;
  /** The user has an active direct-debit instruction (guests never have one). */
  hasInstruction: boolean;
}

/**
 * Which sections show, in order: the centre only when joining; additional details only with questions; monthly
 * payment and confirmation only for a recurring payment without an existing instruction.
 */
export function visibleSections(input: SectionVisibilityInput): SectionId[] {
  const needsMandate = input.paymentType === 'recurring' && !input.hasInstruction;
  return SECTION_ORDER.filter((id) => {
    if (id === 'centre') return input.mode === 'join';
    if (id === 'additional') return input.hasQuestions;
    if (id === 'payment' || id === 'confirm') return needsMandate;
    return true;
  });
}

/**
 * Whether 'Additional details' shows for the chosen membership: when its questions are known to be there, and also
 * while they are loading or failed to load (the section then shows its spinner or its retry). Hidden while unknown,
 * the journey opened the section after it: a renewal's 'Your details' finishes by itself before the questions
 * arrive, so the review opened, and its Continue sent the member back to the required questions they had skipped.
 */
export function mayHaveQuestions(
  membershipTypeId: number | null,
  questions: { isSuccess: boolean; data?: readonly unknown[] | undefined },
): boolean {
  if (membershipTypeId === null) return false;
  return !questions.isSuccess || (questions.data?.length ?? 0) > 0;
}

/** Display numbers: 1, 2, … by position among the sections shown. */
export function sectionNumbers(sections: readonly SectionId[]): Partial<Record<SectionId, number>> {
  return Object.fromEntries(sections.map((id, index) => [id, index + 1]));
}

/** The section after `current` among those shown (null after the last). */
export function nextSection(sections: readonly SectionId[], current: SectionId): SectionId | null {
  const index = sections.indexOf(current);
  if (index === -1) {
    // `current` is hidden now: the first shown section after it in the full order.
    const after = SECTION_ORDER.slice(SECTION_ORDER.indexOf(current) + 1);
    return after.find((id) => sections.includes(id)) ?? null;
  }
  return sections[index + 1] ?? null;
}

/**
 * A finished, closed section offers Edit, except the membership section when renewing (joining §2), and 'Your
 * details' when renewing: there it finishes by itself once nothing is missing, so reopening it would only close
 * it again.
 */
export const canEditSection = (id: SectionId, mode: JourneyMode): boolean =>
  !((id === 'membership' || id === 'details') && mode === 'renew');

export const sectionTitle = (id: SectionId): string => SECTION_TITLES[id];
