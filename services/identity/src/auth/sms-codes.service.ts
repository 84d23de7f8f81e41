import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Events, Messages, SMS_CODE, type AuthTokenResponse } from '@mc/contracts';
import { Clock, OutboxWriter, REDIS, SERVICE_ENV, serviceError, type Tx } from '@mc/kit';
import { and, eq } from 'drizzle-orm';
import type Redis from 'ioredis';
import { randomInt } from 'node:crypto';
import { hmacSecret, type IdentityEnv } from '../config';
import { phoneDigitsOf, users } from '../db/schema';
import { DeliverySecrets } from '../delivery-secrets/delivery-secrets';
import { AuthService } from './auth.service';
import { keyedHash, sameSecret } from './secrets';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const wrongCode = () => serviceError(400, ErrorCodes.invalidCredentials, Messages.invalidSmsCode);
const locked = () => serviceError(429, ErrorCodes.tooManyRequests, Messages.smsSignInLocked);
/** A code as kept in Redis; `expiresAt` (ms) by the service's clock (absent in codes kept before it was). */
interface StoredCode { hash: string; userId: number; tries: number; expiresAt?: number }

/**
 * Whether a time-limited mark (a lock, the resend wait) still holds: its value is the time it ends, by the service's
 * clock; Redis drops it then too (tests move the clock instead of waiting). A mark from before ('1') holds until Redis drops it.
 */
const stillHeld = (raw: string | null, now: number): boolean => raw !== null && (raw === '1' || Number(raw) > now);

/**
 * Sign-in by SMS (spec 4, with stronger codes): a 6-digit code for the phone of an active account, texted
 * through notifications; a new code only after 30 s and at most SMS_CODE.perPhonePerDay a day. Codes live in
 * Redis as an HMAC keyed by the server's secret, for 5 minutes and 5 tries; 5 wrong codes in a row, across
 * codes, lock the phone's code sign-in for an hour. Every time limit is also read from the service's clock.
 */
@Injectable()
export class SmsCodes {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(AuthService) private readonly accounts: AuthService,
    @Inject(DeliverySecrets) private readonly secrets: DeliverySecrets,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  private hash(digits: string, code: string): string {
    return keyedHash(hmacSecret(this.env), 'sms-code', `${digits}:${code}`);
  }

  /**
   * The same answer, in the same time, whether or not the phone has an account: the limits depend on the phone
   * only, and the lookup is done after answering (`sendCode`, from identity's own queue).
   */
  async request(phone: string): Promise<{ message: string }> {
    const digits = digitsOf(phone);
    const now = this.clock.millis();
    if (stillHeld(await this.redis.get(`sms-signin-lock:${digits}`), now)) throw locked();
    const resendKey = `sms-lock:${digits}`;
    const resendUntil = String(now + SMS_CODE.resendAfterSeconds * 1000);
    let resend = await this.redis.set(resendKey, resendUntil, 'EX', SMS_CODE.resendAfterSeconds, 'NX');
    // A wait the clock says is over, still in Redis (a test moved the clock), is taken over.
    if (resend !== 'OK' && !stillHeld(await this.redis.get(resendKey), now)) resend = await this.redis.set(resendKey, resendUntil, 'EX', SMS_CODE.resendAfterSeconds);
    if (resend !== 'OK') throw serviceError(429, ErrorCodes.tooManyRequests, Messages.smsResendLocked);
    const sentToday = await this.redis.incr(`sms-day:${digits}`);
    if (sentToday === 1) await this.redis.expire(`sms-day:${digits}`, 86_400);
    if (sentToday > SMS_CODE.perPhonePerDay) throw serviceError(429, ErrorCodes.tooManyRequests, Messages.smsDailyLimit);
    await this.accounts.ask(Events.identity.smsCodeAsked, { phone });
    return { message: Messages.smsCodeSent };
  }

  /** A new code for the phone of an active account (none otherwise), and the event that texts it, in the caller's transaction. */
  async sendCode(tx: Tx, phone: string): Promise<void> {
    const digits = digitsOf(phone);
    const [user] = await tx.select({ id: users.id }).from(users)
      .where(and(eq(users.status, 'active'), eq(phoneDigitsOf(users.phone), digits))).limit(1);
    if (!user) return;
    const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, '0');
    const stored: StoredCode = { hash: this.hash(digits, code), userId: user.id, tries: 0, expiresAt: this.clock.millis() + SMS_CODE.lifetimeSeconds * 1000 };
    await this.redis.set(`sms-code:${digits}`, JSON.stringify(stored), 'EX', SMS_CODE.lifetimeSeconds);
    const secretRef = await this.secrets.keep({ code }, SMS_CODE.lifetimeSeconds);
    await this.outbox.add(tx, Events.identity.smsCodeRequested, { phone, secretRef });
  }

  async verify(phone: string, code: string): Promise<AuthTokenResponse> {
    const digits = digitsOf(phone);
    const now = this.clock.millis();
    if (stillHeld(await this.redis.get(`sms-signin-lock:${digits}`), now)) throw locked();
    const key = `sms-code:${digits}`;
    const raw = await this.redis.get(key);
    const kept = raw ? (JSON.parse(raw) as StoredCode) : undefined;
    const stored = kept && !(kept.expiresAt !== undefined && kept.expiresAt <= now) ? kept : undefined;
    if (!stored || stored.tries >= SMS_CODE.attempts || !sameSecret(stored.hash, this.hash(digits, code))) {
      if (stored) await this.redis.set(key, JSON.stringify({ ...stored, tries: stored.tries + 1 }), 'KEEPTTL');
      return this.wrong(digits);
    }
    await this.redis.del(key, `sms-wrong:${digits}`);
    return this.accounts.signInById(stored.userId);
  }

  /** Counts a wrong code against the phone (whichever code it was for); the last allowed one locks code sign-in for an hour. */
  private async wrong(digits: string): Promise<never> {
    const wrong = await this.redis.incr(`sms-wrong:${digits}`);
    if (wrong === 1) await this.redis.expire(`sms-wrong:${digits}`, SMS_CODE.lockSeconds);
    if (wrong >= SMS_CODE.lockAfterWrong) {
      await this.redis.set(`sms-signin-lock:${digits}`, String(this.clock.millis() + SMS_CODE.lockSeconds * 1000), 'EX', SMS_CODE.lockSeconds);
      await this.redis.del(`sms-wrong:${digits}`, `sms-code:${digits}`);
      throw locked();
    }
    throw wrongCode();
  }
}
