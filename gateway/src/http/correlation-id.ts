import { randomUUID } from 'node:crypto';

/** A UUID in its usual text form (any version), as the gateway and the services make them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The correlation id of a request: the caller's `x-correlation-id` when it is one UUID, in lower case; anything else
 * (missing, repeated, longer, another shape: text a client made up to fill logs or to pass for another request's) gets a new one.
 */
export function correlationIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : randomUUID();
}
