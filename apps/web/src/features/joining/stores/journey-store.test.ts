import { describe, expect, it } from 'vitest';
import { initialJourneyStore, journeyReducer } from './journey-store';

const venue = { id: 1, slug: 'leeds', name: 'Leeds' };
const chosen = {
  membershipTypeId: 7,
  membershipSlug: 'gym',
  paymentOptionId: 11,
  paymentType: 'recurring' as const,
};

describe('journey reducer', () => {
  it('choosing a membership clears previous answers and opens the next section', () => {
    let store = initialJourneyStore('join', venue);
    store = journeyReducer(store, {
      type: 'patch',
      patch: { answers: { '1': { questionId: 1, answer: 'x' } }, promotionCode: 'A', promotionCodeId: 2 },
    });
    store = journeyReducer(store, { type: 'choose', membership: chosen, open: 'details' });
    expect(store.state).toMatchObject({ ...chosen, answers: {}, promotionCodeId: null });
    expect(store.open).toBe('details');
    expect(store.finished).toEqual(['centre', 'membership']);
  });

  it('a new venue starts the journey afresh at the membership section', () => {
    let store = journeyReducer(initialJourneyStore('join', venue), {
      type: 'choose',
      membership: chosen,
      open: 'details',
    });
    store = journeyReducer(store, {
      type: 'venue',
      venue: { id: 2, slug: 'york', name: 'York' },
      open: 'membership',
    });
    expect(store.state.membershipTypeId).toBeNull();
    expect(store.open).toBe('membership');
  });

  it('finishing a section stores its result, clears its errors and opens the next', () => {
    let store = journeyReducer(initialJourneyStore('join', venue), {
      type: 'errors',
      errors: { review: { start_date: ['x'] }, details: { email: ['y'] } },
      open: 'details',
    });
    store = journeyReducer(store, {
      type: 'finish',
      section: 'details',
      open: 'review',
    });
    expect(store.errors).toEqual({ review: { start_date: ['x'] } });
    expect(store.open).toBe('review');
    store = journeyReducer(store, {
      type: 'patch',
      patch: { startDate: '2026-12-01' },
      clearErrors: ['start_date'],
    });
    expect(store.errors.review).toEqual({});
  });

  it('resetting the selection goes back to the membership section', () => {
    let store = journeyReducer(initialJourneyStore('join', venue), {
      type: 'choose',
      membership: chosen,
      open: 'details',
    });
    store = journeyReducer(store, { type: 'resetMembership' });
    expect(store.state.membershipTypeId).toBeNull();
    expect(store.open).toBe('membership');
    expect(store.finished).toEqual(['centre']);
  });
});
