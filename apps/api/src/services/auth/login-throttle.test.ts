import { describe, expect, it } from 'vitest';
import { accountForName, loginDelaySeconds } from './login-throttle.ts';

describe('loginDelaySeconds', () => {
  it('lets the first failures through, then doubles from 1 s up to the cap', () => {
    const delays = Array.from({ length: 16 }, (_, i) => loginDelaySeconds(i + 1, 5, 1, 900));
    expect(delays).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it('stays at the cap however many failures there are', () => {
    expect(loginDelaySeconds(1_000_000, 5, 1, 900)).toBe(900);
    expect(loginDelaySeconds(10, 1, 1, 0.5)).toBe(1);
  });

  it('starts from the configured first delay', () => {
    expect([3, 4, 5, 6, 7].map((n) => loginDelaySeconds(n, 4, 30, 100))).toEqual([0, 30, 60, 100, 100]);
  });
});

it('names an unknown login name by its normalised form', () => {
  expect(accountForName('  Ghost@Example.TEST ')).toBe('name:ghost@example.test');
});
