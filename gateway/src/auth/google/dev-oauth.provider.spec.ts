import { createHash } from 'node:crypto';
import { DevOAuthProvider, devSubOf } from './dev-oauth.provider';

const CALLBACK = 'http://localhost:8080/auth/google-callback';
const verifier = 'a-verifier-of-enough-length-0123456789-abcdefghij';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const client = { client_id: 'local-dev-client', client_secret: 'local-dev-secret', grant_type: 'authorization_code', redirect_uri: CALLBACK };

describe('the local fake OAuth provider', () => {
  it('refuses an authorization request of another client, redirect URI, response type, or without S256 PKCE', () => {
    const provider = new DevOAuthProvider(CALLBACK);
    const good = { client_id: 'local-dev-client', redirect_uri: CALLBACK, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' };
    expect(provider.refusal(good)).toBeUndefined();
    expect(provider.refusal({ ...good, client_id: 'x' })).toMatch(/invalid_client/);
    expect(provider.refusal({ ...good, redirect_uri: 'https://evil.example/cb' })).toBe('redirect_uri_mismatch');
    expect(provider.refusal({ ...good, response_type: 'token' })).toBe('unsupported_response_type');
    expect(provider.refusal({ ...good, code_challenge_method: 'plain' })).toMatch(/PKCE/);
  });

  it("exchanges a code once, with its redirect URI and verifier, for a token its userinfo answers with Google's claims", () => {
    const provider = new DevOAuthProvider(CALLBACK);
    const code = provider.issueCode({ email: ' Noa@Example.com ', givenName: 'נועה', familyName: 'לוי' }, { redirectUri: CALLBACK, challenge, method: 'S256' });
    const answer = provider.exchange({ ...client, code, code_verifier: verifier });
    expect(answer).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3600 } });
    const token = answer.status === 200 ? answer.body.access_token : '';
    expect(provider.userinfo(token)).toEqual({
      sub: devSubOf('noa@example.com'), email: 'noa@example.com', email_verified: true, given_name: 'נועה', family_name: 'לוי', name: 'נועה לוי',
    });
    expect(provider.exchange({ ...client, code, code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(provider.userinfo('not-a-token')).toBeUndefined();
    expect(provider.userinfo(undefined)).toBeUndefined();
  });

  it('refuses a wrong verifier, redirect URI or client, and an unknown code', () => {
    const provider = new DevOAuthProvider(CALLBACK);
    const issue = () => provider.issueCode({ email: 'a@b.co' }, { redirectUri: CALLBACK, challenge, method: 'S256' });
    expect(provider.exchange({ ...client, code: issue(), code_verifier: 'wrong' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(provider.exchange({ ...client, code: issue(), code_verifier: verifier, redirect_uri: 'http://x/cb' })).toMatchObject({ status: 400, body: { error: 'redirect_uri_mismatch' } });
    expect(provider.exchange({ ...client, client_secret: 'guess', code: issue(), code_verifier: verifier })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(provider.exchange({ ...client, code: 'made-up', code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});
