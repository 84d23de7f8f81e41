import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionCookieValue } from '../auth/session-cookie';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests (production is served over https only). */
  production: boolean;
  /** The inline scripts the served pages carry (the web's start script), allowed by their hashes. */
  inlineScriptHashes: () => string[];
}

/**
 * The CSP every answer carries: the site's own scripts and the inline scripts it knows by hash (nothing else
 * runs), its own API, no plugins, no framing (the pharmacy embed relaxes `frame-ancestors`, see `allowFraming`).
 * Styles allow inline: React writes style attributes (slide colours), and the dev pages carry a `<style>`.
 */
function contentSecurityPolicy(options: SecurityHeadersOptions) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", () => options.inlineScriptHashes().join(' ')],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(options.production ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Security headers on every answer, from one library (helmet): CSP, nosniff, Referrer-Policy, no framing, HSTS in
 * production. Helmet's middleware is built once (the Fastify plugin built it again for every request, parsing the
 * CSP each time: 3% of the gateway's CPU).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(options),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  fastify.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}

/** `'sha256-…'` sources of the inline `<script>` elements of a page that run (not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Lets other sites frame this answer (the pharmacy embed), without X-Frame-Options: `frame-ancestors` becomes
 * `ancestors`, or goes (any framer) when undefined.
 */
export function allowFraming(reply: FastifyReply, ancestors: string | undefined): void {
  const csp = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    const relaxed = ancestors ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`) : csp.replace(/;?frame-ancestors [^;]*/, '');
    void reply.header('content-security-policy', relaxed);
  }
  reply.raw.removeHeader('x-frame-options');
  reply.removeHeader('x-frame-options');
}

/** Answers about one person: their account, cart, orders, addresses and businesses. */
const PERSONAL_PATHS = /^\/(api\/(auth|user|cart|checkout|orders?|businesses|business|addresses)|dev|auth)(\/|\?|$)/;

/**
 * `Cache-Control: no-store` on every personal answer (a signed-in request: a bearer token or the session cookie; or a personal path), unless the route
 * said otherwise, so no browser, proxy or shared computer keeps it.
 */
export function registerNoStoreForPersonalAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (request.headers.authorization || sessionCookieValue(request.headers.cookie) || PERSONAL_PATHS.test(request.url))) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
