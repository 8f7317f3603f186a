import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address in any textual form (`::`, a dotted tail, a zone), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = text.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const bytes = dotted.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return undefined;
    text = `${dotted[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string) => (half === '' ? [] : half.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The client a request counts as for the sign-in and sign-up limits (docs/decisions/292): an IPv4 address
 * as itself, whether written plain or IPv4-mapped (`::ffff:198.51.100.7`); an IPv6 address as its /64, the
 * smallest network a host is given and every address of which it may send from, so a client can't step
 * round its limits by changing address inside it. Anything else (no address at all) as given.
 */
export function clientKey(address: string): string {
  const family = isIP(address);
  if (family !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a, b, c, d, e, f, g, h] = groups as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return [g >> 8, g & 255, h >> 8, h & 255].join('.');
  return `${[a, b, c, d].map((x) => x.toString(16)).join(':')}::/64`;
}
