import { isIP } from 'node:net';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery guard for webhook URLs (docs/events.md): only http(s), and every address the
 * host resolves to must be public unicast, unless WEBHOOK_ALLOW_PRIVATE_URLS (tests, local development).
 * Checked when a subscription is saved and again on every connection (guardedLookup), so a DNS answer that
 * changes later cannot point a delivery inside the network. Addresses are classified by ipaddr.js on their
 * parsed value, never on their spelling.
 */

/** A host name's addresses, as dns.lookup answers them (hosts file, then DNS). Tests inject their own. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

type Block = [ipaddr.IPv6, number];
const block = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr) as Block;

/**
 * IPv6 blocks that carry an IPv4 address, and the byte it starts at: a packet to them reaches (or is
 * translated to) that IPv4 address, so it is that address that must be public. IPv4-mapped ::ffff:0:0/96 is
 * unwrapped by ipaddr.process() before these.
 */
const EMBEDDING: { within: Block; at: number }[] = [
  { within: block('::/96'), at: 12 }, // IPv4-compatible (deprecated, RFC 4291); also holds :: and ::1
  { within: block('64:ff9b::/96'), at: 12 }, // NAT64 well-known prefix (RFC 6052)
  { within: block('64:ff9b:1::/48'), at: 12 }, // NAT64 local-use prefix (RFC 8215), read in its /96 layout
  { within: block('2002::/16'), at: 2 }, // 6to4 (RFC 3056): 2002:AABB:CCDD::/48
];

/** IANA's global unicast space: outside it, an address ipaddr calls 'unicast' is unassigned or reserved. */
const GLOBAL_UNICAST = block('2000::/3');

/**
 * True only for an address a webhook may reach: ipaddr's 'unicast' range (every special range refused:
 * private, loopback, link-local, CGNAT, documentation, multicast, Teredo, site-local, discard-only, ...),
 * after unwrapping every IPv4 embedded in an IPv6 address.
 */
export function isPublicUnicast(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return false; // not an address at all: refuse
  const parsed = ipaddr.process(bare);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const embedding = EMBEDDING.find((e) => parsed.match(e.within));
  if (embedding) {
    const v4 = ipaddr.fromByteArray(parsed.toByteArray().slice(embedding.at, embedding.at + 4));
    return v4.range() === 'unicast';
  }
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST);
}

export function isPrivateAddress(address: string): boolean {
  return !isPublicUnicast(address);
}

export class UnsafeUrlError extends Error {}

/** Syntax only: an absolute http(s) URL without credentials. Returns the reason it is refused, if it is. */
export function urlSyntaxProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (url.username || url.password) return 'url must not contain credentials';
  if (!url.hostname) return 'url must name a host';
  return undefined;
}

const LOOKUP_TIMEOUT_MS = 5000;

/** Resolves the URL's host and refuses it when any address is not public unicast (unless allowed). */
export async function assertPublicUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: HostResolver = systemResolver,
): Promise<void> {
  const syntax = urlSyntaxProblem(raw);
  if (syntax) throw new UnsafeUrlError(syntax);
  if (allowPrivate) return;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveInTime(host, resolve);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new UnsafeUrlError('url points to a private, loopback or link-local address, which is not allowed');
  }
}

async function resolveInTime(host: string, resolve: HostResolver): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnsafeUrlError(`url host ${host} did not resolve in time`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([resolve(host), timeout]);
    return found.map((a) => a.address);
  } catch (e) {
    if (e instanceof UnsafeUrlError) throw e;
    throw new UnsafeUrlError(`url host ${host} does not resolve`);
  } finally {
    clearTimeout(timer);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses non-public answers at connection time (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean, resolve: HostResolver = systemResolver) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    const family = familyNumber(options.family);
    resolve(hostname).then(
      (found) => {
        const list = family ? found.filter((a) => a.family === family) : found;
        if (list.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
          return callback(
            Object.assign(new UnsafeUrlError(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
            [],
          );
        }
        if ((options as LookupAllOptions).all) return callback(null, list);
        return callback(null, list[0].address, list[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}

/** The family a connection asked for (4, 6 or 'IPv4', 'IPv6'), or undefined for any. */
function familyNumber(family: number | string | undefined): 4 | 6 | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}
