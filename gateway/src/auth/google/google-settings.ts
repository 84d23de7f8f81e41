import { GOOGLE_CALLBACK_PATH } from '@mc/contracts';
import { isDevelopment } from '@mc/kit';
import type { GatewayEnv } from '../../config';

/** The local fake provider's client (outside production, when no Google client is configured). */
export const DEV_OAUTH = { clientId: 'local-dev-client', clientSecret: 'local-dev-secret', basePath: '/dev/oauth' } as const;

/** How the gateway speaks to Google (or to the stand-in provider), from its environment. */
export class GoogleSettings {
  /** False only in production without a client: Google sign-in then answers 503. */
  enabled!: boolean;
  /** The local fake provider at /dev/oauth stands in for Google. */
  devFake!: boolean;
  clientId!: string;
  clientSecret!: string;
  authorizationURL!: string;
  tokenURL!: string;
  userProfileURL!: string;
  callbackURL!: string;
  timeoutMs!: number;
  /** The browser-binding cookie is `Secure` when the site is served over https. */
  secureCookie!: boolean;
}

export function googleSettings(env: GatewayEnv): GoogleSettings {
  const configured = env.GOOGLE_CLIENT_ID !== '';
  const devFake = !configured && isDevelopment(env);
  const callbackURL = env.GOOGLE_CALLBACK_URL || `${env.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  const common = { enabled: configured || devFake, devFake, callbackURL, timeoutMs: env.GOOGLE_TIMEOUT_MS, secureCookie: env.PUBLIC_URL.startsWith('https:') };
  if (devFake) {
    // The browser opens the fake's page where users reach the site; the gateway calls its own token and userinfo endpoints.
    const self = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${env.PORT}${DEV_OAUTH.basePath}`;
    return {
      ...common,
      clientId: DEV_OAUTH.clientId,
      clientSecret: DEV_OAUTH.clientSecret,
      authorizationURL: `${env.PUBLIC_URL}${DEV_OAUTH.basePath}/authorize`,
      tokenURL: `${self}/token`,
      userProfileURL: `${self}/userinfo`,
    };
  }
  return {
    ...common,
    // passport-oauth2 refuses an empty client id; a disabled sign-in never reaches Google anyway.
    clientId: env.GOOGLE_CLIENT_ID || 'not-configured',
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authorizationURL: env.GOOGLE_AUTH_URL,
    tokenURL: env.GOOGLE_TOKEN_URL,
    userProfileURL: env.GOOGLE_USERINFO_URL,
  };
}
