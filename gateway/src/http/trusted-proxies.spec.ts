import { Writable } from 'node:stream';
import { createLogger, EnvError, loadEnv } from '@mc/kit';
import Fastify from 'fastify';
import { GatewayEnv } from '../config';
import { trustedProxies } from './trusted-proxies';

/** A Fastify server as the gateway builds it (trustProxy from TRUSTED_PROXIES, the kit's logger), answering the client address. */
function server(TRUSTED_PROXIES: string, lines: string[] = []) {
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const env = loadEnv(GatewayEnv, { TRUSTED_PROXIES });
  const fastify = Fastify({ loggerInstance: createLogger('gateway', 'info', stream), trustProxy: trustedProxies(env.TRUSTED_PROXIES) });
  fastify.get('/*', async (request) => ({ ip: request.ip }));
  return fastify;
}

describe('TRUSTED_PROXIES', () => {
  it('is empty by default: X-Forwarded-For never names the client', async () => {
    expect(loadEnv(GatewayEnv, {}).TRUSTED_PROXIES).toBe('');
    const fastify = server('');
    for (const forwarded of ['1.2.3.4', '127.0.0.1', '10.0.0.1, 1.2.3.4']) {
      const res = await fastify.inject({ url: '/x', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': forwarded } });
      expect(res.json()).toEqual({ ip: '198.51.100.9' });
    }
  });

  it('takes the client from X-Forwarded-For only through trusted hops, never an address the client wrote itself', async () => {
    const fastify = server('10.0.0.0/8, 127.0.0.1');
    const via = (remoteAddress: string, forwarded: string) =>
      fastify.inject({ url: '/x', remoteAddress, headers: { 'x-forwarded-for': forwarded } }).then((res) => res.json().ip);
    // The proxy appends the address it saw; whatever the client sent before it stays untrusted.
    expect(await via('10.1.2.3', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await via('10.1.2.3', '203.0.113.5, 10.9.9.9')).toBe('203.0.113.5');
    // Not from a trusted proxy: the header is ignored.
    expect(await via('198.51.100.9', '203.0.113.5')).toBe('198.51.100.9');
  });

  it('refuses an entry that is not an address, a CIDR range or a named range', () => {
    for (const good of ['127.0.0.1', '10.0.0.0/8,192.168.0.0/16', '::1, fd00::/8', 'loopback,uniquelocal', '10.0.0.0/255.0.0.0']) {
      expect(loadEnv(GatewayEnv, { TRUSTED_PROXIES: good }).TRUSTED_PROXIES).toBe(good);
    }
    for (const bad of ['*', 'true', 'proxy.internal', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/1']) {
      expect(() => loadEnv(GatewayEnv, { TRUSTED_PROXIES: bad })).toThrow(EnvError);
    }
  });
});

describe("the gateway's request log", () => {
  it('keeps the path of each request and never its query string', async () => {
    const lines: string[] = [];
    const fastify = server('', lines);
    const token = 'a3f9c2e1b7d84f60a3f9c2e1b7d84f60';
    const address = 'רחוב הרצל 17 רמת גן';
    await fastify.inject({ url: `/api/addresses/search?text=${encodeURIComponent(address)}` });
    await fastify.inject({ url: `/reset-password?token=${token}` });
    const log = lines.join('');
    expect(log).toContain('"url":"/api/addresses/search"');
    expect(log).toContain('"url":"/reset-password"');
    for (const datum of [token, address, encodeURIComponent(address), 'text=']) expect(log).not.toContain(datum);
  });
});
