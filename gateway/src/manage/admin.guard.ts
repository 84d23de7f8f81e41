import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCodes, Messages, type ServiceError } from '@mc/contracts';

/**
 * The operator's routes: admins only. Refused here (403) before any call, and by each service again (the token
 * travels as the caller and the service's `@RequireAdmin()` decides); runs after the JWT guard (401 first).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: { role?: string } }>();
    if (request.user?.role !== 'admin') throw { status: 403, code: ErrorCodes.forbidden, message: Messages.unauthorized } satisfies ServiceError;
    return true;
  }
}
