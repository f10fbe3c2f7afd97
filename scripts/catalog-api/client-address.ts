/**
 * Whom a request comes from, for the API's per-client limits (staff sign-in, writes to /catalog/*), and
 * whether it reached the deployment over HTTPS (for the bag cookie).
 *
 * The connecting peer is the client, unless it is a proxy the deployment trusts (CATALOG_TRUSTED_PROXIES:
 * addresses and CIDR ranges, `loopback` by default, which is the site's own /api proxy on this host). Then
 * the client is the first untrusted address of X-Forwarded-For read from the right: each proxy appends the
 * address it was connected from, so the entries on the right are the trusted hops' and anything a visitor
 * wrote themselves is on the left, never read. A host that names the client in a header of its own
 * (Netlify's `x-nf-client-connection-ip`, CATALOG_CLIENT_IP_HEADER) is believed in the same way: only
 * when a trusted proxy relays it.
 */
import { BlockList, isIP } from 'node:net';

/** The keyword for the loopback ranges, and the default. */
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/**
 * Parses CATALOG_TRUSTED_PROXIES: comma-separated addresses and CIDR ranges, `loopback`, or `none`. Gives
 * normalised ranges (an address becomes /32 or /128); throws naming the first entry that is neither.
 */
export function parseTrustedProxies(raw: string): string[] {
  const ranges: string[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '' || entry === 'none') continue;
    if (entry === 'loopback') {
      ranges.push(...LOOPBACK);
      continue;
    }
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
    if (family === 0 || extra !== undefined || prefix < 0 || prefix > max) {
      throw new Error(
        `CATALOG_TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)`,
      );
    }
    ranges.push(`${address}/${prefix}`);
  }
  return ranges;
}

/**
 * Why trusting these ranges would let a direct caller choose the address it is counted as, or null: a range
 * wider than a /8 (IPv4) or a /16 (IPv6) takes in the public internet, whose callers write their own
 * X-Forwarded-For. Production mode refuses to start with such a setting.
 */
export function overBroadTrust(ranges: readonly string[]): string | null {
  for (const range of ranges) {
    const [address = '', bits = ''] = range.split('/');
    if (Number(bits) < (isIP(address) === 6 ? 16 : 8)) return range;
  }
  return null;
}

/** A header name for CATALOG_CLIENT_IP_HEADER (lower case), or null when unset; throws when malformed. */
export function parseClientIpHeader(raw: string | undefined): string | null {
  const name = raw?.trim().toLowerCase() ?? '';
  if (name === '') return null;
  if (!/^[a-z0-9-]{1,64}$/.test(name)) {
    throw new Error(
      `CATALOG_CLIENT_IP_HEADER must be a header name (x-nf-client-connection-ip), got ${JSON.stringify(raw)}`,
    );
  }
  return name;
}

/** The trust of one deployment, ready to ask. */
export interface ProxyTrust {
  trusted: (address: string) => boolean;
  clientIpHeader: string | null;
}

export function proxyTrust(options: {
  trustedProxies: readonly string[];
  clientIpHeader: string | null;
}): ProxyTrust {
  const list = new BlockList();
  for (const range of options.trustedProxies) {
    const [address = '', bits = ''] = range.split('/');
    list.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    trusted: (address) => {
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
    clientIpHeader: options.clientIpHeader,
  };
}

/** An address as written in a header or by the socket: IPv4-mapped IPv6 as plain IPv4; null when not an IP. */
function normalise(value: string | undefined): string | null {
  const address = value?.trim().replace(/^\[(.*)\]$/, '$1') ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  return isIP(plain) === 0 ? null : plain.toLowerCase();
}

type Header = (name: string) => string | undefined;

/**
 * Whether the peer's forwarding headers are believed: it is a trusted proxy, or the request carries a valid
 * signature of the deployment's proxy (`signed`, proxy-signature.ts: Netlify's signed proxy, whose edge
 * addresses are not published). A request made in the process (the tests' `app.request`) has no peer and is
 * treated as coming from the loopback proxy.
 */
function relayedByTrusted(peer: string | undefined, trust: ProxyTrust, signed: boolean): boolean {
  if (signed || peer === undefined) return true;
  const address = normalise(peer);
  return address !== null && trust.trusted(address);
}

/** The client's address (see the file's header); `peer` is the socket's remote address. */
export function clientAddress(
  peer: string | undefined,
  header: Header,
  trust: ProxyTrust,
  signed = false,
): string {
  const self = normalise(peer) ?? peer ?? 'in-process';
  if (!relayedByTrusted(peer, trust, signed)) return self;
  if (trust.clientIpHeader !== null) {
    const named = normalise(header(trust.clientIpHeader));
    if (named !== null) return named;
  }
  const hops = (header('x-forwarded-for') ?? '').split(',').filter((hop) => hop.trim() !== '');
  let nearest = self;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = normalise(hops[i]);
    // A hop that is no address: nothing to its left can be told apart from what a visitor wrote.
    if (hop === null) return nearest;
    if (!trust.trusted(hop)) return hop;
    nearest = hop;
  }
  return nearest;
}

/** Whether a trusted proxy says the request reached it over HTTPS (X-Forwarded-Proto, its first value). */
export function forwardedHttps(
  peer: string | undefined,
  header: Header,
  trust: ProxyTrust,
  signed = false,
): boolean {
  if (!relayedByTrusted(peer, trust, signed)) return false;
  const proto = (header('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}
