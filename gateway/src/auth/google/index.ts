import type { Provider, Type } from '@nestjs/common';
import type { GatewayEnv } from '../../config';
import { DevOAuthController } from './dev-oauth.controller';
import { GoogleAuthController } from './google-auth.controller';
import { DEV_OAUTH, GoogleSettings, googleSettings } from './google-settings';
import { GoogleStrategy } from './google.strategy';

/** The paths of the local fake provider, outside the /api prefix (like /dev/mailbox). */
export const DEV_OAUTH_PATHS = ['authorize', 'token', 'userinfo'].map((path) => `${DEV_OAUTH.basePath.slice(1)}/${path}`);

/** Sign-in with Google's controllers and providers; the local fake provider only where it stands in for Google. */
export function googleSignIn(env: GatewayEnv): { controllers: Type<unknown>[]; providers: Provider[] } {
  const settings = googleSettings(env);
  return {
    controllers: [GoogleAuthController, ...(settings.devFake ? [DevOAuthController] : [])],
    providers: [{ provide: GoogleSettings, useValue: settings }, GoogleStrategy],
  };
}
