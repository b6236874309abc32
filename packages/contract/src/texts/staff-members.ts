/**
 * Texts of the staff console's member record (editing a customer's details, notes and flags) and walk-in customers
 * (decision 070). The spec names no staff side: these follow its tone and the member's own form's texts.
 */
export const CUSTOMER_FLAGS = ['photo_id_seen', 'proof_of_address_seen'] as const;
export type CustomerFlag = (typeof CUSTOMER_FLAGS)[number];
export const CUSTOMER_FLAG_LABELS: Record<CustomerFlag, string> = {
  photo_id_seen: 'Photo ID seen',
  proof_of_address_seen: 'Proof of address seen',
};

/** How long the link of an invitation from the desk works (a reset link works PASSWORD_LINK_VALID_MINUTES). */
export const INVITE_LINK_VALID_DAYS = 7;

export const MEMBER_TEXTS = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  email: 'Please enter a valid email address.',
  emailOrPhone: 'Please enter an email address or a phone number.',
  phone: 'Please enter a valid phone number.',
  postcode: 'Please enter a valid postcode',
  dateOfBirth: 'Date must be valid.',
  dateOfBirthFuture: 'The date of birth cannot be in the future.',
  emailInUse: (reference: string) =>
    `This email address is used by another account (customer no ${reference}). If they share it as a family, tick 'Shared family email'.`,
  noteRequired: 'Please write the note.',
  homeVenue: 'Please choose a home venue.',
  inviteNeedsEmail: 'This customer has no email address to send an invitation to.',
  alreadyHasPassword: 'This customer already has a password: they can reset it from the log-in page.',
  invited: (email: string) => `We have emailed ${email} a link to set a password.`,
  /** Registration with the email of a desk record that has no password yet (decision 070). */
  registrationClaimed:
    'We already have your details from one of our centres. We have emailed you a link to set your password and use your account.',
} as const;
