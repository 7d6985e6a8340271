// Which hosts the page fetcher may connect to (checkUrl, and connectGuard at each
// connection): public unicast addresses plus the operator's WEB_MCP_ALLOW_HOSTS. Ranges
// come from ipaddr.js; this file only unwraps the IPv6 forms that carry an IPv4 address inside.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { type ToolError, toolError } from '../../errors.ts';
import type { ConnectGuard } from '../../runtime.ts';

/** Every A and AAAA address of a name. Injected so tests never resolve real names. */
export type Resolver = (hostname: string) => Promise<readonly string[]>;

/** getaddrinfo, like the runtime's own fetch, so both see the same /etc/hosts and search rules. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
};

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

const REASONS: Readonly<Record<string, string>> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private (RFC 1918)',
  reserved: 'reserved, documentation or benchmarking',
  uniqueLocal: 'unique-local (fc00::/7)',
  deprecatedSiteLocal: 'site-local (fec0::/10)',
  discard: 'discard-only (100::/64)',
  benchmarking: 'benchmarking',
};

const cidr = (text: string): [Addr, number] => ipaddr.parseCIDR(text);
// ::/96 is the deprecated IPv4-compatible form; ipaddr.js calls most of it "unicast".
const IPV4_COMPATIBLE = cidr('::/96');
// Only 2000::/3 is allocated for global unicast; the rest of "unicast" is IANA-reserved.
const GLOBAL_UNICAST = cidr('2000::/3');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

function v4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function classifyV4(addr: ipaddr.IPv4): string {
  const range = addr.range();
  if (range === 'unicast') return 'public';
  return REASONS[range] ?? range;
}

/** Classifies the IPv4 addresses an IPv6 address carries; public only when all of them are. */
function embedded(label: string, inner: readonly ipaddr.IPv4[]): string {
  for (const v4 of inner) {
    const reason = classifyV4(v4);
    if (reason !== 'public') return `${label} of ${v4.toString()} (${reason})`;
  }
  return 'public';
}

function classifyV6(addr: ipaddr.IPv6): string {
  const p = addr.parts;
  const w = (i: number): number => p[i] ?? 0;
  if (addr.match(IPV4_COMPATIBLE) && addr.range() === 'unicast') {
    // Deprecated since RFC 4291; nothing legitimate serves web pages there.
    const inner = embedded('IPv4-compatible IPv6', [v4FromWords(w(6), w(7))]);
    return inner === 'public' ? 'IPv4-compatible IPv6 (deprecated)' : inner;
  }
  const range = addr.range();
  switch (range) {
    case 'unicast':
      return addr.match(GLOBAL_UNICAST) ? 'public' : 'reserved IPv6 (outside 2000::/3)';
    case 'ipv4Mapped':
      return embedded('IPv4-mapped IPv6', [addr.toIPv4Address()]);
    case 'rfc6145':
      return embedded('IPv4-translated IPv6', [v4FromWords(w(6), w(7))]);
    case 'rfc6052':
      // The local-use NAT64 prefix (64:ff9b:1::/48) maps into a private network by design.
      return addr.match(NAT64_WELL_KNOWN)
        ? embedded('NAT64', [v4FromWords(w(6), w(7))])
        : 'local-use NAT64 (64:ff9b:1::/48)';
    case '6to4':
      return embedded('6to4', [v4FromWords(w(1), w(2))]);
    case 'teredo':
      // Server in bits 32–63; client in the last 32 bits, inverted (RFC 4380).
      return embedded('Teredo', [v4FromWords(w(2), w(3)), v4FromWords(w(6) ^ 0xffff, w(7) ^ 0xffff)]);
    default:
      return REASONS[range] ?? range;
  }
}

/**
 * 'public' when the address is public unicast, otherwise a short reason
 * ('loopback', 'IPv4-mapped IPv6 of 10.0.0.1 (private (RFC 1918))', …).
 */
export function classifyAddress(ip: string): 'public' | string {
  const literal = parseHostLiteral(ip);
  if (literal === undefined) return 'not an IP address';
  const addr: Addr = ipaddr.parse(literal);
  return addr instanceof ipaddr.IPv4 ? classifyV4(addr) : classifyV6(addr);
}

/**
 * The canonical IP when `hostname` is an IP literal in any spelling a URL parser
 * or inet_aton accepts (2130706433, 0177.0.0.1, 0x7f.1, 127.1, [::1], trailing
 * dot), else undefined (a name to resolve).
 */
