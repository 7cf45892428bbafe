/**
 * The SSRF guard of customer webhooks (ARCHITECTURE.md §6.2): an endpoint must not resolve to a
 * private, loopback, link-local or otherwise non-public address, unless PUBLIC_URL is on localhost
 * (development). Checked when the URL is saved and again on every connection (the lookup the HTTP
 * client uses), so a DNS answer that changes after saving cannot reach inside.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Thrown (as the connection error) when a host resolves to a refused address. */
export class BlockedAddressError extends Error {
  readonly code = 'ESSRF';
  constructor(readonly address: string) {
    super(`Refused to connect to non-public address ${address}`);
  }
}

const v4 = (b: number[], i: number[]): ipaddr.IPv4 => new ipaddr.IPv4(i.map((k) => b[k]!));
const inRange = (a: ipaddr.IPv6, cidr: string): boolean => a.match(ipaddr.IPv6.parseCIDR(cidr));

/**
 * The IPv4 addresses an IPv6 address embeds, each of which a packet to it may reach; [] when it
 * embeds none. Forms: IPv4-compatible `::/96` (ipaddr.js calls it unicast), IPv4-mapped
 * `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96` (RFC 6145), NAT64 well-known `64:ff9b::/96`
 * (RFC 6052), NAT64 local-use `64:ff9b:1::/48` (RFC 8215: the operator picks the prefix length,
 * so every RFC 6052 position a /48 allows counts: /48, /56, /64, /96), 6to4 `2002::/16` (bits
 * 16–47) and Teredo `2001::/32` (its server, bits 32–63, and its client, bits 96–127 inverted).
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const b = address.toByteArray();
  const last32 = [12, 13, 14, 15];
  if (inRange(address, '::/96') || inRange(address, '::ffff:0:0/96') || inRange(address, '::ffff:0:0:0/96') || inRange(address, '64:ff9b::/96')) return [v4(b, last32)];
  if (inRange(address, '64:ff9b:1::/48')) return [v4(b, [6, 7, 9, 10]), v4(b, [7, 9, 10, 11]), v4(b, [9, 10, 11, 12]), v4(b, last32)];
  if (inRange(address, '2002::/16')) return [v4(b, [2, 3, 4, 5])];
  if (inRange(address, '2001::/32')) return [v4(b, [4, 5, 6, 7]), new ipaddr.IPv4(last32.map((k) => b[k]! ^ 0xff))];
  return [];
}

/**
 * Whether `address` (IPv4 or IPv6 text) is a public unicast address. An IPv6 address that embeds
 * IPv4 addresses (embeddedIPv4) is judged by them: public only when every one is public IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded.length) return embedded.every((a) => a.range() === 'unicast');
  return parsed.range() === 'unicast';
}

/** Whether `hostname` names this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return isIP(h) !== 0 && ipaddr.parse(h).range() === 'loopback';
}

/** The resolver the guard asks (dns.lookup's shape with `all: true`); tests pass a fake one. */
export type Resolver = (hostname: string, options: { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `net` lookup that resolves like dns.lookup (or `resolve`) and fails with BlockedAddressError
 * when any address of the answer is not public by isPublicAddress (`allowPrivate` lifts the rule:
 * development on localhost).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = dnsLookup): LookupFunction {
  return ((hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (blocked) return callback(new BlockedAddressError(blocked.address), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/**
 * Resolves `hostname` (with dns.lookup or `resolve`) and tells whether every address is allowed by
 * isPublicAddress: 'ok', 'private' (some address is not public) or 'unresolvable'. An IP literal
 * is judged as it is.
 */
export async function checkHost(hostname: string, allowPrivate: boolean, resolve: Resolver = dnsLookup): Promise<'ok' | 'private' | 'unresolvable'> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return allowPrivate || isPublicAddress(host) ? 'ok' : 'private';
  const addresses = await new Promise<LookupAddress[] | null>((done) => resolve(host, { all: true }, (err, list) => done(err ? null : list)));
  if (!addresses?.length) return 'unresolvable';
  return allowPrivate || addresses.every((a) => isPublicAddress(a.address)) ? 'ok' : 'private';
}
