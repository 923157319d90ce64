import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { BanScope } from '../../shared/api.js';

/**
 * The keyed hashes of an address's prefixes, for range bans (CONTRACT.md section 11):
 * `subnet` is an IPv4 /24 or IPv6 /64, `wide` an IPv4 /16 or IPv6 /48. The key is
 * derived from SECRET under its own label, so a prefix hash is never comparable with
 * an ipHash (keyed by SECRET itself) and reveals nothing of the address without SECRET.
 */
export interface IpHashes {
  ip: string;
  subnet: string;
  wide: string;
}

export type RangeScope = Exclude<BanScope, 'ip'>;

/** 8 groups of 16 bits, the IPv6 address written out; undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!; // a zone id names an interface, not part of the address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** The two prefixes of an address, as text; an IPv4-mapped IPv6 address counts as IPv4. */
export function prefixesOf(address: string): Record<RangeScope, string> {
  let v4 = isIPv4(address) ? address : undefined;
  const groups = v4 === undefined && isIPv6(address) ? ipv6Groups(address) : undefined;
  if (groups && groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  if (v4 !== undefined) {
    const [a, b, c] = v4.split('.');
    return { subnet: `v4/24:${a}.${b}.${c}`, wide: `v4/16:${a}.${b}` };
  }
  if (groups) {
    const hex = groups.map((group) => group.toString(16));
    return { subnet: `v6/64:${hex.slice(0, 4).join(':')}`, wide: `v6/48:${hex.slice(0, 3).join(':')}` };
  }
  // Not an address at all (a test's made-up remote address): a range of its own.
  return { subnet: `other:${address}`, wide: `other:${address}` };
}

const LRU_SIZE = 10_000;

/**
 * Hashes an address and its prefixes, remembering the last LRU_SIZE addresses: the ban
 * check asks for all three on every guarded request, and a poster comes back often.
 */
export function createIpHasher(secret: string) {
  const prefixKey = createHmac('sha256', secret).update('hushboard ip-prefix v1').digest();
  const recent = new Map<string, IpHashes>();
  const hashIp = (ip: string) => createHmac('sha256', secret).update(ip).digest('hex');
  const hashPrefix = (prefix: string) => createHmac('sha256', prefixKey).update(prefix).digest('hex');
  return {
    hashIp,
    hashesOf(ip: string): IpHashes {
      let hashes = recent.get(ip);
      if (hashes) {
        // Map keeps insertion order: moving the entry to the end makes it the newest.
        recent.delete(ip);
      } else {
        const prefixes = prefixesOf(ip);
        hashes = { ip: hashIp(ip), subnet: hashPrefix(prefixes.subnet), wide: hashPrefix(prefixes.wide) };
        if (recent.size >= LRU_SIZE) recent.delete(recent.keys().next().value!);
      }
      recent.set(ip, hashes);
      return hashes;
    },
  };
}

export type IpHasher = ReturnType<typeof createIpHasher>;
