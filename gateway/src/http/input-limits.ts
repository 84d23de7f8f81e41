import { CONTROL_CHARS, ErrorCodes, findUnusableInput, INPUT_LIMITS, Messages, type HttpErrorBody, type UnusableInput } from '@mc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The limits (shared with the services' edge, where `findUnusableInput` runs again on each request payload). */
export { INPUT_LIMITS };

/** `CONTROL_CHARS`, percent-encoded in a URL. */
const ENCODED_CONTROL_CHARS = /%(?:0[0-8bcef]|1[0-9a-f])/i;

/** Why a request URL (path and query string, as sent) cannot be used, or undefined when it can. */
export function findUnusableUrl(url: string): UnusableInput | undefined {
  if (url.length > INPUT_LIMITS.maxStringLength) return { message: Messages.inputTooLong };
  return CONTROL_CHARS.test(url) || ENCODED_CONTROL_CHARS.test(url) ? { message: Messages.inputControlChars } : undefined;
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
