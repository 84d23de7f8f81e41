import { CanActivate, ExecutionContext, HttpException, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes, Messages } from '@mc/contracts';
import type { FastifyRequest } from 'fastify';

const OPEN = 'mc:open-endpoint';
/** Marks a route reachable without the client headers (health probes, provider callbacks). */
export const OpenEndpoint = () => SetMetadata(OPEN, true);

/** Checks the client headers API.md names: `x-app-id`, `x-app-version` (400 when missing) and `x-api-key` (401 when wrong). */
@Injectable()
export class ClientHeadersGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly apiKey: string) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(OPEN, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.headers['x-api-key'] !== this.apiKey) {
      throw new HttpException({ statusCode: 401, code: ErrorCodes.unauthorized, message: Messages.unauthorized }, 401);
    }
    if (!request.headers['x-app-id'] || !request.headers['x-app-version']) {
      throw new HttpException({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.badRequest }, 400);
    }
    return true;
  }
}
