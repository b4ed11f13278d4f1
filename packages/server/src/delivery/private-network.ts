import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.js';

/**
 * Addresses a production gateway must not call on a merchant's behalf (SSRF): anything `ipaddr.js`
 * does not class as global unicast, that is loopback, private, link-local (cloud metadata),
 * carrier-grade NAT, unique-local, unspecified, multicast, broadcast, reserved and documentation
 * ranges, and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo).
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // `process` turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(address).range() !== 'unicast';
}

/** A host name that names this machine whatever DNS says (RFC 6761). */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** Private notification targets are refused at configuration when the relay would refuse them at delivery. */
export function refusesPrivateTargets(config: Config): boolean {
  return !(config.GATEHOUSE_DELIVERY_ALLOW_PRIVATE ?? config.GATEHOUSE_MODE === 'sandbox');
}

/**
 * Why a notification URL may not be configured in production mode, or undefined when it may: its
 * host is an address literal in a non-public range, or `localhost`. Names are not resolved here (see
 * `resolvesToPrivate`); every delivery checks the address it actually dials.
 */
export function privateTargetReason(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    // expected: not a URL: the field's own validation answers
    return undefined; // not a URL: the field's own validation answers
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (isLocalName(host) || isPrivateAddress(host)) {
    return 'must not be a private, loopback or link-local address in production mode';
  }
  return undefined;
}

/**
 * The same rule after resolving the URL's host name (for settings made by an operator, off the
 * request path): refused when any address it resolves to is private. A name that does not resolve
 * is accepted; delivery checks again.
 */
export async function privateTargetReasonResolved(url: string): Promise<string | undefined> {
  const literal = privateTargetReason(url);
  if (literal) return literal;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    // expected: not a URL: the field's own validation answers
    return undefined;
  }
  if (ipaddr.isValid(host.replace(/^\[|\]$/g, ''))) return undefined;
  try {
    const addresses = await dnsLookupAll(host, { all: true });
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad)
      return `resolves to ${bad.address}: must not be a private, loopback or link-local address in production mode`;
  } catch {
    // expected: the name does not resolve now: accepted here, and every delivery checks the address it dials
    return undefined;
  }
  return undefined;
}

export class PrivateTargetRefused extends Error {
  constructor(readonly address: string) {
    super(
      `private network target refused (${address}): production mode (set GATEHOUSE_DELIVERY_ALLOW_PRIVATE=true to allow)`,
    );
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for outgoing connections that fails when a name resolves to a private address. It
 * runs at connect time, on the address actually dialled, so DNS rebinding cannot slip past it.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateTargetRefused(bad.address), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