export function parseHostLiteral(hostname: string): string | undefined {
  let host = hostname.normalize('NFKC').trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') return undefined;
  try {
    if (ipaddr.IPv4.isValid(host)) return ipaddr.IPv4.parse(host).toString();
    if (ipaddr.IPv6.isValid(host)) {
      return ipaddr.IPv6.parse(host).toString();
    }
  } catch {
    // Out-of-range parts (e.g. 256.1.1.1) are not an address; the resolver decides.
  }
  return undefined;
}

/** Names that mean this machine whatever DNS says (RFC 6761). */
export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** True when `url`'s host and port exactly match a `host[:port]` entry (no port = the scheme's default). */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/\.$/, '');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return allowHosts.some((entry) => {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry.trim());
    if (!m?.[1]) return false;
    let entryHost: string;
    try {
      entryHost = new URL(`http://${m[1]}/`).hostname.replace(/\.$/, '');
    } catch {
      return false;
    }
    return entryHost === host && (m[2] === undefined ? url.port === '' : Number(m[2]) === port);
  });
}

/** What decides whether a URL may be fetched. */
export interface HostPolicy {
  readonly resolve: Resolver;
  /** WEB_MCP_ALLOW_HOSTS: `host[:port]` entries that may be fetched although not public. */
  readonly allowHosts: readonly string[];
  /** Tests only: lets a loopback fixture address count as public. */
  readonly isPublic?: (ip: string) => boolean;
}

export const blocked = (url: string, why: string): ToolError =>
  toolError(
    'blocked_url',
    `blocked_url: ${url} ${why}; page tools fetch only the public web (an operator can open an intranet host with WEB_MCP_ALLOW_HOSTS)`,
  );

/** undefined when `url` may be fetched: http(s), and allow-listed or only public addresses. */
export async function checkUrl(url: URL, policy: HostPolicy): Promise<ToolError | undefined> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return blocked(url.href, `uses ${url.protocol.replace(/:$/, '')}, not http or https`);
  }
  if (isAllowedHost(url, policy.allowHosts)) return undefined;
  if (isLocalhostName(url.hostname)) return blocked(url.href, 'names this machine (localhost)');
  const isPublic = policy.isPublic ?? ((ip: string) => classifyAddress(ip) === 'public');
  const literal = parseHostLiteral(url.hostname);
  if (literal !== undefined) {
    return isPublic(literal) ? undefined : blocked(url.href, `is a ${classifyAddress(literal)} address`);
  }
  const addresses = await policy.resolve(url.hostname).catch((): readonly string[] => []);
  if (addresses.length === 0) {
    return toolError(
      'fetch_failed',
      `fetch_failed: the name ${url.hostname} could not be resolved; check the address or try another source`,
    );
  }
  // Every address must be public: fetch may connect to any of them.
  for (const address of addresses) {
    const ip = parseHostLiteral(address);
    if (ip === undefined || !isPublic(ip)) {
      return blocked(url.href, `resolves to ${address}, a ${classifyAddress(address)} address`);
    }
  }
  return undefined;
}

/** The first refusal among `urls` as `checkUrl` sees them today: for copies kept from an earlier fetch. */
export async function checkStored(
  urls: readonly string[],
  policy: HostPolicy,
): Promise<ToolError | undefined> {
  for (const href of new Set(urls)) {
    const refused = URL.canParse(href)
      ? await checkUrl(new URL(href), policy)
      : blocked(href, 'is not a URL');
    if (refused) return refused;
  }
  return undefined;
}

/**
 * The same policy for the runtime's page fetch, applied again each time it connects,
 * so the socket goes only to an address checked at that moment (no DNS rebinding).
 */
export function connectGuard(policy: HostPolicy): ConnectGuard {
  const isPublic = policy.isPublic ?? ((ip: string) => classifyAddress(ip) === 'public');
  return {
    resolve: policy.resolve,
    refuse(target, address) {
      const host = target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
      if (isAllowedHost(new URL(`${target.protocol}//${host}:${target.port}/`), policy.allowHosts))
        return undefined;
      if (isLocalhostName(target.hostname)) return 'a name of this machine (localhost)';
      const ip = parseHostLiteral(address);
      return ip !== undefined && isPublic(ip) ? undefined : `a ${classifyAddress(address)} address`;
    },
  };
}
