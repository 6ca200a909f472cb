import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Where a profile's client may connect: https anywhere, or plain http only to 127.0.0.1 (a demo
 * exchange on this computer). Anything else would send signed requests in clear text. Link-local
 * and cloud metadata addresses are refused too: an exchange is never there, and a signed request
 * (or the answer of a metadata service) has no business going there.
 */
export function checkBaseUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Enter a full address, such as https://exchange.example.' };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The address must not contain a user name or password.' };
  if (url.search || url.hash) return { ok: false, message: 'The address must not contain ? or #.' };
  const local = url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return { ok: false, message: 'Use https, or http only for an exchange on 127.0.0.1.' };
  }
  if (isMetadataOrLinkLocal(url.hostname)) {
    return {
      ok: false,
      message:
        'This is a link-local or cloud metadata address (such as 169.254.169.254), not an exchange. Enter the exchange’s own address.',
    };
  }
  return { ok: true, url: url.origin + url.pathname.replace(/\/+$/, '') };
}

/** Cloud metadata services that listen outside the link-local ranges. */
const METADATA_IPV4 = new Set(['100.100.100.200']); // Alibaba Cloud
const METADATA_IPV6 = new Set(['fd00:ec2:0:0:0:0:0:254']); // AWS (IPv6 endpoint)

/**
 * Is this host (as the WHATWG URL parser gives it: lower case, IPv4 in dotted decimal, IPv6 in
 * brackets) a link-local address (169.254.0.0/16, fe80::/10, also IPv4-mapped) or a cloud
 * metadata address or name (`metadata`, `metadata.*` such as metadata.google.internal)?
 */
export function isMetadataOrLinkLocal(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = isIP(bare);
  if (family === 4) return isBlockedIpv4(bare);
  if (family === 6) {
    const groups = ipv6Groups(bare);
    if (!groups) return false;
    if ((groups[0]! & 0xffc0) === 0xfe80) return true;
    if (METADATA_IPV6.has(groups.map((g) => g.toString(16)).join(':'))) return true;
    // ::ffff:a.b.c.d (IPv4-mapped)
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
      const v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
      return isBlockedIpv4(v4.join('.'));
    }
    return false;
  }
  return host === 'metadata' || host.startsWith('metadata.');
}

function isBlockedIpv4(address: string): boolean {
  return address.startsWith('169.254.') || METADATA_IPV4.has(address);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((group) => parseInt(group, 16));
  return numbers.length === 8 && numbers.every((n) => n >= 0 && n <= 0xffff) ? numbers : undefined;
}

/**
 * The resolver every connection to an exchange uses (REST and the stream): `resolve`'s answer
 * (dns.lookup by default), refused when any address it gives is link-local or a cloud metadata
 * address. checkBaseUrl refuses such an address written out; a host name that resolves to one is
 * refused here, at connect time, before a byte is sent. Any one such address refuses the name:
 * a name that answers with a good address and a metadata one is not an exchange's.
 */
export function guardedLookup(resolve: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const blocked = addresses.find((a) => isMetadataOrLinkLocal(a));
      if (blocked === undefined) return callback(null, address, family);
      const refusal: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${blocked}, a link-local or cloud metadata address, not an exchange`,
      );
      refusal.code = 'EBLOCKEDADDRESS';
      callback(refusal, options.all ? [] : '', family);
    });
  };
}
