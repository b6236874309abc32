import { describe, expect, it } from 'vitest';
import { isSameHeading, repeatsHeading, withoutLeadingTitle } from './repeated-heading';

describe('repeated headings', () => {
  it('drops a leading heading that repeats the title, keeping the rest', () => {
    expect(
      withoutLeadingTitle(
        '<h3>Booking terms and conditions</h3>\n<p>These terms</p>',
        'Booking terms and conditions',
      ),
    ).toBe('<p>These terms</p>');
    expect(withoutLeadingTitle('<h3>The Direct Debit Guarantee</h3><p>x</p>', 'Direct Debit Guarantee')).toBe(
      '<p>x</p>',
    );
    expect(withoutLeadingTitle('<h2>Terms &amp; conditions</h2><p>x</p>', 'Terms and Conditions')).toBe(
      '<p>x</p>',
    );
  });

  it('keeps a heading that says something else, or one that is not first', () => {
    expect(withoutLeadingTitle('<h3>Cancelling</h3><p>x</p>', 'Booking terms')).toBe(
      '<h3>Cancelling</h3><p>x</p>',
    );
    expect(withoutLeadingTitle('<p>Intro</p><h3>Waiver</h3>', 'Waiver')).toBe('<p>Intro</p><h3>Waiver</h3>');
  });

  it('compares headings', () => {
    expect(isSameHeading('Terms & conditions', 'Terms and Conditions')).toBe(true);
    expect(isSameHeading('Terms', '')).toBe(false);
    expect(repeatsHeading('Booking terms and conditions', 'Terms and Conditions')).toBe(true);
    expect(repeatsHeading('Health commitment', 'Terms & conditions')).toBe(false);
  });
});
