import { describe, expect, it } from 'vitest';
import { testViewer } from '../../../tests/support/factories.ts';
import { addressKey, voterFor, voterHash } from './voter-identity.ts';

const SECRET = 'a'.repeat(32);

describe('addressKey', () => {
  it('keeps an IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keeps the /64 of an IPv6 address, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});

describe('voterHash', () => {
  it('is a hex SHA-256 keyed by the secret', () => {
    const hash = voterHash('203.0.113.7', SECRET);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(voterHash('203.0.113.7', SECRET)).toBe(hash);
    expect(voterHash('203.0.113.8', SECRET)).not.toBe(hash);
    expect(voterHash('203.0.113.7', 'b'.repeat(32))).not.toBe(hash);
  });

  it('is one voter for every address of an IPv6 /64', () => {
    expect(voterHash('2001:db8:1:2::1', SECRET)).toBe(voterHash('2001:db8:1:2:ffff::9', SECRET));
    expect(voterHash('2001:db8:1:2::1', SECRET)).not.toBe(voterHash('2001:db8:1:3::1', SECRET));
  });
});

describe('voterFor', () => {
  it('names a member by id and a visitor by address hash', () => {
    expect(voterFor(testViewer(7, 'anna'), '203.0.113.7', SECRET)).toEqual({
      userId: 7,
      voterHash: '',
    });
    expect(voterFor(null, '203.0.113.7', SECRET)).toEqual({
      userId: 0,
      voterHash: voterHash('203.0.113.7', SECRET),
    });
  });
});
