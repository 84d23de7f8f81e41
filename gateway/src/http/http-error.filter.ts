import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { ErrorCodes, isServiceError, Messages, type HttpErrorBody } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { TooManyRequestsException } from './rate-limit';

const codeForStatus = (status: number): string =>
  status === 404 ? ErrorCodes.notFound : status === 401 ? ErrorCodes.unauthorized : status === 403 ? ErrorCodes.forbidden
    : status === 503 ? ErrorCodes.unavailable : status >= 500 ? ErrorCodes.internal : ErrorCodes.badRequest;

/** Any failure as HTTP `{ statusCode, code, message }`. */
function toHttpError(exception: unknown): HttpErrorBody {
  if (isServiceError(exception)) return { statusCode: exception.status, code: exception.code, message: exception.message };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse() as Partial<HttpErrorBody> | string;
    if (typeof body === 'object' && typeof body.code === 'string' && typeof body.message === 'string') {
      return { statusCode: status, code: body.code, message: body.message };
    }
    const message = status === 404 ? Messages.pageNotFound : status === 401 ? Messages.signInRequired : status === 413 ? Messages.requestTooLarge
      : status >= 500 ? Messages.internal : Messages.badRequest;
    return { statusCode: status, code: codeForStatus(status), message };
  }
  return { statusCode: 500, code: ErrorCodes.internal, message: Messages.internal };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // A client gone before its request was read (it closed, or a timeout closed it): nothing to answer, nothing failed here.
    if (reply.raw.destroyed || reply.raw.socket?.destroyed === true) return;
    const error = toHttpError(exception);
    if (error.statusCode >= 500 && error.statusCode !== 503) this.logger.error({ err: exception }, 'request failed');
    if (exception instanceof TooManyRequestsException) void reply.header('retry-after', String(Math.max(1, exception.retryAfterSeconds)));
    void reply.status(error.statusCode).send(error);
  }
}
