import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import { ErrorCodes, Messages, type HttpErrorBody } from '@mc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayEnv } from '../config';
import { clientKey } from './client-key';

/**
 * The server render's own API calls (`fastify.inject`, from 127.0.0.1) carry this header with this process's random
 * value: they are part of a page the visitor's request already counted, so no per-client limit counts them.
 */
export const INTERNAL_REQUEST_HEADER = 'x-mc-internal';
export const INTERNAL_REQUEST_TOKEN = randomBytes(24).toString('base64url');

const isInternal = (request: FastifyRequest): boolean => request.headers[INTERNAL_REQUEST_HEADER] === INTERNAL_REQUEST_TOKEN;

/** The groups of anonymous reads that cost work, each with its own per-client limit (GatewayEnv's RATE_LIMIT_*). */
export type ReadGroup = 'cartReads' | 'search' | 'lists' | 'pages';

/** The route (as Fastify names it: method and path pattern) of each limited read. */
export const LIMITED_READS: Record<string, ReadGroup> = {
  'POST /api/cart/resolve': 'cartReads',
  'POST /api/cart/alternatives': 'cartReads',
  'POST /api/cart/quote': 'cartReads',
  'GET /api/search': 'search',
  'GET /api/products': 'lists',
  'GET /api/products/:slug/pharm-products': 'lists',
  'GET /api/products/:slug/related': 'lists',
  'GET /api/pharms': 'lists',
  'GET /api/pharms/:slug/products': 'lists',
  'GET /api/pharms/:slug/products/:id/related': 'lists',
  'GET /api/discounts': 'lists',
  'GET /api/tags/:slug': 'lists',
  // The web app's pages (drawn on the server for the landing pages).
  'GET /*': 'pages',
};

const LIMITS: Record<ReadGroup, (env: GatewayEnv) => number> = {
  cartReads: (env) => env.RATE_LIMIT_CART_READS,
  search: (env) => env.RATE_LIMIT_SEARCH,
  lists: (env) => env.RATE_LIMIT_LISTS,
  pages: (env) => env.RATE_LIMIT_PAGES,
};

/** Client addresses kept per limit (least recently seen forgotten first). */
const CLIENTS_KEPT = 100_000;

/** Whether a request counts towards a client's requests in flight: the API and the drawn pages (not the web build's files, nor images). */
const isWork = (route: string | undefined): boolean => route !== undefined && (route.startsWith('/api/') || route === '/*');

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * The Hebrew 429 with Retry-After, after `delayMs` (LIMITED_ANSWER_DELAY_MS); a request whose body was not read yet is
 * answered on a connection then closed.
 */
async function tooMany(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number, delayMs: number): Promise<FastifyReply> {
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const body: HttpErrorBody = { statusCode: 429, code: ErrorCodes.tooManyRequests, message: Messages.tooManyRequests };
  if (hasBody(request)) void reply.header('connection', 'close');
  return reply.code(429).header('retry-after', String(Math.max(1, retryAfterSeconds))).send(body);
}

/**
 * What one client may ask of this gateway (each copy counts its own, in memory; the client is its address as
 * `clientKey` counts it, X-Forwarded-For only from TRUSTED_PROXIES):
 * - the reads of LIMITED_READS, per group, at most RATE_LIMIT_<group> per RATE_LIMIT_WINDOW_MS (@fastify/rate-limit's
 *   fixed windows in an LRU of client addresses);
 * - at most CLIENT_MAX_IN_FLIGHT requests of the API and drawn pages at once.
 * Both are counted when the request's headers are in, before its body is read; over either, the answer is 429 in
 * Hebrew with Retry-After, sent after LIMITED_ANSWER_DELAY_MS (a flood on a few connections is slowed to a few requests
 * a second; refused at full speed, its 429s alone would take the event loop from everyone else). The server render's
 * own calls (INTERNAL_REQUEST_HEADER) are not counted.
 */
