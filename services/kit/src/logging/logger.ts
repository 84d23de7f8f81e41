import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentTraceId } from '../operations/tracing';
import { redactError, redactErrorMessage, redactFields, redactRequest, redactResponse, redactText, redactValue } from './redact';

interface RequestContext {
  correlationId: string;
  /** The request's verified access token (the gateway sets it once its bearer strategy accepts one). */
  callerToken?: string;
  /** The request only reads (HTTP GET or HEAD): a bus request made for it may be asked twice. */
  safe?: boolean;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `correlationId` as the current correlation id (for logs, outgoing messages and events). */
export function withCorrelationId<T>(correlationId: string | undefined, fn: () => T): T {
  return context.run({ correlationId: correlationId || randomUUID() }, fn);
}

export function currentCorrelationId(): string | undefined {
  return context.getStore()?.correlationId;
}

/** Records the current request's verified access token, for the `x-caller` header of every NATS message it sends. */
export function setCallerToken(token: string): void {
  const store = context.getStore();
  if (store) store.callerToken = token;
}

/** Records that the current request only reads (the gateway: GET and HEAD), so its bus requests may be asked again. */
export function setRequestSafe(safe: boolean): void {
  const store = context.getStore();
  if (store) store.safe = safe;
}

export function currentRequestIsSafe(): boolean {
  return context.getStore()?.safe === true;
}

/** The current request's verified access token; undefined for an anonymous request (or outside one). */
export function currentCallerToken(): string | undefined {
  return context.getStore()?.callerToken;
}

/** Serializers of the keys Fastify and our code log objects under (they win over Fastify's own). */
const serializers = { req: redactRequest, request: redactRequest, res: redactResponse, reply: redactResponse, err: redactError, error: redactError };
const SERIALIZED: ReadonlySet<string> = new Set(Object.keys(serializers));

/** A log call's arguments with the message (and anything interpolated into it) redacted. */
function redactArgs(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === 'string') return [redactText(first), ...rest.map((arg) => redactValue(arg))];
  // pino would take the message from the error itself when none is given: give the redacted one.
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  if (rest.length === 0 && err instanceof Error && (first as { msg?: unknown }).msg === undefined) return [first, redactErrorMessage(err)];
  return [first, ...rest.map((arg) => (typeof arg === 'string' ? redactText(arg) : redactValue(arg)))];
}

/** The options of every logger: one redaction policy for personal data and secrets (see ./redact). */
function loggerOptions(name: string, level: string): LoggerOptions {
  return {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const correlationId = currentCorrelationId();
      const traceId = currentTraceId();
      return { ...(correlationId ? { correlationId } : {}), ...(traceId ? { traceId } : {}) };
    },
    serializers,
    formatters: {
      log: (fields) => redactFields(fields, SERIALIZED),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, redactArgs(args) as Parameters<typeof method>);
      },
    },
  };
}

/**
 * JSON-lines logger; every line carries the current correlation id when there is one. Personal data and
 * secrets are redacted on the way out (`destination`: standard output unless given, e.g. by tests).
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const logger = destination ? pino(loggerOptions(name, level), destination) : pino(loggerOptions(name, level));
  return redactingChildren(logger, logger.child as unknown as ChildFactory);
}

/** pino formats a child's bindings without the `bindings` formatter: each child redacts its own here. */
type ChildFactory = (this: Logger, bindings: pino.Bindings, options?: object) => Logger;
function redactingChildren(logger: Logger, pinoChild: ChildFactory): Logger {
  const child: ChildFactory = (bindings, options) =>
    redactingChildren(pinoChild.call(logger, redactFields(bindings, SERIALIZED), options), pinoChild);
  logger.child = child as unknown as Logger['child'];
  return logger;
}

/**
 * Nest's logger interface over pino, so framework logs are JSON lines too. An object message (a Nest
 * `Logger` given fields) is logged as fields, under the same redaction as every line.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, ...rest: unknown[]) { this.write('info', message, rest); }
  error(message: unknown, ...rest: unknown[]) { this.write('error', message, rest); }
  warn(message: unknown, ...rest: unknown[]) { this.write('warn', message, rest); }
  debug(message: unknown, ...rest: unknown[]) { this.write('debug', message, rest); }
  verbose(message: unknown, ...rest: unknown[]) { this.write('trace', message, rest); }

  /** Nest passes (message, …params, context); an error's first param is its stack, another's a message. */
  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    const context = rest.at(-1);
    const extra = rest.length > 1 ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message }, typeof extra === 'string' ? extra : '');
    else this.logger[level]({ context, ...(extra === undefined ? {} : { trace: extra }) }, String(message));
  }
}
