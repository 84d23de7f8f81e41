import { hmacSecret, type IdentityEnv } from '../config';
import { normalEmail, phoneDigits } from '../accounts/accounts.service';
import { keyedHash } from '../auth/secrets';

/** Whom an unsubscribe link names: an e-mail (lower-cased) or a phone (its digits). */
export type UnsubscribeTarget = { email: string } | { phone: string };
const unsubscribeValue = (target: UnsubscribeTarget) => ('email' in target ? `email:${normalEmail(target.email)}` : `phone:${phoneDigits(target.phone)}`);

/** The signature of an unsubscribe link for an e-mail or a phone (HMAC with the server's secret). */
export const unsubscribeSig = (env: IdentityEnv, target: UnsubscribeTarget): string =>
  keyedHash(hmacSecret(env), 'unsubscribe', unsubscribeValue(target));
