import { BlockList, isIP } from 'node:net';

// Where a webhook may not be sent unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (docs/decisions/171): this
// machine, private and shared (CGNAT) networks, link-local addresses (and with them the cloud metadata
// services at 169.254.169.254 and fd00:ec2::254), multicast and reserved ranges.
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

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when the address is one a webhook may not reach (an unparsable address counts as blocked). */
export function isBlockedAddress(address: string, blocked: BlockList = DEFAULT_BLOCKED): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  return v4 ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
}
