import { describe, expect, it } from 'vitest';
import { composeMail } from './compose.ts';

describe('composeMail: one list of blocks, the same words in text and HTML', () => {
  const mail = composeMail({
    kind: 'example',
    clientName: 'Leeds <Leisure>',
    subject: 'Spin & more',
    greet: 'Ann',
    blocks: [
      ['Your booking of ', { strong: 'Spin <b>' }, ' is cancelled.'],
      null,
      false,
      { list: ['£6.50 back to your card', 'A class pass'] },
      { href: 'https://a.test/x?a=1&b=2', label: 'Keep or cancel your booking', textLabel: 'Keep or cancel' },
      { href: 'https://a.test/r', label: 'Choose a new password', note: '(the link works once)' },
      { code: 'ABC', label: 'Your code' },
    ],
  });

  it('writes the text with a greeting, a blank line between blocks, links as "label: address" and the sign-off', () => {
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        'Your booking of Spin <b> is cancelled.',
        '- £6.50 back to your card\n- A class pass',
        'Keep or cancel: https://a.test/x?a=1&b=2',
        'Choose a new password (the link works once): https://a.test/r',
        'Your code: ABC',
        'Leeds <Leisure>',
      ].join('\n\n'),
    );
  });

  it('escapes every value in the HTML and keeps the blocks in order', () => {
    expect(mail.html).toContain('<title>Spin &amp; more</title>');
    expect(mail.html).toContain('<p>Your booking of <strong>Spin &lt;b&gt;</strong> is cancelled.</p>');
    expect(mail.html).toContain('<ul><li>£6.50 back to your card</li><li>A class pass</li></ul>');
    expect(mail.html).toContain('<a href="https://a.test/x?a=1&amp;b=2">Keep or cancel your booking</a>');
    expect(mail.html).toContain(
      '<a href="https://a.test/r">Choose a new password</a> (the link works once)</p>',
    );
    expect(mail.html).toContain('Leeds &lt;Leisure&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail).toMatchObject({ kind: 'example', subject: 'Spin & more' });
  });
});
