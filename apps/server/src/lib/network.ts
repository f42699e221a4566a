import { isIP } from 'node:net';

/**
 * Loopback addresses: 127.0.0.0/8, ::1 and IPv4-mapped 127.x (`::ffff:127.0.0.1`). Anything else,
 * including an unparsable or missing address, is not loopback.
 */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  let value = address.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  if (value.startsWith('::ffff:')) {
    const mapped = value.slice('::ffff:'.length);
    if (isIP(mapped) === 4) value = mapped;
  }
  if (isIP(value) === 4) return value.split('.')[0] === '127';
  if (isIP(value) === 6) return value === '::1' || value === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Whether listening on `host` (the HOST setting) keeps the server on this machine: a loopback
 * address or `localhost`. `0.0.0.0`, `::`, a network address or any other name is reachable
 * from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase();
  return value === 'localhost' || isLoopbackAddress(value);
}
