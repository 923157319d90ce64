import { describe, expect, it } from 'vitest';
import { canonicalAddress } from './client-address.js';
import { createIpHasher, prefixesOf } from './ip-prefix.js';

const prefixes = (text: string) => prefixesOf(canonicalAddress(text));

describe('prefixesOf', () => {
  it('takes the /24 and /16 of IPv4, also written as IPv4-mapped IPv6', () => {
    const plain = prefixes('198.51.100.10');
    expect(plain).toEqual({ subnet: 'v4/24:198.51.100', wide: 'v4/16:198.51' });
    expect(prefixes('::ffff:198.51.100.99')).toEqual(plain);
    expect(prefixes('::ffff:c633:640a')).toEqual(plain);
  });

  it('takes the /64 and /48 of IPv6 however it is written', () => {
    const short = prefixes('2001:db8:1:2::10');
    expect(short).toEqual({ subnet: 'v6/64:2001:db8:1:2', wide: 'v6/48:2001:db8:1' });
    expect(prefixes('2001:0DB8:0001:0002:0000:0000:0000:0099')).toEqual(short);
    expect(prefixes('2001:db8:1:2:ffff::1%eth0')).toEqual(short);
    expect(prefixes('::1')).toEqual({ subnet: 'v6/64:0:0:0:0', wide: 'v6/48:0:0:0' });
  });

  it('gives everything that is no address one range of its own', () => {
    expect(prefixes('an IP address')).toEqual({ subnet: 'other:unparsable', wide: 'other:unparsable' });
    expect(prefixes('999.1.1.1')).toEqual(prefixes('garbage'));
  });
});

describe('createIpHasher', () => {
  it('keys prefixes apart from addresses and scopes apart from each other', () => {
    const hasher = createIpHasher('a-secret-long-enough');
    const one = hasher.hashesOf(canonicalAddress('198.51.100.10'));
    expect(new Set([one.ip, one.subnet, one.wide]).size).toBe(3);
    expect(hasher.hashesOf(canonicalAddress('198.51.100.77')).subnet).toBe(one.subnet);
    expect(hasher.hashesOf(canonicalAddress('198.51.100.10'))).toEqual(one);
    expect(createIpHasher('another-secret-long-enough').hashesOf(canonicalAddress('198.51.100.10')).subnet).not.toBe(one.subnet);
  });
});
