import { HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCodes, isServiceError, Messages, type ServiceError } from '@mc/contracts';

/** Throw from a handler to answer with the contracts error shape. */
export function serviceError(status: number, code: string, message: string): RpcException {
  return new RpcException({ status, code, message } satisfies ServiceError);
}

export const notFound = (message: string) => serviceError(404, ErrorCodes.notFound, message);
export const badRequest = (message: string) => serviceError(400, ErrorCodes.badRequest, message);

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a NUL byte in text, a number out of the column's range,
 * invalid text for a type, ...), found on the error or its causes (Drizzle wraps the driver's error).
 * Input caused it: the service's validation should have refused it, and the caller gets a 400, not a 500.
 */
export function isPostgresDataError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Any thrown value as the contracts error shape; unknown failures become a 500 without internals. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof RpcException) {
    const inner = error.getError();
    if (isServiceError(inner)) return inner;
    if (typeof inner === 'string') return { status: 400, code: ErrorCodes.badRequest, message: inner };
  }
  if (error instanceof HttpException) {
    const body = error.getResponse();
    const message = typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : error.message;
    return { status: error.getStatus(), code: error.getStatus() === 404 ? ErrorCodes.notFound : ErrorCodes.badRequest, message };
  }
  if (isPostgresDataError(error)) return { status: 400, code: ErrorCodes.badRequest, message: Messages.badRequest };
  return { status: 500, code: ErrorCodes.internal, message: Messages.internal };
}
