import { CONTROL_CHARS, ErrorCodes, Messages, type HttpErrorBody } from '@mc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What no service can use, refused at the gateway before it travels (a service answering such input with a
 * 5xx would count against its circuit breaker and take it away from every other caller).
 */
export const INPUT_LIMITS = {
  /** Objects and arrays inside each other; the deepest request body of the API has 3 levels. */
  maxDepth: 8,
  /** Characters of one string or key: above every field's own limit (the longest, a contact message, is 3000). */
  maxStringLength: 10_000,
  /** Bytes of a request body: well under NATS's 1 MB message, with room for the token and headers beside it. */
  maxBodyBytes: 256 * 1024,
} as const;

/** `CONTROL_CHARS`, percent-encoded in a URL. */
const ENCODED_CONTROL_CHARS = /%(?:0[0-8bcef]|1[0-9a-f])/i;

export type UnusableInput = { message: string };

const controlChars: UnusableInput = { message: Messages.inputControlChars };
const tooDeep: UnusableInput = { message: Messages.inputTooDeep };
const tooLong: UnusableInput = { message: Messages.inputTooLong };

function checkString(value: string): UnusableInput | undefined {
  if (value.length > INPUT_LIMITS.maxStringLength) return tooLong;
  return CONTROL_CHARS.test(value) ? controlChars : undefined;
}

/** Why `value` (a parsed body or query) cannot be used, or undefined when it can. */
export function findUnusableInput(value: unknown, depth = 0): UnusableInput | undefined {
  if (typeof value === 'string') return checkString(value);
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= INPUT_LIMITS.maxDepth) return tooDeep;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnusableInput(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = checkString(key) ?? findUnusableInput(item, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why a request URL (path and query string, as sent) cannot be used, or undefined when it can. */
export function findUnusableUrl(url: string): UnusableInput | undefined {
  if (url.length > INPUT_LIMITS.maxStringLength) return tooLong;
  return CONTROL_CHARS.test(url) || ENCODED_CONTROL_CHARS.test(url) ? controlChars : undefined;
}

function refuse(reply: FastifyReply, found: UnusableInput): FastifyReply {
  const body: HttpErrorBody = { statusCode: 400, code: ErrorCodes.badRequest, message: found.message };
  return reply.code(400).send(body);
}

/**
 * Refuses unusable input on every route with a 400 and a Hebrew message: the URL before the body is read,
 * the parsed query and body before validation. The body's size is bounded by Fastify's `bodyLimit`
 * (`INPUT_LIMITS.maxBodyBytes`, answered 413).
 */
export function registerInputLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    const found = findUnusableUrl(request.url);
    if (found) return refuse(reply, found);
  });
  fastify.addHook('preValidation', async (request, reply) => {
    const found = findUnusableInput(request.query) ?? findUnusableInput(request.body);
    if (found) return refuse(reply, found);
  });
}
