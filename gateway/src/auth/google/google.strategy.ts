import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import { GatewayRedis } from '../../redis/redis.module';
import { googleAccountOf, type GoogleAccount } from './google-account';
import { googleErrors } from './google-errors';
import { GoogleSettings } from './google-settings';
import { RedisStateStore } from './state-store';

/** What Google is asked for: the account id, the e-mail with its verification, the names. */
const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * passport-google-oauth20's strategy with our settings: the authorization URL with a single-use `state`
 * kept in Redis and a PKCE (S256) challenge; on the callback, the code exchanged at the token endpoint and
 * the account read from the userinfo endpoint (the access token in the Authorization header, as Google
 * asks). The gateway runs it per request with `runStrategy` and answers JSON.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(GoogleSettings) settings: GoogleSettings, @Inject(GatewayRedis) redis: GatewayRedis) {
    super({
      clientID: settings.clientId,
      clientSecret: settings.clientSecret,
      callbackURL: settings.callbackURL,
      authorizationURL: settings.authorizationURL,
      tokenURL: settings.tokenURL,
      userProfileURL: settings.userProfileURL,
      scope: GOOGLE_SCOPES,
      pkce: true,
      // The PKCE form of a state store (store with the verifier, verify answering it), which the typings do not declare.
      store: new RedisStateStore(redis.client, googleErrors.stateInvalid) as unknown as StateStore,
      passReqToCallback: false,
    });
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  /** The account of the profile Google answered; none (a failed run) without an id or an e-mail. */
  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleAccount | false {
    return googleAccountOf(profile) ?? false;
  }
}
