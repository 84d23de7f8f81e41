import { applyDecorators, createParamDecorator, Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { RpcException, type NatsContext } from '@nestjs/microservices';
import { ANONYMOUS_CALLER, CompanyMessages, ErrorCodes, Headers, Messages, membershipClaim, type BusinessKind, type UserRole } from '@mc/contracts';
import type { Logger } from 'pino';
import { serviceError } from '../errors/service-error';
import { LOGGER } from '../tokens';
import type { AccessTokenVerifier } from './access-token';
import { TokenVersions } from './token-versions';

/** Provider token of the service's `AccessTokenVerifier` (identity's keys over NATS, or identity's own SigningKeys). */
export const ACCESS_TOKEN_VERIFIER = Symbol('ACCESS_TOKEN_VERIFIER');

/** Who sent a request, from the verified access token the gateway put in its `x-caller` header. */
export interface Caller {
  userId: number;
  role: UserRole;
  /** The businesses the caller is a member of, as signed into the token: `pharmacy:<slug>`, `company:<slug>` (AccessTokenClaims.biz). */
  businesses: readonly string[];
  /** The verified token itself (identity checks its version against the account). */
  token: string;
  /** Set for a business access token: the one business it opens (only `@RequireCompany()` accepts such a caller). */
  access?: { kind: BusinessKind; slug: string };
}

type Rule = { kind: 'user' } | { kind: 'admin' } | { kind: 'business'; field: string; business?: BusinessKind } | { kind: 'company'; field: string };

const RULE = 'mc:caller-rule';
const WANTED = 'mc:caller-wanted';
/** The resolved caller of each request, by the request's NATS context object (null: anonymous). */
const callers = new WeakMap<object, Caller | null>();

const unauthorized = () => serviceError(401, ErrorCodes.unauthorized, Messages.signInRequired);
const forbidden = () => serviceError(403, ErrorCodes.forbidden, Messages.unauthorized);
export const businessNotFound = () => serviceError(404, ErrorCodes.notFound, Messages.businessNotFound);

const callerParam = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | null => callers.get(context.getArgByIndex(1)) ?? null);

/**
 * The handler's caller (null for an anonymous one). A handler that takes it gets its caller's token verified
 * (an invalid token is refused with 401 even without a `Require…` guard); with `@RequireUser()` or stricter it is never null.
 */
export function Caller(): ParameterDecorator {
  return (target, key, index) => {
    callerParam()(target, key, index);
    if (key !== undefined) Reflect.defineMetadata(WANTED, true, (target as Record<string | symbol, object>)[key]);
  };
}

/** A signed-in caller (any role); 401 otherwise. */
export const RequireUser = () => applyDecorators(SetMetadata(RULE, { kind: 'user' } satisfies Rule));

/** An admin; 401 for no valid caller, 403 for any other. */
export const RequireAdmin = () => applyDecorators(SetMetadata(RULE, { kind: 'admin' } satisfies Rule));

/**
 * A member of the business of kind `business` (a pharmacy unless named) whose slug the payload's `field` holds, or an
 * admin (any business; each such access is logged). The membership must name the kind (`pharmacy:<slug>`), so a
 * company sharing a pharmacy's slug never opens that pharmacy. 401 for no valid caller, 403 for a caller who manages no
 * business, 404 for a business the caller is not a member of (its existence is not revealed).
 */
export const RequireBusiness = (field = 'businessId', business: BusinessKind = 'pharmacy') =>
  applyDecorators(SetMetadata(RULE, { kind: 'business', field, business } satisfies Rule));

/**
 * The bearer of the business access token of the cannabis company whose slug the payload's `field` holds (issue 29):
 * its members and admins obtain one (`identity.business.access`). 401 for no valid caller, 403 for a caller with an
 * ordinary token (open the company again), 404 for a token of another company.
 */
export const RequireCompany = (field = 'slug') => applyDecorators(SetMetadata(RULE, { kind: 'company', field } satisfies Rule));

