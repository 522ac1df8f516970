import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of network an IP address belongs to. Only 'public' addresses may be reached on a
 * user's behalf: every other class is this machine, its local network, its cloud provider's
 * metadata service, or not routable on the internet at all.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'ipv4-mapped'
  | 'ipv4-embedded'
  | 'multicast'
  | 'reserved'
  | 'not-an-address';

interface Range {
  /** The network address as a big-endian bit string's value. */
  network: bigint;
  prefix: number;
  kind: Exclude<AddressClass, 'public' | 'not-an-address'>;
}

function range(cidr: string, kind: Range['kind']): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const value = isIPv4(address) ? ipv4Value(address) : ipv6Value(address);
  if (value === null) throw new Error(`Bad range ${cidr}`);
  return { network: value, prefix: Number(prefix), kind };
}

// Most specific first: the first range that contains an address names its class.
const IPV4_RANGES: readonly Range[] = [
  range('169.254.169.254/32', 'metadata'), // AWS, GCP, Azure, OpenStack …
  range('100.100.100.200/32', 'metadata'), // Alibaba Cloud
  range('168.63.129.16/32', 'metadata'), // Azure's host agent, a public-looking address
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'cgnat'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  range('192.0.2.0/24', 'reserved'), // documentation
  range('192.88.99.0/24', 'reserved'), // 6to4 relays
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'), // benchmarking
  range('198.51.100.0/24', 'reserved'), // documentation
  range('203.0.113.0/24', 'reserved'), // documentation
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'), // future use and broadcast
];

const IPV6_RANGES: readonly Range[] = [
  range('fd00:ec2::254/128', 'metadata'), // AWS over IPv6
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::ffff:0:0/96', 'ipv4-mapped'),
  // Addresses that carry an IPv4 address inside (NAT64, 6to4, Teredo, IPv4-compatible) reach
  // whatever that address is, a private one included; none is needed to reach a public server.
  range('64:ff9b::/96', 'ipv4-embedded'),
  range('64:ff9b:1::/48', 'ipv4-embedded'),
  range('2002::/16', 'ipv4-embedded'),
  range('2001::/32', 'ipv4-embedded'),
  range('::/96', 'ipv4-embedded'),
  range('2001::/23', 'reserved'), // IETF protocol assignments
  range('2001:db8::/32', 'reserved'), // documentation
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'private'), // the deprecated site-local range
  range('ff00::/8', 'multicast'),
];

/** The only IPv6 block the internet routes (global unicast); the rest is reserved. */
const IPV6_GLOBAL = range('2000::/3', 'reserved');

/**
 * The class of an address written the canonical way Node's resolver and the URL parser write
 * it ('127.0.0.1', '::1', '::ffff:7f00:1'). Other spellings ('0177.0.0.1', '2130706433') are
 * 'not-an-address': the URL parser turns them into dotted form before anything is resolved, so
 * they only arrive here from a caller that skipped it, and are refused.
 *
 * @example classifyAddress('10.1.2.3') // 'private'
 * @example classifyAddress('[::ffff:127.0.0.1]') // 'ipv4-mapped'
 */
export function classifyAddress(input: string): AddressClass {
  const address = input.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(address)) return classIn(IPV4_RANGES, ipv4Value(address), 32) ?? 'public';
  // A zone index ('fe80::1%eth0') only ever names a local interface.
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return 'not-an-address';
  if (bare !== address) return 'link-local';
  const value = ipv6Value(bare);
  if (value === null) return 'not-an-address';
  const known = classIn(IPV6_RANGES, value, 128);
  if (known !== null) return known;
  return contains(IPV6_GLOBAL, value, 128) ? 'public' : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

function classIn(ranges: readonly Range[], value: bigint, bits: number): Range['kind'] | null {
  return ranges.find((candidate) => contains(candidate, value, bits))?.kind ?? null;
}

function contains(candidate: Range, value: bigint, bits: number): boolean {
  const shift = BigInt(bits - candidate.prefix);
  return value >> shift === candidate.network >> shift;
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);
}

/** The 128-bit value of a valid IPv6 address, its dotted IPv4 tail included. */
function ipv6Value(address: string): bigint | null {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const v4 = ipv4Value(tail);
    text = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group, 16)), 0n);
}
