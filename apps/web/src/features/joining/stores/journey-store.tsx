import { createContext, type Dispatch, type ReactNode, useContext, useEffect, useReducer } from 'react';
import type { SectionId } from '../rules/sections';
import type { JourneyMode, JourneyState, JourneyVenue, SectionErrors } from '../types';

/** Everything the journey remembers: the answers so far, which section is open and which are finished. */
export interface JourneyStore {
  state: JourneyState;
  open: SectionId;
  finished: SectionId[];
  /** Server (422) messages per section; not persisted. */
  errors: Partial<Record<SectionId, SectionErrors>>;
}

export interface ChosenMembership {
  membershipTypeId: number;
  membershipSlug: string;
  /** null on a renewal: the member renews the option they have. */
  paymentOptionId: number | null;
  paymentType: 'recurring' | 'fixed';
}

export type JourneyAction =
  | { type: 'venue'; venue: JourneyVenue; open: SectionId }
  | { type: 'open'; section: SectionId }
  | { type: 'choose'; membership: ChosenMembership; open: SectionId }
  | { type: 'resetMembership' }
  | { type: 'finish'; section: SectionId; patch?: Partial<JourneyState>; open: SectionId | null }
  | { type: 'patch'; patch: Partial<JourneyState>; clearErrors?: string[] }
  | { type: 'errors'; errors: Partial<Record<SectionId, SectionErrors>>; open: SectionId }
  | { type: 'reset' };

export const initialJourneyState = (mode: JourneyMode): JourneyState => ({
  mode,
  venue: null,
  membershipTypeId: null,
  membershipSlug: null,
  paymentOptionId: null,
  paymentType: null,
  answers: {},
  startDate: null,
  billingDay: null,
  promotionCode: null,
  promotionCodeId: null,
  healthCommitmentAccepted: false,
  membershipTermsAccepted: false,
  bank: null,
});

export const initialJourneyStore = (mode: JourneyMode, venue: JourneyVenue | null = null): JourneyStore => ({
  state: { ...initialJourneyState(mode), venue },
  open: mode === 'join' && !venue ? 'centre' : 'membership',
  finished: venue && mode === 'join' ? ['centre'] : [],
  errors: {},
});

const withoutMembership = (state: JourneyState): JourneyState => ({
  ...state,
  membershipTypeId: null,
  membershipSlug: null,
  paymentOptionId: null,
  paymentType: null,
  answers: {},
  promotionCode: null,
  promotionCodeId: null,
  healthCommitmentAccepted: false,
  membershipTermsAccepted: false,
  bank: null,
});

const add = (list: SectionId[], id: SectionId): SectionId[] => (list.includes(id) ? list : [...list, id]);

export function journeyReducer(store: JourneyStore, action: JourneyAction): JourneyStore {
  switch (action.type) {
    case 'venue':
      if (store.state.venue?.id === action.venue.id) return { ...store, open: action.open };
      return { ...initialJourneyStore(store.state.mode, action.venue), open: action.open };
    case 'open':
      return { ...store, open: action.section };
    case 'choose':
      return {
        ...store,
        state: { ...withoutMembership(store.state), ...action.membership },
        finished: [...store.finished.filter((id) => id === 'centre' || id === 'details'), 'membership'],
        open: action.open,
        errors: {},
      };
    case 'resetMembership':
      return {
        ...store,
        state: withoutMembership(store.state),
        finished: store.finished.filter((id) => id === 'centre'),
        open: 'membership',
        errors: {},
      };
    case 'finish': {
      const { [action.section]: _cleared, ...errors } = store.errors;
      return {
        ...store,
        state: { ...store.state, ...action.patch },
        finished: add(store.finished, action.section),
        open: action.open ?? store.open,
        errors,
      };
    }
    case 'patch': {
      const review = store.errors.review;
      const clear = action.clearErrors ?? [];
      const errors =
        review && clear.length
          ? {
              ...store.errors,
              review: Object.fromEntries(Object.entries(review).filter(([key]) => !clear.includes(key))),
            }
          : store.errors;
      return { ...store, state: { ...store.state, ...action.patch }, errors };
    }
    case 'errors':
      return { ...store, errors: action.errors, open: action.open };
    case 'reset':
      return initialJourneyStore(store.state.mode);
  }
}

/** sessionStorage keys of the journey start with 'fh-join' (the kiosk idle clears them all). */
export const JOURNEY_STORAGE_PREFIX = 'fh-join';

function load(key: string, mode: JourneyMode, venue: JourneyVenue | null): JourneyStore {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw) {
      const saved = JSON.parse(raw) as Omit<JourneyStore, 'errors'>;
      if (saved?.state?.mode === mode && (!venue || saved.state.venue?.id === venue.id))
        return { ...saved, errors: {} };
    }
  } catch {
    // Unreadable or unavailable storage: start afresh.
  }
  return initialJourneyStore(mode, venue);
}

function save(key: string, store: JourneyStore): void {
  try {
    // Nothing worth keeping until a membership is chosen (the URL carries the centre). Storing the empty
    // journey would also count as a 'form' for the kiosk idle clear, which would then reload an untouched
    // kiosk home every time-out.
    if (store.state.membershipTypeId === null) {
      sessionStorage.removeItem(key);
      return;
    }
    // Nothing here holds a password: a guest's account form stays in 'Your details' (decision 012).
    const { errors: _errors, ...rest } = store;
    sessionStorage.setItem(key, JSON.stringify(rest));
  } catch {
    // Storage full or blocked: the journey still works for this page.
  }
}

export function clearJourneyStorage(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

const JourneyContext = createContext<{ store: JourneyStore; dispatch: Dispatch<JourneyAction> } | null>(null);

/**
 * The journey's one store (a reducer persisted to sessionStorage under `storageKey`, which must start with
 * 'fh-join'). Pages put it around their mode's journey (join-, change-, renew-journey); sections read it through useJourney.
 */
export function JourneyProvider({
  storageKey,
  mode,
  venue = null,
  children,
}: {
  storageKey: `fh-join${string}`;
  mode: JourneyMode;
  /** Change / renew start with the member's home venue. */
  venue?: JourneyVenue | null;
  children: ReactNode;
}) {
  const [store, dispatch] = useReducer(journeyReducer, undefined, () => load(storageKey, mode, venue));
  useEffect(() => save(storageKey, store), [storageKey, store]);
  return <JourneyContext value={{ store, dispatch }}>{children}</JourneyContext>;
}

export function useJourney() {
  const value = useContext(JourneyContext);
  if (!value) throw new Error('useJourney must be used inside <JourneyProvider>');
  return value;
}
