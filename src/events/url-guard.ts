import { BlockList, isIP } from 'node:net';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import dns from 'node:dns';

/**
 * Server-side request forgery guard for webhook URLs: only http(s), and no address in a private,
 * loopback, link-local, carrier-grade NAT, multicast or reserved range, unless allowed by
 * WEBHOOK_ALLOW_PRIVATE_URLS (tests, local development). Checked when a subscription is saved (the
 * hostname is resolved) and again on every connection (guardedLookup), so a DNS answer that changes
 * later cannot point a delivery inside the network.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) {
    const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare) ?? /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
    return BLOCKED.check(bare, 'ipv6');
  }
  return true; // not an address at all: refuse
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

/** Resolves the URL's host and refuses it when any address is private (unless allowed). */
export async function assertPublicUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const syntax = urlSyntaxProblem(raw);
  if (syntax) throw new UnsafeUrlError(syntax);
  if (allowPrivate) return;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UnsafeUrlError(`url host ${host} did not resolve in time`)),
        LOOKUP_TIMEOUT_MS,
      );
    });
    try {
      const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), timeout]);
      addresses = found.map((a) => a.address);
    } catch (e) {
      if (e instanceof UnsafeUrlError) throw e;
      throw new UnsafeUrlError(`url host ${host} does not resolve`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new UnsafeUrlError('url points to a private, loopback or link-local address, which is not allowed');
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private answers at connection time (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(
          Object.assign(new UnsafeUrlError(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
          [],
        );
      }
      if ((options as LookupAllOptions).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
