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

/** Whether `address` (IPv4 or IPv6 text) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Whether `hostname` names this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return isIP(h) !== 0 && ipaddr.parse(h).range() === 'loopback';
}

/**
 * A `net` lookup that resolves like dns.lookup and fails with BlockedAddressError when any
 * address is not public (`allowPrivate` lifts the rule: development on localhost).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
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
 * Resolves `hostname` and tells whether every address is allowed: 'ok', 'private' (some address is
 * not public) or 'unresolvable'. An IP literal is judged as it is.
 */
export async function checkHost(hostname: string, allowPrivate: boolean): Promise<'ok' | 'private' | 'unresolvable'> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return allowPrivate || isPublicAddress(host) ? 'ok' : 'private';
  const addresses = await new Promise<LookupAddress[] | null>((resolve) => dnsLookup(host, { all: true }, (err, list) => resolve(err ? null : list)));
  if (!addresses?.length) return 'unresolvable';
  return allowPrivate || addresses.every((a) => isPublicAddress(a.address)) ? 'ok' : 'private';
}
