/**
 * Which addresses web_fetch may reach (SPEC Part A "Other tools"): public ones only, unless
 * the config allows private addresses or names the host. The check runs inside the socket's
 * DNS lookup, so the address checked is the address connected to (no DNS-rebinding gap), and
 * again for every redirect hop.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { quiverError, type QuiverError } from '@quiver/core';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

/** What the config allows. */
export interface AddressPolicy {
  /** Allow every address, private and loopback included. @default false */
  allowPrivateAddresses?: boolean;
  /** Hosts (as written in the URL: `127.0.0.1`, `localhost`, `[::1]`, `intranet:8080`) allowed whatever they resolve to. */
  allowedHosts?: readonly string[];
}

// Loopback, private, link-local, shared, documentation, benchmarking, multicast and reserved
// ranges: nothing a public web page lives on.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address that is not public (loopback, private, link-local, reserved...). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const embedded = embeddedIpv4(address);
  if (embedded) return isPrivateAddress(embedded);
  return blocked.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`), -compatible or NAT64 (`64:ff9b::/96`) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when the URL's host is named in `allowedHosts` (or private addresses are allowed). */
export function isHostAllowed(url: URL, policy: AddressPolicy): boolean {
  if (policy.allowPrivateAddresses) return true;
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return (policy.allowedHosts ?? []).some((h) => {
    const entry = h.toLowerCase();
    return entry === host || entry === hostname || entry === hostname.replace(/^\[|\]$/g, '');
  });
}

/** The refusal for a URL whose address is not public. */
export function addressRefused(url: URL, address?: string): QuiverError {
  const where =
    address && address !== url.hostname.replace(/^\[|\]$/g, '') ? `${url.hostname} resolves to ${address}, which` : `${url.hostname}`;
  return quiverError(
    WEB_FETCH_ERRORS.WEB_ADDRESS_REFUSED,
    `Refused to fetch ${url.href}: ${where} is a private, loopback or reserved address. web_fetch reaches public addresses only. ` +
      'Fetch a public URL instead; to allow local servers, the user can set the web_fetch plugin option allowPrivateAddresses or list the host in allowedHosts.',
  );
}

/**
 * Check a URL before connecting: http(s) only, and an IP-literal host must be public (the
 * socket does no lookup for literals). Named hosts are checked by {@link guardedLookup}.
 */
export function checkUrl(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw quiverError(
      WEB_FETCH_ERRORS.WEB_ADDRESS_REFUSED,
      `Refused to fetch ${url.href}: only http and https URLs can be fetched, not '${url.protocol}'.`,
    );
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isHostAllowed(url, policy) && isPrivateAddress(literal)) throw addressRefused(url);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that refuses non-public addresses of a host that is not
 * allowed. Every address the name resolves to must be public, so the connection (which
 * may try any of them) only reaches public ones.
 */
export function guardedLookup(url: URL, policy: AddressPolicy) {
  const allowed = isHostAllowed(url, policy);
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = allowed ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(addressRefused(url, bad.address) as unknown as NodeJS.ErrnoException, []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
