import { BlockList, isIP } from 'node:net';
import { ipv6Groups } from '../lib/ip-address.ts';

// Where a webhook may not be sent unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (docs/decisions/171): this
// machine, private and shared (CGNAT) networks, link-local addresses (and with them the cloud metadata
// services at 169.254.169.254 and fd00:ec2::254), multicast and reserved ranges; an IPv6 form that carries an
// IPv4 address is judged by that address (embeddedV4 below).
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['100::', 64],
  ['ff00::', 8],
  ['2001:db8::', 32],
];

export function blockList(v4 = BLOCKED_V4, v6 = BLOCKED_V6): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

const DEFAULT_BLOCKED = blockList();

const dottedQuad = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 addresses an IPv6 address leads to when it is one of the forms that carry one (docs/decisions/210):
 * IPv4-compatible ::/96 and IPv4-mapped ::ffff:0:0/96, the translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96
 * and 64:ff9b:1::/48, 6to4 2002::/16 (its gateway), Teredo 2001::/32 (its server, and its client, whose
 * address is the last 32 bits inverted). Undefined for any other address; `null` for a form whose IPv4
 * address can't be read (the local NAT64 prefix used with a layout other than the last 32 bits).
 */
function embeddedV4(groups: number[]): string[] | null | undefined {
  const g = groups;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const last32 = dottedQuad(g[6]!, g[7]!);
  if (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [last32];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [last32];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [last32];
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return zero(3, 6) ? [last32] : null;
  if (g[0] === 0x2002) return [dottedQuad(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [dottedQuad(g[2]!, g[3]!), dottedQuad(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return undefined;
}

/** True when the address is one a webhook may not reach (an unparsable address counts as blocked). */
export function isBlockedAddress(address: string, blocked: BlockList = DEFAULT_BLOCKED): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  const groups = family === 6 ? ipv6Groups(address) : undefined;
  if (!groups) return true;
  const v4 = embeddedV4(groups);
  if (v4 === null) return true;
  if (v4) return v4.some((inner) => blocked.check(inner, 'ipv4'));
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}
