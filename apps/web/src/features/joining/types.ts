import type { AccountDetails, CustomQuestionAnswer, IsPurchasable, NewAccount } from '@fieldhouse/contract';
import type { Camel } from '../../lib/api/client';

/**
 * The join / change / renew journey's shared state (joining §2, §3 Membership details submitted).
 * Owned by the JourneyProvider (journey-store); sections read it and report back through their onDone callbacks.
 * Persisted to sessionStorage under keys prefixed 'fh-join'. A guest's account form is not part of it: 'Your
 * details' creates the account at once, so the password lives only in that form (decision 012).
 */
export type JourneyMode = 'join' | 'change' | 'renew';

export type JourneyVenue = { id: number; slug: string; name: string };

/** Answers keyed by question id (string), as POST custom-questions/memberships/{id} takes them. */
export type JourneyAnswers = Record<string, { questionId: number; answer: CustomQuestionAnswer }>;

/** A guest's Create Account form, camelCased: the register call's body (joining §4). Never kept in the journey. */
export type JourneyAccount = Camel<NewAccount>;

/** Bank details for the mandate, camelCased. */
export type JourneyBankDetails = {
  accountHolder: string;
  accountDetails: Camel<AccountDetails>;
  ddAuthorised: boolean;
  ddTermsAccepted: boolean;
};

export type JourneyState = {
  mode: JourneyMode;
  venue: JourneyVenue | null;
  membershipTypeId: number | null;
  membershipSlug: string | null;
  paymentOptionId: number | null;
  paymentType: 'recurring' | 'fixed' | null;
  answers: JourneyAnswers;
  startDate: string | null;
  billingDay: number | null;
  promotionCode: string | null;
  promotionCodeId: number | null;
  healthCommitmentAccepted: boolean;
  membershipTermsAccepted: boolean;
  bank: JourneyBankDetails | null;
};

/** Server field errors (422) for one section, keyed by snake_case field path as the server sends them. */
export type SectionErrors = Record<string, string[]>;

/** The your-details section's props (the logged-in form and the guest's create-account form share them). */
export type YourDetailsSectionProps = {
  isLoggedIn: boolean;
  membershipTypeId: number;
  /** The chosen payment option (a guest's new account is checked against it). */
  paymentOptionId: number;
  venueId: number;
  /**
   * Renewal: with nothing to complete the section finishes by itself instead of showing a Continue that does
   * nothing but continue (account-shell §4: the renewal goes straight on to the basket).
   */
  isAutoContinue?: boolean;
  /** Server (422) errors of a failed final submission for this section. */
  serverErrors?: SectionErrors;
  /**
   * Guest: the account was created (201) and the memberships reloaded for it (200); `isPurchasable` is what they
   * now say of the chosen option. Logged in: details confirmed or saved (PUT user/update 200); isPurchasable null.
   */
  onDone: (result: { isPurchasable: Camel<IsPurchasable> | null }) => void;
};
