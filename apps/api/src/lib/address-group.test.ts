import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.ts';

describe('addressGroup', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const group = '2001:db8:1:2::/64';
    expect(addressGroup('2001:db8:1:2::1')).toBe(group);
    expect(addressGroup('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(group);
    expect(addressGroup('2001:DB8:1:2:0:0:0:9%eth0')).toBe(group);
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });
});
