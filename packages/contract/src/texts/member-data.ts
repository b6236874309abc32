/**
 * Texts of the members' data duties (UK GDPR; decision 077): downloading one's data (subject access), withdrawing
 * marketing consent from a mail's link, the retention policy, and the address and emergency contact on My details.
 */
export const MEMBER_DATA_TEXTS = {
  downloadHeading: 'Your data',
  downloadIntro:
    'Download everything we hold about you: your details, memberships, bookings, payments, documents and the notes our staff keep.',
  downloadJson: 'Download as JSON (machine-readable)',
  downloadHtml: 'Download as a web page (readable)',
  exportTitle: (clientName: string) => `Your data held by ${clientName}`,
  staffExportReason: 'Please say why (for example the date of the request).',
  inviteErased: 'This customer’s personal data has been erased: they cannot be invited.',
  unsubscribeTitle: 'Stop marketing email',
  unsubscribeQuestion: (clientName: string) => `Stop news and offers by email from ${clientName}?`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: (clientName: string) =>
    `You have been unsubscribed. ${clientName} will no longer send you news and offers by email. You can opt in again from My details.`,
  unsubscribeUsed:
    'This link has already been used. You can check your email preferences from My details on our website.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link in the email as it was sent.',
  unsubscribeFooterLead: 'You are receiving this because you opted in to news and offers.',
  unsubscribeLinkText: 'Unsubscribe',
  postcode: 'Please enter a valid postcode',
  phone: 'Please enter a valid phone number.',
} as const;

/** The sections of My details that hold the address and emergency contact (labels as the staff record's). */
export const ADDRESS_LABELS = {
  address_line_one: 'Address line 1',
  address_line_two: 'Address line 2',
  town: 'Town or city',
  postcode: 'Postcode',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_phone: 'Emergency contact phone',
} as const;
