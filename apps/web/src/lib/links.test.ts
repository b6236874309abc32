import { describe, expect, it } from 'vitest';
import { kioskHomeHref, siteHref } from './links';

const single = { urls: { bookings: '', account: '/account', join: '/join' } };
const sub = {
  urls: {
    bookings: 'https://book.example.com',
    account: 'https://account.example.com',
    join: 'https://join.example.com',
  },
};
const plain = { isEmbedded: false, kioskCentre: null };

describe('siteHref', () => {
  it('builds root-relative links in single-origin mode', () => {
    expect(siteHref(single, plain, 'bookings', '/basket')).toBe('/basket');
    expect(siteHref(single, plain, 'account', '/')).toBe('/account/');
    expect(siteHref(single, plain, 'join', '/centre/leeds')).toBe('/join/centre/leeds');
  });

  it('builds absolute links in sub-domain mode', () => {
    expect(siteHref(sub, plain, 'account', '/register')).toBe('https://account.example.com/register');
  });

  it('adds embedded=true when embedded and keeps existing query', () => {
    expect(
      siteHref(single, { isEmbedded: true, kioskCentre: null }, 'account', '/login?showForgotPassword=true'),
    ).toBe('/account/login?showForgotPassword=true&embedded=true');
  });

  it('passes the kiosk flag only when asked', () => {
    const kiosk = { isEmbedded: false, kioskCentre: 'leeds' };
    expect(siteHref(single, kiosk, 'account', '/', { withKiosk: true })).toBe(
      '/account/?kiosk=true&centre=leeds',
    );
    expect(siteHref(single, kiosk, 'bookings', '/basket')).toBe('/basket');
  });
});

describe('kioskHomeHref', () => {
  it('prefers the configured kiosk home', () => {
    expect(kioskHomeHref(single, 'https://kiosk.example.com', 'leeds')).toBe('https://kiosk.example.com');
  });
  it('falls back to the join site kiosk route', () => {
    expect(kioskHomeHref(single, null, 'leeds')).toBe('/join/kiosk?kiosk=true&centre=leeds');
  });
});
