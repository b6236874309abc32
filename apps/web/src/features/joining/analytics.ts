import type { SectionId } from './rules/sections';
import type { JourneyMode } from './types';

/** The data-layer event name of the journey's progress events (joining §4, §8). */
export const JOIN_PROGRESS_EVENT = 'checkout_progress';

export interface ProgressEvent {
  event: string;
  stepNumber: number;
  stepName: string;
}

/** Analytics step numbers and names (joining §2): fixed, whatever the display numbering. */
export const ANALYTICS_STEPS: Record<
  Exclude<SectionId, 'centre'> | 'checkout',
  { number: number; name: string }
> = {
  membership: { number: 2, name: 'select membership' },
  details: { number: 3, name: 'your details' },
  additional: { number: 4, name: 'additional details' },
  review: { number: 5, name: 'review dates' },
  payment: { number: 6, name: 'monthly payment' },
  confirm: { number: 7, name: 'confirm details' },
  checkout: { number: 8, name: 'checkout' },
};

/** Pushes one progress event to the tag manager's data layer. A nameless event is a programming error. */
export function fireProgressEvent(progress: ProgressEvent, target: Window = window): void {
  if (!progress.event) throw new Error('You must provide an event name to fire');
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push({
    event: progress.event,
    stepNumber: progress.stepNumber,
    stepName: progress.stepName,
  });
}

/** The progress event for finishing `step`: sent for new joins only, never for a change or renewal. */
export function trackJourneyStep(
  mode: JourneyMode,
  step: keyof typeof ANALYTICS_STEPS,
  target: Window = window,
): void {
  if (mode !== 'join') return;
  const { number, name } = ANALYTICS_STEPS[step];
  fireProgressEvent({ event: JOIN_PROGRESS_EVENT, stepNumber: number, stepName: name }, target);
}
