import { ArgumentMetadata, ArgumentsHost, Catch, RpcExceptionFilter, ValidationError, ValidationPipe } from '@nestjs/common';
import { BaseRpcContext } from '@nestjs/microservices';
import { ErrorCodes, findUnusableInput, Messages } from '@mc/contracts';
import type { Logger } from 'pino';
import { Observable, throwError } from 'rxjs';
import { cacheValidationMetadata, dtoTransformer } from './dto-speed';
import { isPostgresDataError, serviceError, toServiceError } from './service-error';

/** Answers every failed request with `{ status, code, message }`; logs the unexpected ones. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const error = toServiceError(exception);
    if (error.status >= 500) this.logger.error({ err: exception }, 'request failed');
    // The backstop answered: a DTO let through what PostgreSQL refused (no parameters logged: they are input).
    else if (isPostgresDataError(exception)) this.logger.warn('request refused by PostgreSQL as bad data; its validation should refuse it');
    return throwError(() => error);
  }
}

/** The first message of the first failed constraint, which carries the spec's Hebrew text. */
function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = Object.values(error.constraints ?? {})[0];
    if (constraint) return constraint;
    const nested = firstValidationMessage(error.children ?? []);
    if (nested) return nested;
  }
  return Messages.badRequest;
}

/**
 * First refuses a payload no service can use (control characters such as NUL, nesting deeper than the limit,
 * strings longer than any field), whatever type the handler takes, then validates it against its DTO.
 */
class PayloadValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!(value instanceof BaseRpcContext)) {
      const found = findUnusableInput(value);
      if (found) throw serviceError(400, ErrorCodes.badRequest, found.message);
    }
    return super.transform(value, metadata);
  }
}

/** Validates request payloads against their contracts DTOs; failures keep the error shape over NATS. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new PayloadValidationPipe({
    transformerPackage: dtoTransformer,
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => serviceError(400, ErrorCodes.validation, firstValidationMessage(errors)),
  });
}
