import { describe, expect, it } from 'vitest';
import {
  bookingConfirmationMail,
  directDebitMandateMail,
  documentExpiryReminderMail,
  failedCollectionMail,
  guestPassMail,
  passwordResetMail,
  waitlistPlaceFreeMail,
  welcomeMail,
} from './templates.ts';

const client = { clientName: 'Fieldhouse <Leisure>' };
const mails = [
  welcomeMail({ ...client, firstName: 'Ann', reference: 'FH100001', accountUrl: 'https://a.test' }),
  passwordResetMail({ ...client, firstName: 'Ann', reference: 'FH100001', link: 'https://a.test/r/x' }),
  bookingConfirmationMail({
    ...client,
    firstName: 'Ann',
    orderId: 7,
    lines: [{ name: 'Spin', when: 'Mon 1 Dec 07:00', where: 'Studio 1', price: '£6.50' }],
    total: '£6.50',
    link: 'https://a.test/o/7',
  }),
  waitlistPlaceFreeMail({
    ...client,
    firstName: 'Ann',
    session: 'Spin',
    venueName: 'Leeds',
    link: 'https://a.test',
  }),
  guestPassMail({
    ...client,
    guestName: 'Bo',
    senderName: 'Ann',
    venueName: 'Leeds',
    venueAddress: '1 High St',
    code: 'ABC',
    validTo: '1 Dec 2026',
  }),
  documentExpiryReminderMail({
    ...client,
    firstName: 'Ann',
    membershipName: 'Student',
    documentName: 'Student ID card',
    expiresOn: '30 March 2026',
    daysToExpiry: 1,
    link: 'https://a.test/account/memberships',
  }),
  directDebitMandateMail({
    ...client,
    firstName: 'Ann',
    outcome: 'cancelled',
    reference: 'FIELDHOUSE-0001',
    link: 'https://a.test/payments',
  }),
  directDebitMandateMail({ ...client, firstName: 'Ann', outcome: 'failed', reference: 'X-1', link: null }),
  failedCollectionMail({
    ...client,
    firstName: 'Ann',
    amount: '£39.99',
    dueOn: '1 December 2026',
    fee: '£5.00',
    link: 'https://a.test/payments',
  }),
];

describe('mail HTML', () => {
  it.each(mails.map((m) => [m.kind, m] as const))(
    '%s is a whole en-GB document whose title is its subject',
    (_kind, mail) => {
      expect(mail.html).toMatch(/^<!doctype html><html lang="en-GB"><head><meta charset="utf-8">/);
      const title = /<title>(.*)<\/title><\/head><body/.exec(mail.html)?.[1];
      expect(title).toBe(
        mail.subject.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
      );
      expect(mail.html).toContain('<p style="color:#666">Fieldhouse &lt;Leisure&gt;</p></body></html>');
    },
  );
});