/** Applies the rule of `@RequireUser()`, `@RequireAdmin()` or `@RequireBusiness()` to a resolved caller; throws the refusal. */
function checkCaller(rule: Rule, caller: Caller | null, payload: unknown, logger?: Logger): void {
  if (!caller) throw unauthorized();
  if (rule.kind === 'company') {
    if (!caller.access) throw serviceError(403, ErrorCodes.forbidden, CompanyMessages.accessRequired);
    const slug = (payload as Record<string, unknown> | null)?.[rule.field];
    if (caller.access.kind !== 'company' || caller.access.slug !== slug) throw serviceError(404, ErrorCodes.notFound, CompanyMessages.companyNotFound);
    if (caller.role === 'admin') logger?.info({ userId: caller.userId, company: slug }, 'admin access to a company');
    return;
  }
  if (rule.kind === 'user') return;
  if (rule.kind === 'admin') {
    if (caller.role !== 'admin') throw forbidden();
    return;
  }
  const businessId = (payload as Record<string, unknown> | null)?.[rule.field];
  if (caller.role === 'admin') {
    logger?.info({ userId: caller.userId, businessId: typeof businessId === 'string' ? businessId : undefined }, 'admin access to a business');
    return;
  }
  if (!caller.businesses.length) throw forbidden();
  if (typeof businessId !== 'string' || !caller.businesses.includes(membershipClaim(rule.business ?? 'pharmacy', businessId))) throw businessNotFound();
}

/**
 * The kit's global guard: for handlers that take `@Caller()` or carry a `Require…` rule, verifies the token in the
 * request's `x-caller` header (absent or `anonymous`: no caller) and applies the rule. Other handlers cost nothing.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  private verifier?: AccessTokenVerifier;
  private versions?: TokenVersions | null;

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'rpc') return true;
    const handler = context.getHandler();
    const rule = this.reflector.get<Rule | undefined>(RULE, handler) ?? this.reflector.get<Rule | undefined>(RULE, context.getClass());
    if (!rule && !Reflect.getMetadata(WANTED, handler)) return true;
    const rpc = context.switchToRpc();
    const nats = rpc.getContext<NatsContext>();
    const caller = await this.resolve(nats.getHeaders?.()?.get(Headers.caller) || ANONYMOUS_CALLER);
    // A business access token opens its one business and nothing else: any other handler refuses it as no valid token.
    if (caller?.access && rule?.kind !== 'company') throw unauthorized();
    callers.set(nats, caller);
    if (rule) checkCaller(rule, caller, rpc.getData(), this.logger);
    return true;
  }

  /**
   * The caller of a header value: null when anonymous; 401 for a token that does not verify, or whose version is older
   * than its account's (`TokenVersions`, watched from identity's bucket); 503 when identity's keys cannot be had.
   */
  async resolve(header: string): Promise<Caller | null> {
    if (header === ANONYMOUS_CALLER) return null;
    this.verifier ??= this.moduleRef.get<AccessTokenVerifier>(ACCESS_TOKEN_VERIFIER, { strict: false });
    let claims;
    try {
      claims = await this.verifier.verify(header);
    } catch (err) {
      if (err instanceof RpcException) throw err;
      this.logger.warn({ err }, 'access token keys unavailable');
      throw serviceError(503, ErrorCodes.unavailable, Messages.serviceUnavailable);
    }
    if (!claims) throw unauthorized();
    const versions = this.tokenVersions();
    if (versions) {
      await versions.ready;
      if (versions.isStale(Number(claims.sub), claims.ver)) throw unauthorized();
    }
    if (claims.typ === 'business') return { userId: Number(claims.sub), role: claims.role, businesses: [], token: header, access: claims.business };
    return { userId: Number(claims.sub), role: claims.role, businesses: claims.biz ?? [], token: header };
  }

  private tokenVersions(): TokenVersions | null {
    if (this.versions === undefined) {
      try {
        this.versions = this.moduleRef.get(TokenVersions, { strict: false });
      } catch {
        this.versions = null;
      }
    }
    return this.versions;
  }
}
