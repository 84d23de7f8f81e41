import type { Product } from '../catalog';

export * from './events';

/** The signed-in identity carried in access tokens (spec 3: only identity type `user` is accepted). */
export type UserRole = 'user' | 'admin' | 'business_owner';
export type AuthMethod = 'password' | 'google' | 'sms';

export interface AccessTokenClaims {
  sub: string;
  typ: 'user';
  role: UserRole;
  /** The account's token version: a password change or sign-out everywhere makes older tokens stale. */
  ver: number;
  /**
   * When the session began (seconds since the epoch): the sign-in this token descends from. Carried unchanged through
   * every refresh; identity refuses to refresh a token whose session began more than `TOKEN_LIFETIME.sessionSeconds` ago.
   */
  auth_time?: number;
  /**
   * The businesses the account is a member of, each named with its kind (`pharmacy:<slug>`, `company:<slug>`, see
   * `membershipClaim`), so a pharmacy and a company sharing a slug never mix (managers only; absent for a patient).
   * Signed into the token and read afresh at every refresh: services check business access against these claims (no
   * lookup on the request path). A token that carries them lives `TOKEN_LIFETIME.membershipSeconds` (5 minutes), so a
   * membership given or taken away takes effect at the next refresh, and a removed one stops working within 5 minutes.
   */
  biz?: string[];
}

/** The kinds of business a manager may be a member of. */
export type BusinessKind = 'pharmacy' | 'company';
export const BUSINESS_KINDS: readonly BusinessKind[] = ['pharmacy', 'company'];

/** A membership as the `biz` claim names it: `pharmacy:<slug>` or `company:<slug>`. */
export const membershipClaim = (kind: BusinessKind, slug: string): string => `${kind}:${slug}`;

/** The kind and slug of a `biz` claim; undefined for one that names no known kind. */
export function parseMembershipClaim(claim: string): { kind: BusinessKind; slug: string } | undefined {
  const colon = claim.indexOf(':');
  if (colon <= 0) return undefined;
  const kind = claim.slice(0, colon);
  const slug = claim.slice(colon + 1);
  return (BUSINESS_KINDS as readonly string[]).includes(kind) && slug ? { kind: kind as BusinessKind, slug } : undefined;
}

/**
 * A business access token (`POST /api/businesses/{businessId}/access`): the bearer manages that one business
 * (a pharmacy or a cannabis company) until it expires. Only the back office accepts it.
 */
export interface BusinessAccessClaims {
  sub: string;
  typ: 'business';
  role: UserRole;
  ver: number;
  business: { kind: 'pharmacy' | 'company'; slug: string };
}

/** What sign-in, activation, reset and refresh answer: the access token for the `token` cookie. */
export interface AuthTokenResponse {
  jwt: string;
}

/** `GET /api/auth/google/url`: Google's authorization URL for this browser (its `state` is single-use and short-lived). */
export interface GoogleAuthUrlResponse {
  url: string;
}

/** `GET /api/auth/google/callback`: the token, and the page the sign-in started from (`returnTo` of the url call, or '/'). */
/** `identity.google.sign-in`: the token, and whether this sign-in made the account (a new patient is welcomed, not welcomed back). */
export interface GoogleSignInResponse extends AuthTokenResponse {
  created: boolean;
}

export interface GoogleCallbackResponse extends GoogleSignInResponse {
  returnTo: string;
}

/** Spec 4: Google sign-in starts and ends on these paths of the web app (the provider redirects to the callback). */
export const GOOGLE_CALLBACK_PATH = '/auth/google-callback';
/** How long a started Google sign-in may take before its `state` expires. */
export const GOOGLE_STATE_SECONDS = 600;

/** `identity.keys.get`: the public keys (JWK, ES256) that verify access tokens. */
export interface SigningKeysResponse {
  keys: (JsonWebKeyPublic & { kid: string })[];
}
export interface JsonWebKeyPublic {
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  alg?: string;
}

export interface UserProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  subscribed: boolean;
  lastSignedAt: string | null;
  createdAt: string;
  authMethod: AuthMethod;
  role: UserRole;
}

/** What waits under a `secretRef` for the message that carries it: a link token, or an SMS code. */
/** A user's e-mail and phone for an alert's message; `active` false: blocked or not activated (nothing is sent). */
export interface UserContact {
  email: string;
  phone: string | null;
  firstName: string;
  active: boolean;
}

export interface DeliverySecret {
  token?: string;
  code?: string;
  /** The signature of the recipient's unsubscribe link (e-mails only). */
  unsubscribeSig?: string;
}

/** `identity.user.businesses`: what a manager runs (spec 6: only managers have any). */
export interface BusinessesResponse {
  businesses: { kind: 'pharmacy' | 'company'; slug: string; name: string }[];
}

/** A saved shipping address (spec 3). */
export interface Address {
  id: number;
  address: string;
  houseNumber: string;
  floor: number | null;
  apartment: number | null;
  isDefault: boolean;
}
export const MAX_ADDRESSES = 20;

/** `identity.favorites.list`: the user's favourite product slugs, newest first (at most MAX_FAVORITES). */
export interface FavoriteSlugsResponse {
  productSlugs: string[];
}
export const MAX_FAVORITES = 100;

/** `GET /api/user/favorites` (spec 3: a favourite is a product slug and the product). */
export interface FavoritesResponse {
  favorites: { productSlug: string; product: Product }[];
}

/** `notifications.mailbox.list`: the newest e-mails of the local mailbox. */
export interface MailboxResponse {
  messages: {
    id: number; to: string; subject: string; body: string; status: string; createdAt: string;
    /** The attachments an e-mail carried (documents to a pharmacy): names, types and sizes only, never their bytes. */
    attachments?: { filename: string; contentType: string; size: number }[];
  }[];
}

/**
 * Ours (stronger than spec 4 and 9's 4 digits): a code is 6 digits and lives 5 minutes, 5 tries; a new one may be
 * asked for after 30 s, at most `perPhonePerDay` a day; 5 wrong codes in a row (across codes) lock the phone's
 * code sign-in for an hour.
 */
export const SMS_CODE = {
  digits: 6, resendAfterSeconds: 30, lifetimeSeconds: 300, attempts: 5, perPhonePerDay: 5, lockAfterWrong: 5, lockSeconds: 3600,
} as const;

/**
 * Access tokens are short-lived: the web refreshes them on load and before they expire (spec 4). A token that names
 * business memberships (a manager's access token with `biz`, a business access token) lives 5 minutes, so a
 * removed membership stops working within 5 minutes; any other access token an hour.
 */
export const TOKEN_LIFETIME = {
  accessSeconds: 3600,
  membershipSeconds: 300,
  businessAccessSeconds: 300,
  /** A session (sign-in) is refreshed for at most 30 days; then the user signs in again. */
  sessionSeconds: 30 * 24 * 3600,
  activationHours: 72,
  resetHours: 2,
} as const;

export * from './prescription';
export * from './prescription.dto';
