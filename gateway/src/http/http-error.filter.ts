import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { ErrorCodes, isServiceError, Messages, type HttpErrorBody } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const codeForStatus = (status: number): string =>
  status === 404 ? ErrorCodes.notFound : status === 401 ? ErrorCodes.unauthorized : status === 403 ? ErrorCodes.forbidden
    : status === 503 ? ErrorCodes.unavailable : status >= 500 ? ErrorCodes.internal : ErrorCodes.badRequest;

/** Any failure as HTTP `{ statusCode, code, message }`; an unknown non-API page gets the web app, which renders not-found. */
export function toHttpError(exception: unknown): HttpErrorBody {
  if (isServiceError(exception)) return { statusCode: exception.status, code: exception.code, message: exception.message };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse() as Partial<HttpErrorBody> | string;
    if (typeof body === 'object' && typeof body.code === 'string' && typeof body.message === 'string') {
      return { statusCode: status, code: body.code, message: body.message };
    }
    const message = status === 404 ? Messages.pageNotFound : status === 401 ? Messages.signInRequired : status >= 500 ? Messages.internal : Messages.badRequest;
    return { statusCode: status, code: codeForStatus(status), message };
  }
  return { statusCode: 500, code: ErrorCodes.internal, message: Messages.internal };
}

/** Paths that are never pages of the web app: a 404 there stays a 404. */
const NOT_PAGES = /^\/(api|media|thumbs|sitemap\.xml|robots\.txt|dev)(\/|\?|$)/;

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private indexHtml?: string;
  private indexMtime?: number;

  constructor(private readonly logger: Logger, private readonly webDist: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = toHttpError(exception);
    if (error.statusCode === 404 && request.method === 'GET' && !NOT_PAGES.test(request.url)) {
      const html = this.webApp();
      if (html) {
        void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        return;
      }
    }
    if (error.statusCode >= 500 && error.statusCode !== 503) this.logger.error({ err: exception }, 'request failed');
    void reply.status(error.statusCode).send(error);
  }

  /** The web app's index.html, read again when a new build replaces it (a cached copy would name deleted assets). */
  private webApp(): string | undefined {
    if (!this.webDist) return undefined;
    try {
      const file = join(this.webDist, 'index.html');
      const mtime = statSync(file).mtimeMs;
      if (this.indexHtml === undefined || mtime !== this.indexMtime) {
        this.indexHtml = readFileSync(file, 'utf8');
        this.indexMtime = mtime;
      }
      return this.indexHtml;
    } catch {
      return undefined;
    }
  }

}
