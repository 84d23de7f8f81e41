import { isIP } from 'node:net';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The ranges Fastify (proxy-addr) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4; // a netmask, 255.255.0.0
}

/**
 * TRUSTED_PROXIES as Fastify's `trustProxy`: the listed addresses, CIDR ranges or named ranges, or `false`
 * when empty, so that X-Forwarded-For is read only from a hop that is one of them, and the client address
 * is the closest address in the chain that is not.
 */
export function trustedProxies(value: string): string[] | false {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length ? entries : false;
}

/** A comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or `loopback`/`linklocal`/`uniquelocal`; empty allowed. */
export function IsTrustedProxyList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({
    name: 'isTrustedProxyList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && (trustedProxies(value) || []).every(isTrustEntry),
      defaultMessage: () => 'must be comma-separated IP addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1), or empty',
    },
  }, options);
}
