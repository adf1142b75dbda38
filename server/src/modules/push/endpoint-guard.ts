import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may post a push: a push service on the public internet. A subscription's
 * endpoint is any URL a signed-in user sends, so without this check it could aim the server at
 * its own network (a database, a cloud metadata service, an admin page on the LAN).
 *
 * The endpoint's host is resolved and every address it has must be public; the connection then
 * goes to the address that was checked (`guardedLookup` is the socket's `lookup`), so a name
 * cannot answer a public address to the check and a private one to the connection.
 */
export type EndpointPolicy = {
  /** Tests and local push servers only (PUSH_LOOPBACK_HTTP): loopback addresses, http to them. */
  allowLoopback: boolean;
};

export class RefusedEndpointError extends Error {}

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 one carries: IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`. */
function embeddedIpv4(address: string): string | undefined {
  const match =
    /^(?:::ffff:|64:ff9b::|::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
      address,
    );
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2] ?? '0', 16);
  const low = parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether the server may connect to this address (a literal IPv4 or IPv6 address). */
export function isAllowedAddress(address: string, policy: EndpointPolicy): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 0) return false;
  const v4 = family === 4 ? bare : embeddedIpv4(bare);
  if (v4 !== undefined) {
    if (loopback.check(v4, 'ipv4')) return policy.allowLoopback;
    return !refused.check(v4, 'ipv4');
  }
  if (loopback.check(bare, 'ipv6')) return policy.allowLoopback;
  return !refused.check(bare, 'ipv6');
}

/** Why the server may not post to this endpoint (before any resolving), or undefined. */
export function endpointSyntaxProblem(
  endpoint: string,
  policy: EndpointPolicy,
): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be an https:// URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  if (url.protocol === 'http:') {
    return policy.allowLoopback && literal && isAllowedAddress(host, policy)
      ? undefined
      : 'must be an https:// URL';
  }
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  if (literal) return "must name the push service's host, not an address";
  return undefined;
}

type Resolved = { address: string; family: number };

function resolveAll(hostname: string): Promise<Resolved[]> {
  return new Promise((resolve, reject) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Every address of the host, refused unless all of them are allowed: a name with one public and
 * one private address could otherwise be connected to either.
 */
export async function resolveAllowed(
  hostname: string,
  policy: EndpointPolicy,
): Promise<Resolved[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isAllowedAddress(host, policy)) {
      throw new RefusedEndpointError(`push endpoint ${host} is not a public address`);
    }
    return [{ address: host, family: isIP(host) }];
  }
  const addresses = await resolveAll(host);
  const bad = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
  if (bad || addresses.length === 0) {
    throw new RefusedEndpointError(
      `push endpoint host ${host} resolves to ${bad?.address ?? 'nothing'}, not a public address`,
    );
  }
  return addresses;
}

/** A socket `lookup` connecting only to addresses `resolveAllowed` accepted. */
export function guardedLookup(policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((entry) => entry.family === options.family)
            : addresses;
        if (options.all) return callback(null, wanted);
        const first = wanted[0];
        if (!first) {
          return callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        }
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
