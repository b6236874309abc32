import { describe, expect, it } from 'vitest';
import { parsePounds, poundsText } from './pounds';

describe('parsePounds', () => {
  it.each([
    ['£12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['1,234.05', 123405],
    [' £ 0.05 ', 5],
    ['.5', 50],
    ['0', 0],
  ])('%s is %i pence', (text, pence) => expect(parsePounds(text)).toBe(pence));

  it.each(['', 'abc', '12.505', '£', '1.2.3', '-5', '12p'])('refuses %j', (text) =>
    expect(parsePounds(text)).toBeNull(),
  );

  it('takes a minus sign when asked (adjustments)', () => {
    expect(parsePounds('-£0.50', { allowNegative: true })).toBe(-50);
    expect(parsePounds('−3', { allowNegative: true })).toBe(-300);
  });

  it('shows pence back as pounds', () => {
    expect(poundsText(11450)).toBe('114.50');
    expect(poundsText(-50)).toBe('-0.50');
  });
});
