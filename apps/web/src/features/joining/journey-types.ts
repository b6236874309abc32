import type { AccountDetails, CustomQuestionAnswer, IsPurchasable, NewAccount } from '@fieldhouse/contract';
import type { Camel } from '../../lib/api/client';

/**
 * The join / change / renew journey's shared state (joining §2, §3 Membership details submitted).
 * Owned by the journey (use-journey); sections read it and report back through their onDone callbacks.
 * Persisted to sessionStorage under keys prefixed 'fh-join' EXCEPT `account` (it holds a password: memory only).
 */
export type JourneyMode = 'join' | 'change' | 'renew';

export type JourneyVenue = { id: number; slug: string; name: string };

/** Answers keyed by question id (string), as POST custom-questions/memberships/{id} takes them. */
export type JourneyAnswers = Record<string, { questionId: number; answer: CustomQuestionAnswer }>;

/** A guest's Create Account form, camelCased (sent as `account` with the membership). Never persisted. */
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
  account: JourneyAccount | null;
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
  venueId: number;
  /** The guest's form as last entered (when the section is reopened with Edit). */
  account: JourneyAccount | null;
  /** Server errors for `account.*` from a failed final submission, keyed without the 'account.' prefix. */
  serverErrors?: SectionErrors;
  /**
   * Guest: the form passed POST /api/memberships/account-check; `isPurchasable` is its answer.
   * Logged in: details confirmed or saved (PUT user/update 200); account and isPurchasable are null.
   */
  onDone: (result: { account: JourneyAccount | null; isPurchasable: Camel<IsPurchasable> | null }) => void;
};
