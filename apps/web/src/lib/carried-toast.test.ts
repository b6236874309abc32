import { afterEach, describe, expect, it } from 'vitest';
import { takeCarriedToast, withCarriedToast } from './carried-toast';

describe('carried toast', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('adds the notice to a link on this origin or another', () => {
    expect(withCarriedToast('/basket/checkout?kiosk=true', 'membership-added')).toBe(
      '/basket/checkout?kiosk=true&notice=membership-added',
    );
    expect(withCarriedToast('https://bookings.example.org/basket/checkout', 'membership-added')).toBe(
      'https://bookings.example.org/basket/checkout?notice=membership-added',
    );
  });

  it('takes a known notice off the URL and keeps the rest of the query', () => {
    window.history.replaceState(null, '', '/basket/checkout?kiosk=true&notice=membership-added');
    expect(takeCarriedToast()).toBe('Membership added to basket.');
    expect(window.location.search).toBe('?kiosk=true');
    expect(takeCarriedToast()).toBeNull();
  });

  it('ignores (and drops) an unknown notice, so a link cannot put its own text on the page', () => {
    window.history.replaceState(null, '', '/basket/checkout?notice=You%20have%20won');
    expect(takeCarriedToast()).toBeNull();
    expect(window.location.search).toBe('');
  });
});
