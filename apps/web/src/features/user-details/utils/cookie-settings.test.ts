import { describe, expect, it, vi } from 'vitest';
import { COOKIE_SETTINGS_EVENT, openCookieSettings } from './cookie-settings';

describe('openCookieSettings', () => {
  it('tells the tag-manager container and reopens a known consent tool', () => {
    const renew = vi.fn();
    const target = { Cookiebot: { renew } } as unknown as Window;
    expect(openCookieSettings(target)).toBe(true);
    expect(renew).toHaveBeenCalledOnce();
    expect(target.dataLayer).toEqual([{ event: COOKIE_SETTINGS_EVENT }]);
  });

  it('only pushes the event when no consent tool is loaded', () => {
    const target = { dataLayer: [{ event: 'page_view' }] } as unknown as Window;
    expect(openCookieSettings(target)).toBe(false);
    expect(target.dataLayer).toEqual([{ event: 'page_view' }, { event: COOKIE_SETTINGS_EVENT }]);
  });
});
