import { Controller, Get, Headers, Inject, Logger, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiQuery, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { safeReturnPath, Subjects, type GoogleAuthUrlResponse, type GoogleCallbackResponse } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { ServiceClients } from '../../clients/clients.module';
import { SetSessionCookie } from '../session-cookie';
import { RateLimit, type RateLimitRule } from '../../http/rate-limit';
import type { GoogleAccount } from './google-account';
import { callbackFailure, googleErrors } from './google-errors';
import { GoogleSettings } from './google-settings';
import { GoogleStrategy } from './google.strategy';
import { runStrategy } from './run-strategy';
import { clearedFlowCookie, flowCookie, flowCookieValue, isRandomToken, newRandomToken, type FlowRequest } from './state-store';

/** Starting and finishing Google sign-ins, per address (not a spec rule; a Hebrew 429 past it). */
const GOOGLE_LIMIT: RateLimitRule = { name: 'google', per: 'client', count: 60, windowSeconds: 15 * 60 };
/** Google's codes are a few hundred characters; anything far longer is not one. */
const MAX_CODE_LENGTH = 2048;

/**
 * Sign-in with Google (spec 4, API.md): the web asks for Google's authorization URL and sends the browser
 * there; Google sends it back to the web's /auth/google-callback, which hands the code and state here. The
 * code is exchanged with Google through passport-google-oauth20, and identity finds, links or creates the
 * account and issues the same token as every other sign-in.
 */
@ApiTags('auth')
@Controller('auth/google')
export class GoogleAuthController {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(
    @Inject(GoogleSettings) private readonly settings: GoogleSettings,
    @Inject(GoogleStrategy) private readonly strategy: GoogleStrategy,
    @Inject(ServiceClients) private readonly clients: ServiceClients,
  ) {}

  @Get('url')
  @ApiQuery({ name: 'returnTo', required: false, description: "the site's page to come back to ('/' unless a path of this site)" })
  @ApiOkResponse({ description: "{ url }: Google's authorization URL with a single-use state (10 minutes) and a PKCE challenge; sets the flow cookie that ties the sign-in to this browser" })
  @ApiServiceUnavailableResponse({ description: 'Google sign-in is not configured here, or failed to start' })
  @ApiTooManyRequestsResponse({ description: 'too many Google sign-ins from this address' })
  @RateLimit(GOOGLE_LIMIT)
  async url(@Query('returnTo') returnTo: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<GoogleAuthUrlResponse> {
    this.ensureEnabled();
    const browser = newRandomToken();
    const request: FlowRequest = { query: {}, flow: { browser, returnTo: safeReturnPath(returnTo) } };
    const outcome = await runStrategy(this.strategy, request, { prompt: 'select_account' }, this.settings.timeoutMs);
    if (outcome.kind !== 'redirect') {
      this.logger.error({ outcome: outcome.kind, err: outcome.kind === 'error' ? outcome.error : undefined }, 'could not start a Google sign-in');
      throw googleErrors.unavailable();
    }
    void reply.header('set-cookie', flowCookie(browser, this.settings.secureCookie));
    return { url: outcome.url };
  }

  @Get('callback')
  @UseInterceptors(SetSessionCookie)
  @ApiQuery({ name: 'code', required: true })
  @ApiQuery({ name: 'state', required: true })
  @ApiOkResponse({ description: '{ jwt, created, returnTo }: signed in (the same token as a password sign-in), whether this sign-in made the account, and the page the sign-in started from' })
  @ApiBadRequestResponse({ description: 'a missing, unknown, used or expired code or state, a state of another browser, or a cancelled sign-in (Hebrew message)' })
  @ApiForbiddenResponse({ description: "the account is disabled ('המשתמש נחסם. אנא פנה למנהל המערכת.'), or Google's e-mail is not verified" })
  @ApiConflictResponse({ description: "the e-mail's account is linked to another Google account" })
  @ApiServiceUnavailableResponse({ description: 'Google failed or did not answer' })
  @ApiTooManyRequestsResponse({ description: 'too many Google sign-ins from this address' })
  @RateLimit(GOOGLE_LIMIT)
  async callback(
    @Query() query: Record<string, unknown>,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GoogleCallbackResponse> {
    this.ensureEnabled();
    // One try per started sign-in, whatever happens next.
    void reply.header('set-cookie', clearedFlowCookie(this.settings.secureCookie));
    if (typeof query.error === 'string') throw query.error === 'access_denied' ? googleErrors.cancelled() : googleErrors.codeInvalid();
    const { code, state } = query;
    if (typeof code !== 'string' || !code || code.length > MAX_CODE_LENGTH) throw googleErrors.codeInvalid();
    if (!isRandomToken(state)) throw googleErrors.stateInvalid();

    const request: FlowRequest = { query: { code, state }, flow: { browser: flowCookieValue(cookie) } };
    const outcome = await runStrategy(this.strategy, request, {}, this.settings.timeoutMs);
    if (outcome.kind !== 'success') {
      const failure = callbackFailure(outcome);
      if (failure.log) this.logger.warn(failure.log);
      throw failure.exception;
    }
    // Passport's success carries what the strategy's `validate` answered: a `GoogleAccount`.
    const { jwt, created } = await this.clients.get('identity').send(Subjects.identity.googleSignIn, outcome.user as GoogleAccount);
    const started = (outcome.info as { state?: { returnTo?: unknown } } | undefined)?.state;
    return { jwt, created, returnTo: safeReturnPath(started?.returnTo) };
  }

  private ensureEnabled(): void {
    if (!this.settings.enabled) throw googleErrors.unavailable();
  }
}
