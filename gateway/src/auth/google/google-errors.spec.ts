import { HttpException } from '@nestjs/common';
import { Messages } from '@mc/contracts';
import { InternalOAuthError, TokenError } from 'passport-oauth2';
import { callbackFailure } from './google-errors';

const answerOf = (failure: { exception: HttpException }) => ({ status: failure.exception.getStatus(), ...(failure.exception.getResponse() as object) });

describe('callbackFailure', () => {
  it("answers 400 for a code Google refuses and passes the state store's own answer on", () => {
    expect(answerOf(callbackFailure({ kind: 'error', error: new TokenError('Bad Request', 'invalid_grant') })))
      .toMatchObject({ status: 400, message: Messages.googleCodeInvalid });
    const stateInvalid = new HttpException({ statusCode: 400, code: 'BAD_REQUEST', message: Messages.googleStateInvalid }, 400);
    expect(callbackFailure({ kind: 'error', error: stateInvalid }).exception).toBe(stateInvalid);
  });

  it("answers 503 and logs when the provider fails, does not answer, or refuses our client", () => {
    const down = callbackFailure({ kind: 'error', error: new InternalOAuthError('Failed to obtain access token', { statusCode: 500, data: '<html>' }) });
    expect(answerOf(down)).toMatchObject({ status: 503, message: Messages.googleUnavailable });
    expect(down.log).toContain('HTTP 500');
    const client = callbackFailure({ kind: 'error', error: new TokenError('Unauthorized', 'invalid_client') });
    expect(answerOf(client)).toMatchObject({ status: 503 });
    expect(client.log).toContain('invalid_client');
    expect(answerOf(callbackFailure({ kind: 'timeout' }))).toMatchObject({ status: 503, message: Messages.googleUnavailable });
    expect(answerOf(callbackFailure({ kind: 'error', error: new Error('Failed to parse user profile') }))).toMatchObject({ status: 503 });
  });

  it('answers 403 for an account without an e-mail, and 400 for anything else', () => {
    expect(answerOf(callbackFailure({ kind: 'fail', challenge: undefined }))).toMatchObject({ status: 403, message: Messages.googleEmailUnverified });
    expect(answerOf(callbackFailure({ kind: 'redirect', url: 'https://x' }))).toMatchObject({ status: 400, message: Messages.googleCodeInvalid });
  });
});
