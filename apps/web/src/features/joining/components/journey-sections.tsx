import type { ReactNode } from 'react';
import type { JourneyView } from '../hooks/use-journey-view';
import { canEditSection, type SectionId, sectionNumbers, sectionTitle } from '../rules/sections';
import { JourneySection } from './journey-section';

/** One section's content while open, its summary once finished, and (the centre only) its own Edit. */
export interface SectionSlot {
  content: ReactNode;
  summary?: ReactNode;
  onEdit?: () => void;
}

/** Each mode's section map: what every shown section renders. */
export type SectionSlots = Partial<Record<SectionId, SectionSlot>>;

/**
 * The journey's steps (joining §2): the shown sections in order, numbered among themselves, exactly one open.
 * Sections after the membership wait for a chosen membership (and, when joining, a centre). While the centre is
 * being chosen again, or a submission is on its way, no other section offers Edit.
 */
export function JourneySections({
  view,
  slots,
  isPending,
}: {
  view: JourneyView;
  slots: SectionSlots;
  isPending: boolean;
}) {
  const { store, state, mode, open, sections, dispatch } = view;
  const numbers = sectionNumbers(sections);
  const isChosen = state.membershipTypeId !== null && (mode !== 'join' || Boolean(state.venue?.id));
  return (
    <ol className="journey" aria-label="Steps">
      {sections.map((id) => {
        const slot = slots[id];
        if (!slot) return null;
        const waits = id !== 'centre' && id !== 'membership' && !isChosen;
        return (
          <JourneySection
            key={id}
            number={numbers[id] ?? 0}
            title={sectionTitle(id)}
            isOpen={open === id}
            isFinished={store.finished.includes(id) && open !== id}
            canEdit={canEditSection(id, mode) && !isPending && (open !== 'centre' || id === 'centre')}
            onEdit={slot.onEdit ?? (() => dispatch({ type: 'open', section: id }))}
            summary={slot.summary}
          >
            {waits ? null : slot.content}
          </JourneySection>
        );
      })}
    </ol>
  );
}
