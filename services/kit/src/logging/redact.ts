/**
 * The one policy for personal data and secrets in logs, applied by every logger `createLogger` makes (each
 * service's and the gateway's, including Fastify's request lines):
 * - fields named like personal data or secrets (e-mail, phone, ID number, names, addresses, tokens,
 *   passwords, codes, keys, cookies) and SQL parameters (`params`, `parameters`) are replaced whole;
 * - URLs keep their path, never their query string (reset tokens, typed addresses);
 * - text anywhere (messages, error messages and stacks, SQL, other strings) has e-mail addresses, phone
 *   numbers, ID numbers, JWTs and URL query strings masked; a failed query's parameters are cut from its message.
 */

const REDACTED = '[redacted]';

/** Field names whose values are never logged (compared without case, `-` or `_`). */
const SECRET_FIELDS = new Set([
  'email', 'emails', 'phone', 'phones', 'mobile', 'idnumber', 'teudatzehut', 'firstname', 'lastname', 'fullname',
  'address', 'addresses', 'street', 'housenumber', 'birthdate', 'dateofbirth',
  'password', 'currentpassword', 'newpassword', 'passwordhash', 'token', 'tokens', 'jwt', 'accesstoken', 'refreshtoken',
  'idtoken', 'activationtoken', 'resettoken', 'code', 'smscode', 'secret', 'clientsecret', 'apikey', 'xapikey',
  'authorization', 'cookie', 'setcookie', 'privatekey', 'signature', 'params', 'parameters', 'body', 'payload',
  'prescription', 'prescriptions', 'monthlygrams',
]);

const isSecretField = (key: string) => SECRET_FIELDS.has(key.replace(/[-_]/g, '').toLowerCase());

/** An error code ('EMAIL_TAKEN', 'ECONNREFUSED') under `code` is kept; anything else there may be a sign-in code. */
const isErrorCode = (key: string, value: unknown) => key === 'code' && typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value);

/** Whether a field's value is replaced whole. */
const hidden = (key: string, value: unknown) => value !== undefined && value !== null && isSecretField(key) && !isErrorCode(key, value);

const PATTERNS: Array<[RegExp, string]> = [
  // A URL's query string (the path kept): `/api/addresses/search?text=…`, `https://…/reset-password?token=…`.
  [/\?[^\s#"'?]*=[^\s#"']*/g, `?${REDACTED}`],
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[jwt]'],
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+/gu, '[email]'],
  // Israeli phone numbers: 05X-XXXXXXX, 0X-XXXXXXX, +972…, with or without separators.
  [/(?<![\w+])(\+?972[-\s]?|0)\d{1,2}[-\s]?\d{3}[-\s]?\d{4}(?!\w)/g, '[phone]'],
  // ID numbers (8–9 digits standing alone).
  [/(?<![\w.-])\d{8,9}(?![\w.-])/g, '[id-number]'],
  // PostgreSQL's error detail names the offending values: `Key (email)=(dana@…) already exists.`
  [/\)=\([^)]*\)/g, `)=(${REDACTED})`],
];

/** `text` with personal data and secrets masked. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A URL (or path) as logged: the path, without its query string. */
function redactUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const query = url.search(/[?#]/);
  return redactText(query === -1 ? url : url.slice(0, query));
}

const MAX_DEPTH = 6;

function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string' && typeof (value as Error).stack === 'string');
}

/**
 * The message of an error, without a failed query's parameters: drizzle's `DrizzleQueryError` writes them
 * into its message (`Failed query: …\nparams: …`).
 */
function errorText(err: Error, text: string): string {
  const params = (err as { params?: unknown }).params;
  const cut = Array.isArray(params) ? text.split(`\nparams: ${String(params)}`).join(`\nparams: ${REDACTED}`) : text;
  return redactText(cut);
}

/** An error's message as logged (a log line's message when an error is logged without one). */
export const redactErrorMessage = (err: Error): string => errorText(err, err.message);

/** An error as logged: type, message, stack, its own fields and its cause, each redacted. */
export function redactError(err: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (!isErrorLike(err)) return redactValue(err, depth, seen);
  seen.add(err);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: errorText(err, err.message),
    stack: errorText(err, err.stack ?? ''),
  };
  for (const key of Object.keys(err)) {
    if (key in out || key === 'cause') continue;
    // An error's `code` is its kind (SQLSTATE, ECONNREFUSED), not a secret code.
    out[key] = isSecretField(key) && key !== 'code' ? REDACTED : redactValue((err as unknown as Record<string, unknown>)[key], depth + 1, seen);
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && !(typeof cause === 'object' && cause !== null && seen.has(cause))) out.cause = redactError(cause, depth + 1, seen);
  return out;
}

/** Any value as logged: objects and arrays copied with secret fields replaced, strings redacted, errors serialised. */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (isErrorLike(value)) return redactError(value, depth, seen);
  seen.add(value);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return redactValue((value as { toJSON(): unknown }).toJSON(), depth + 1, seen);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = hidden(key, item) ? REDACTED : redactValue(item, depth + 1, seen);
  }
  return out;
}

/** The fields of a log line, redacted (the keys pino serialises itself, such as `req` and `err`, are left to their serializers). */
export function redactFields(fields: Record<string, unknown>, serialized: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (serialized.has(key)) out[key] = value;
    else out[key] = hidden(key, value) ? REDACTED : redactValue(value);
  }
  return out;
}

/** A Fastify request (or Node's), as logged: method, path without query, client address. */
export function redactRequest(request: unknown): unknown {
  if (typeof request !== 'object' || request === null) return request;
  const r = request as { method?: unknown; url?: unknown; ip?: unknown; socket?: { remoteAddress?: unknown; remotePort?: unknown } };
  return { method: r.method, url: redactUrl(r.url), remoteAddress: r.ip ?? r.socket?.remoteAddress, remotePort: r.socket?.remotePort };
}

/** A Fastify reply (or Node's response), as logged: its status. */
export function redactResponse(reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null) return reply;
  return { statusCode: (reply as { statusCode?: unknown }).statusCode };
}
