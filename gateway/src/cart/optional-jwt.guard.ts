import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';

/**
 * For routes that work signed out and answer more to a signed-in caller: no Authorization header passes as a guest;
 * a bearer token is checked as on any signed-in route (a bad one is 401, never quietly a guest).
 */
@Injectable()
export class OptionalJwtGuard extends AuthGuard('jwt') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return request.headers.authorization === undefined ? true : super.canActivate(context);
  }
}