export async function registerClientLimits(fastify: FastifyInstance, env: GatewayEnv): Promise<void> {
  await fastify.register(rateLimit, { global: false, cache: CLIENTS_KEPT, keyGenerator: (request) => clientKey(request.ip) });
  const limiters = Object.fromEntries(Object.entries(LIMITS).flatMap(([group, limit]) => {
    const max = limit(env);
    return max > 0 ? [[group, fastify.createRateLimit({ max, timeWindow: env.RATE_LIMIT_WINDOW_MS })]] : [];
  })) as Partial<Record<ReadGroup, ReturnType<FastifyInstance['createRateLimit']>>>;

  const routes = new Set<string>();
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
  });
  fastify.addHook('onReady', async () => {
    // A limited read that was renamed or removed would silently lose its limit.
    const missing = Object.keys(LIMITED_READS).filter((route) => !routes.has(route) && !(route === 'GET /*' && !env.WEB_DIST));
    if (missing.length) fastify.log.warn({ missing }, 'rate-limited routes that the gateway does not serve');
  });

  const inFlight = new Map<string, number>();
  const cap = env.CLIENT_MAX_IN_FLIGHT;
  const delay = env.LIMITED_ANSWER_DELAY_MS;
  fastify.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!isWork(route) || isInternal(request)) return;
    const client = clientKey(request.ip);
    if (cap > 0) {
      const now = inFlight.get(client) ?? 0;
      if (now >= cap) return tooMany(request, reply, 1, delay);
      inFlight.set(client, now + 1);
      // 'close' comes once, when the answer is sent or the connection is lost first.
      reply.raw.once('close', () => {
        const left = (inFlight.get(client) ?? 1) - 1;
        if (left > 0) inFlight.set(client, left);
        else inFlight.delete(client);
      });
    }
    // A HEAD costs what its GET does (Fastify answers it with the GET's handler).
    const group = LIMITED_READS[`${request.method === 'HEAD' ? 'GET' : request.method} ${route}`];
    const limiter = group && limiters[group];
    if (!limiter) return;
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) return tooMany(request, reply, limit.ttlInSeconds, delay);
  });
}

/**
 * The socket settings of the gateway's HTTP server (Fastify's options), so a slow or idle client cannot hold a
 * connection: the request line and headers within HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS
 * (Node answers 408 and closes; it checks every second), no silence longer than CONNECTION_TIMEOUT_MS during a
 * request, idle keep-alive connections for KEEP_ALIVE_TIMEOUT_MS.
 */
export function serverTimeouts(env: GatewayEnv) {
  return {
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: env.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
  };
}

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n';

/** Ends a connection whose request did not arrive in time: a 408 if nothing was answered on it yet, then closed. */
function closeSlow(socket: Socket, answered: boolean): void {
  if (socket.destroyed) return;
  if (answered || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
  // A client that does not read is not waited for.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The connection cap (MAX_CONNECTIONS: Node closes a connection beyond it at once) and the body timeout: a request
 * body (256 KB at most, but for document uploads and partner feeds, which have REQUEST_TIMEOUT_MS) must arrive within BODY_TIMEOUT_MS
 * of its headers, or the connection is answered 408 and closed.
 */
export function registerConnectionLimits(fastify: FastifyInstance, env: GatewayEnv): void {
  if (env.MAX_CONNECTIONS > 0) fastify.server.maxConnections = env.MAX_CONNECTIONS;
  fastify.addHook('preParsing', (request, reply, payload, done) => {
    // Document uploads and partner feeds (megabytes by design) have the whole REQUEST_TIMEOUT_MS.
    const longBody = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
      || (request.routeOptions.config as { feedBody?: boolean } | undefined)?.feedBody === true;
    if (!hasBody(request) || longBody) {
      done(null, payload);
      return;
    }
    const socket = request.raw.socket;
    const timer = setTimeout(() => {
      request.log.info({ client: clientKey(request.ip), url: request.url }, 'request body too slow: connection closed');
      closeSlow(socket, reply.raw.headersSent);
    }, env.BODY_TIMEOUT_MS);
    const clear = () => clearTimeout(timer);
    payload.once('end', clear);
    payload.once('error', clear);
    reply.raw.once('close', clear);
    done(null, payload);
  });
}
