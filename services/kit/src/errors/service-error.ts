import { HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCodes, isServiceError, Messages, type ServiceError } from '@mc/contracts';

/** Throw from a handler to answer with the contracts error shape. */
export function serviceError(status: number, code: string, message: string): RpcException {
  return new RpcException({ status, code, message } satisfies ServiceError);
}

export const notFound = (message: string) => serviceError(404, ErrorCodes.notFound, message);
export const badRequest = (message: string) => serviceError(400, ErrorCodes.badRequest, message);

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
  return { status: 500, code: ErrorCodes.internal, message: Messages.internal };
}
