import { describe, expect, it } from 'vitest';
import { clientKey } from './ip-address.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, plain or IPv4-mapped', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('reads an IPv6 address as its /64, in any of its textual forms', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:db8::1:abcd:ef01:2345:6789',
      '2001:0DB8:0000:0001:0:0:0:ffff',
      'fe80::1%eth0',
    ])
      expect(clientKey(address), address).toBe(address.startsWith('fe80') ? 'fe80:0:0:0::/64' : key);
    expect(clientKey('2001:db8:0:2::1')).not.toBe(key);
  });

  it('leaves anything else as given', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
