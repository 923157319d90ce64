import { isIPv4, isIPv6 } from 'node:net';

declare const canonical: unique symbol;

/**
 * A client address in its one spelling (issue 28, finding 5). Every hash, prefix, ban
 * check, rate-limit or proof-of-work key and CSRF nonce is taken over this, never over
 * the text a socket or a proxy handed us: `2001:DB8::7`, `2001:0db8:0:0:0:0:0:7` and
 * `2001:db8::7%eth0` are one client, and so are `192.0.2.1` and `::ffff:192.0.2.1`.
 * Only `canonicalAddress` makes one, so the type system finds a consumer that skipped it.
 */
export type CanonicalAddress = string & { readonly [canonical]: true };

/**
 * What anything that is not an address becomes (a malformed X-Forwarded-For behind
 * TRUST_PROXY=true, a test's made-up remote address): one client, never one per
 * spelling, so garbage can neither dodge a ban nor reset a rate limit by changing.
 */
export const UNPARSABLE_ADDRESS = 'unparsable' as CanonicalAddress;

/** 8 groups of 16 bits; `text` has passed isIPv6 and carries no zone id. */
function ipv6Groups(text: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952: lowercase, no leading zeros, the first longest run of two or more zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; ) {
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) [best, bestLength] = [start, end - start];
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

/** The text of an address a socket or proxy may hand over: brackets, a port, spaces around it. */
function unwrap(text: string): string {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(trimmed);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d{1,5}$/.exec(trimmed);
  return withPort ? withPort[1]! : trimmed;
}

/**
 * The canonical spelling of an address, or undefined when it is none: IPv4 dotted
 * decimal (an octet with a leading zero is refused, as node:net does: octal or decimal
 * is anyone's guess); IPv6 per RFC 5952, its zone id dropped; an IPv4-mapped
 * (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`, first octet not 0, so `::` and
 * `::1` stay IPv6) address as the IPv4 address it carries.
 */
export function parseAddress(text: string): CanonicalAddress | undefined {
  let address = unwrap(text);
  if (isIPv4(address)) return address as CanonicalAddress;
  // A zone id names the interface the address was reached on, not the address.
  address = address.split('%')[0]!;
  if (!isIPv6(address)) return undefined;
  const groups = ipv6Groups(address);
  const v4Tail = groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || (groups[5] === 0 && groups[6]! >> 8 !== 0));
  if (v4Tail) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.') as CanonicalAddress;
  return formatIpv6(groups) as CanonicalAddress;
}

/** The client address every consumer uses: canonical, or UNPARSABLE_ADDRESS. */
export function canonicalAddress(text: string | undefined): CanonicalAddress {
  return (text === undefined ? undefined : parseAddress(text)) ?? UNPARSABLE_ADDRESS;
}

/** The IPv4 octets or IPv6 groups of a canonical address; undefined for UNPARSABLE_ADDRESS. */
export function partsOf(address: CanonicalAddress): { v4: number[] } | { v6: number[] } | undefined {
  if (isIPv4(address)) return { v4: address.split('.').map(Number) };
  if (isIPv6(address)) return { v6: ipv6Groups(address) };
  return undefined;
}
