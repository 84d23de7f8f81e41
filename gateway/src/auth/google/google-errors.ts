import { HttpException } from '@nestjs/common';
import { ErrorCodes, Messages } from '@mc/contracts';
import type { StrategyOutcome } from './run-strategy';

const answer = (status: number, code: string, message: string) => new HttpException({ statusCode: status, code, message }, status);

export const googleErrors = {
  unavailable: () => answer(503, ErrorCodes.unavailable, Messages.googleUnavailable),
  stateInvalid: () => answer(400, ErrorCodes.badRequest, Messages.googleStateInvalid),
  codeInvalid: () => answer(400, ErrorCodes.badRequest, Messages.googleCodeInvalid),
  cancelled: () => answer(400, ErrorCodes.badRequest, Messages.googleCancelled),
  emailUnverified: () => answer(403, ErrorCodes.emailUnverified, Messages.googleEmailUnverified),
};

/** passport-oauth2's error classes carry these names (and a TokenError the OAuth `error` code). */
interface OAuthError {
  name?: string;
  code?: string;
  message?: string;
  oauthError?: { statusCode?: number; data?: unknown; code?: string };
}

/**
 * The answer to a callback whose run did not end in success, and what operators should read in the log
 * when it is Google's side (or our client's settings) that failed: a code Google refuses (`invalid_grant`:
 * unknown, used or expired) is the user's 400; a refused client, an unreachable or failing provider is a 503.
 */
export function callbackFailure(outcome: StrategyOutcome): { exception: HttpException; log?: string } {
  if (outcome.kind === 'timeout') return { exception: googleErrors.unavailable(), log: 'Google did not answer in time' };
  // The authenticated account had no e-mail (the e-mail scope was not granted).
  if (outcome.kind === 'fail') return { exception: googleErrors.emailUnverified() };
  if (outcome.kind !== 'error') return { exception: googleErrors.codeInvalid() };
  if (outcome.error instanceof HttpException) return { exception: outcome.error };
  const error = (outcome.error ?? {}) as OAuthError;
  if (error.name === 'TokenError') {
    if (error.code === 'invalid_grant') return { exception: googleErrors.codeInvalid() };
    return { exception: googleErrors.unavailable(), log: `Google refused the token request: ${error.code} ${error.message ?? ''}`.trim() };
  }
  if (error.name === 'AuthorizationError') return { exception: googleErrors.codeInvalid() };
  const status = error.oauthError?.statusCode;
  const oauthCode = error.oauthError?.code;
  const detail = status ? `HTTP ${status}` : oauthCode ?? '';
  return { exception: googleErrors.unavailable(), log: `Google sign-in failed at the provider: ${error.name ?? 'Error'} ${error.message ?? ''} ${detail}`.trim() };
}
