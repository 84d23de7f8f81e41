import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { accessTokenOf } from '../auth/jwt.strategy';

/**
 * For routes that work signed out and answer more to a signed-in caller: no token (no Authorization header, no session
 * cookie) passes as a guest; a token is checked as on any signed-in route (a bad one is 401, never quietly a guest).
 */
@Injectable()
export class OptionalJwtGuard extends AuthGuard('jwt') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return accessTokenOf(request) === null ? true : super.canActivate(context);
  }
}
