import { createHmac } from 'node:crypto';
import type { BanScope } from '../../shared/api.js';
import { partsOf, type CanonicalAddress } from './client-address.js';

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

/**
 * The two prefixes of a canonical address, as text (the same text as before addresses
 * were made canonical, so the range hashes of bans already made still match).
 */
export function prefixesOf(address: CanonicalAddress): Record<RangeScope, string> {
  const parts = partsOf(address);
  if (parts && 'v4' in parts) {
    const [a, b, c] = parts.v4;
    return { subnet: `v4/24:${a}.${b}.${c}`, wide: `v4/16:${a}.${b}` };
  }
  if (parts) {
    const hex = parts.v6.map((group) => group.toString(16));
    return { subnet: `v6/64:${hex.slice(0, 4).join(':')}`, wide: `v6/48:${hex.slice(0, 3).join(':')}` };
  }
  // UNPARSABLE_ADDRESS: a range of its own.
  return { subnet: `other:${address}`, wide: `other:${address}` };
}

const LRU_SIZE = 10_000;

/**
 * Hashes a canonical address (lib/client-address.ts: never the text a socket or proxy
 * gave) and its prefixes, remembering the last LRU_SIZE addresses: the ban
 * check asks for all three on every guarded request, and a poster comes back often.
 */
export function createIpHasher(secret: string) {
  const prefixKey = createHmac('sha256', secret).update('hushboard ip-prefix v1').digest();
  const recent = new Map<CanonicalAddress, IpHashes>();
  const hashIp = (ip: CanonicalAddress) => createHmac('sha256', secret).update(ip).digest('hex');
  const hashPrefix = (prefix: string) => createHmac('sha256', prefixKey).update(prefix).digest('hex');
  return {
    hashIp,
    hashesOf(ip: CanonicalAddress): IpHashes {
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
