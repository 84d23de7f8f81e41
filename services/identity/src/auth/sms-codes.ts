import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ErrorCodes, Events, Messages, PhoneSignInDto, SMS_CODE, SmsVerifyDto, Subjects,
  type AuthTokenResponse, type SmsCodeEvent,
} from '@mc/contracts';
import { DATABASE, OutboxWriter, REDIS, serviceError, type Database } from '@mc/kit';
import { and, eq, sql } from 'drizzle-orm';
import type Redis from 'ioredis';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { users } from '../db/schema';
import { AccountsService } from './accounts.service';
import { AuthModule } from './auth.handlers';
import { hashToken } from './secrets';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const wrongCode = () => serviceError(400, ErrorCodes.invalidCredentials, Messages.invalidSmsCode);
interface StoredCode { hash: string; userId: number; tries: number }

/**
 * Sign-in by SMS (spec 4): a 4-digit code for the phone of an active account, texted through
 * notifications; a new code only after 30 s. Codes live in Redis, hashed, for 5 minutes and 5 tries.
 */
@Injectable()
export class SmsCodes {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  /** The same answer whether or not the phone has an account (only an account's phone gets a text). */
  async request(phone: string): Promise<{ message: string }> {
    const digits = digitsOf(phone);
    const locked = await this.redis.set(`sms-lock:${digits}`, '1', 'EX', SMS_CODE.resendAfterSeconds, 'NX');
    if (locked !== 'OK') throw serviceError(429, ErrorCodes.tooManyRequests, Messages.smsResendLocked);
    const [user] = await this.db.select({ id: users.id }).from(users)
      .where(and(eq(users.status, 'active'), eq(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g')`, digits))).limit(1);
    if (user) {
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      const stored: StoredCode = { hash: hashToken(`${digits}:${code}`), userId: user.id, tries: 0 };
      await this.redis.set(`sms-code:${digits}`, JSON.stringify(stored), 'EX', SMS_CODE.lifetimeSeconds);
      await this.db.transaction((tx) => this.outbox.add<SmsCodeEvent>(tx, Events.identity.smsCodeRequested, { phone, code }));
    }
    return { message: Messages.smsCodeSent };
  }

  async verify(phone: string, code: string): Promise<AuthTokenResponse> {
    const digits = digitsOf(phone);
    const key = `sms-code:${digits}`;
    const raw = await this.redis.get(key);
    const stored = raw ? (JSON.parse(raw) as StoredCode) : undefined;
    if (!stored || stored.tries >= SMS_CODE.attempts) throw wrongCode();
    const expected = Buffer.from(stored.hash);
    const given = Buffer.from(hashToken(`${digits}:${code}`));
    if (!timingSafeEqual(expected, given)) {
      await this.redis.set(key, JSON.stringify({ ...stored, tries: stored.tries + 1 }), 'KEEPTTL');
      throw wrongCode();
    }
    await this.redis.del(key);
    return this.accounts.signInById(stored.userId);
  }
}

@Controller()
export class SmsHandlers {
  constructor(@Inject(SmsCodes) private readonly codes: SmsCodes) {}

  @MessagePattern(Subjects.identity.smsRequest)
  request(@Payload() dto: PhoneSignInDto) {
    return this.codes.request(dto.phone);
  }

  @MessagePattern(Subjects.identity.smsVerify)
  verify(@Payload() dto: SmsVerifyDto) {
    return this.codes.verify(dto.phone, dto.code);
  }
}

@Module({ imports: [AuthModule], controllers: [SmsHandlers], providers: [SmsCodes] })
export class SmsModule {}
