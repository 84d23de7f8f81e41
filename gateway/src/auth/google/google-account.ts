import type { GoogleSignInCommand } from '@mc/contracts';
import type { Profile } from 'passport-google-oauth20';

/** What identity is told about a Google account: `GoogleSignInCommand`'s fields. */
export type GoogleAccount = Pick<GoogleSignInCommand, 'sub' | 'email' | 'emailVerified' | 'firstName' | 'lastName'>;

const NAME_LENGTH = 100;
const clip = (text: unknown) => (typeof text === 'string' && text.trim() ? text.trim().slice(0, NAME_LENGTH) : undefined);

/**
 * The account in a profile passport-google-oauth20 parsed from Google's userinfo answer, or undefined when it
 * has no id or no e-mail (the e-mail scope was not granted). Only `email_verified: true` counts as verified
 * (Google's older endpoints sent it as the text "true").
 */
export function googleAccountOf(profile: Pick<Profile, 'id' | 'displayName' | 'name' | 'emails'>): GoogleAccount | undefined {
  const email = profile.emails?.[0];
  if (!profile.id || !email?.value) return undefined;
  const verified = email.verified as unknown;
  return {
    sub: String(profile.id),
    email: email.value.trim(),
    emailVerified: verified === true || verified === 'true',
    firstName: clip(profile.name?.givenName) ?? clip(profile.displayName),
    lastName: clip(profile.name?.familyName),
  };
}
