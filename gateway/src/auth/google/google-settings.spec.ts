import { loadEnv } from '@mc/kit';
import { GatewayEnv } from '../../config';
import { googleSettings } from './google-settings';

const env = (values: NodeJS.ProcessEnv) => loadEnv(GatewayEnv, values);

describe('googleSettings', () => {
  it("speaks to Google's real endpoints with a configured client, coming back to the site's callback page", () => {
    expect(googleSettings(env({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 's', PUBLIC_URL: 'https://shop.example' }))).toEqual({
      enabled: true,
      devFake: false,
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 's',
      authorizationURL: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenURL: 'https://oauth2.googleapis.com/token',
      userProfileURL: 'https://openidconnect.googleapis.com/v1/userinfo',
      callbackURL: 'https://shop.example/auth/google-callback',
      timeoutMs: 8000,
      secureCookie: true,
    });
  });

  it('takes endpoints and the callback from the environment (tests point them at a fake)', () => {
    const settings = googleSettings(env({
      GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's', GOOGLE_AUTH_URL: 'http://127.0.0.1:9/o/oauth2/v2/auth', GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/v1/userinfo', GOOGLE_CALLBACK_URL: 'http://127.0.0.1:18080/auth/google-callback',
    }));
    expect(settings).toMatchObject({ devFake: false, authorizationURL: 'http://127.0.0.1:9/o/oauth2/v2/auth', tokenURL: 'http://127.0.0.1:9/token', callbackURL: 'http://127.0.0.1:18080/auth/google-callback', secureCookie: false });
  });

  it('uses the local fake provider without a client only in a named development environment, and is off by default', () => {
    expect(googleSettings(env({ APP_ENV: 'development', PORT: '8081', PUBLIC_URL: 'http://localhost:8081' }))).toMatchObject({
      enabled: true,
      devFake: true,
      clientId: 'local-dev-client',
      authorizationURL: 'http://localhost:8081/dev/oauth/authorize',
      tokenURL: 'http://127.0.0.1:8081/dev/oauth/token',
      userProfileURL: 'http://127.0.0.1:8081/dev/oauth/userinfo',
      callbackURL: 'http://localhost:8081/auth/google-callback',
    });
    expect(googleSettings(env({ APP_ENV: 'production' }))).toMatchObject({ enabled: false, devFake: false });
    expect(googleSettings(env({}))).toMatchObject({ enabled: false, devFake: false });
  });

  it('refuses to start with a client but no secret, or a userinfo URL that is not one', () => {
    expect(() => env({ GOOGLE_CLIENT_ID: 'c' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => env({ GOOGLE_USERINFO_URL: 'https://www.googleapis.com/plus/v1/people/me' })).toThrow(/GOOGLE_USERINFO_URL/);
    expect(() => env({ GOOGLE_TOKEN_URL: 'ftp://x' })).toThrow(/GOOGLE_TOKEN_URL/);
  });
});
