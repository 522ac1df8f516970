import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-class';

/** The host as the URL parser leaves it, which is what the outbound helper classifies. */
function hostOf(url: string): string {
  return new URL(url).hostname;
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['1.1.1.1', 'public'],
  ])('IPv4 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2002:7f00:1::1', 'ipv4-embedded'],
    ['64:ff9b::7f00:1', 'ipv4-embedded'],
    ['2001:0:4136:e378::1', 'ipv4-embedded'],
    ['::7f00:1', 'ipv4-embedded'],
    ['100::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('IPv6 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:7f00:1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'ipv4-mapped'],
  ])('IPv4-mapped %s is refused as %s, whatever it maps to', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0177.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'metadata'],
    ['http://025177524776/', 'metadata'],
    ['http://[::ffff:169.254.169.254]/', 'ipv4-mapped'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
  ])(
    'decimal, octal and hex spellings in %s are read as the URL parser reads them (%s)',
    (url, expected) => {
      expect(classifyAddress(hostOf(url))).toBe(expected);
    },
  );

  it('refuses spellings that skipped the URL parser, and names', () => {
    expect(classifyAddress('0177.0.0.1')).toBe('not-an-address');
    expect(classifyAddress('2130706433')).toBe('not-an-address');
    expect(classifyAddress('localhost')).toBe('not-an-address');
    expect(classifyAddress('1::2::3')).toBe('not-an-address');
  });
});
