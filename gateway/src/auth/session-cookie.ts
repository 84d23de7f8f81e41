import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { TOKEN_LIFETIME } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { GatewayEnv } from '../config';

/** The session cookie: the access token, set by the gateway, never readable by the page's scripts. */
const SESSION_COOKIE = 'token';

/**
 * The cookie is `HttpOnly` (no script reads it), `SameSite=Lax` (another site's form POST, fetch or frame does not
 * carry it) and `Secure` in production (or wherever the site is served over https). It lives as long as a session may
 * be refreshed (30 days); the token inside expires sooner unless the page refreshes it. Path `/` replaces the readable
 * cookie of the same name that earlier web builds wrote.
 */
function sessionCookie(jwt: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${jwt}; Path=/; Max-Age=${TOKEN_LIFETIME.sessionSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session cookie's value in a `Cookie` header (undefined when there is none or it is empty). */
export function sessionCookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

/** Whether the session cookie carries `Secure`: in production, or when the public address is https. */
export const secureSessionCookie = (env: GatewayEnv): boolean => env.APP_ENV === 'production' || env.PUBLIC_URL.startsWith('https:');

/** Sets the session cookie of a `{ jwt }` answer (sign-in, activation, reset, SMS, Google, refresh, password change). */
@Injectable()
export class SetSessionCookie implements NestInterceptor {
  private readonly secure: boolean;
  constructor(@Inject(GatewayEnv) env: GatewayEnv) {
    this.secure = secureSessionCookie(env);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(map((body: unknown) => {
      const jwt = (body as { jwt?: unknown } | null)?.jwt;
      if (typeof jwt === 'string' && jwt) void reply.header('set-cookie', sessionCookie(jwt, this.secure));
      return body;
    }));
  }
}
