import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

interface RequestContext {
  correlationId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `correlationId` as the current correlation id (for logs, outgoing messages and events). */
export function withCorrelationId<T>(correlationId: string | undefined, fn: () => T): T {
  return context.run({ correlationId: correlationId || randomUUID() }, fn);
}

export function currentCorrelationId(): string | undefined {
  return context.getStore()?.correlationId;
}

/** JSON-lines logger; every line carries the current correlation id when there is one. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
  });
}

/** Nest's logger interface over pino, so framework logs are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, ...rest: unknown[]) { this.logger.info({ context: rest.at(-1) }, String(message)); }
  error(message: unknown, ...rest: unknown[]) { this.logger.error({ context: rest.at(-1), trace: rest[0] }, String(message)); }
  warn(message: unknown, ...rest: unknown[]) { this.logger.warn({ context: rest.at(-1) }, String(message)); }
  debug(message: unknown, ...rest: unknown[]) { this.logger.debug({ context: rest.at(-1) }, String(message)); }
  verbose(message: unknown, ...rest: unknown[]) { this.logger.trace({ context: rest.at(-1) }, String(message)); }
}
