import { describe, expect, it } from 'vitest';
import { fireProgressEvent, JOIN_PROGRESS_EVENT, trackJourneyStep } from './analytics';

const fakeWindow = () => ({}) as Window;

describe('progress events', () => {
  it('push event, stepNumber and stepName to the data layer', () => {
    const target = fakeWindow();
    fireProgressEvent({ event: 'x', stepNumber: 3, stepName: 'your details' }, target);
    expect(target.dataLayer).toEqual([{ event: 'x', stepNumber: 3, stepName: 'your details' }]);
  });

  it('throw for an event without a name', () => {
    expect(() =>
      fireProgressEvent({ event: '', stepNumber: 2, stepName: 'select membership' }, fakeWindow()),
    ).toThrow('You must provide an event name to fire');
  });

  it('send the fixed step numbers for new joins only', () => {
    const target = fakeWindow();
    trackJourneyStep('join', 'membership', target);
    trackJourneyStep('join', 'review', target);
    trackJourneyStep('join', 'checkout', target);
    trackJourneyStep('change', 'details', target);
    trackJourneyStep('renew', 'details', target);
    expect(target.dataLayer).toEqual([
      { event: JOIN_PROGRESS_EVENT, stepNumber: 2, stepName: 'select membership' },
      { event: JOIN_PROGRESS_EVENT, stepNumber: 5, stepName: 'review dates' },
      { event: JOIN_PROGRESS_EVENT, stepNumber: 8, stepName: 'checkout' },
    ]);
  });
});
