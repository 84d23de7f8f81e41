import { DOCUMENTS_TRANSIT_KEY_PATTERN, isDevelopment, ServiceEnv } from '@mc/kit';
import { IsNotEmpty, Matches, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

export class NotificationsEnv extends ServiceEnv {
  /** smtp(s)://user:pass@host:port; empty keeps e-mails in the local mailbox (development and test only). */
  @ValidateIf((env: NotificationsEnv) => env.SMTP_URL !== '' || !isDevelopment(env))
  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// URL (required outside development)' })
  SMTP_URL = '';

  @Matches(/^.+@.+$/, { message: 'must be an e-mail address, optionally with a name' })
  MAIL_FROM = 'מדקאנה <no-reply@medcanna.local>';

  /** Where links in messages point (the web's address). */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'must be an http(s) origin without a trailing slash' })
  PUBLIC_URL = 'http://localhost:8080';

  /** Twilio (SMS sign-in codes); empty keeps texts in the local mailbox (development and test only). */
  @ValidateIf((env: NotificationsEnv) => !isDevelopment(env))
  @IsNotEmpty({ message: 'is required outside development' })
  TWILIO_ACCOUNT_SID = '';
  @ValidateIf((env: NotificationsEnv) => !isDevelopment(env))
  @IsNotEmpty({ message: 'is required outside development' })
  TWILIO_AUTH_TOKEN = '';
  @ValidateIf((env: NotificationsEnv) => !isDevelopment(env))
  @IsNotEmpty({ message: 'is required outside development' })
  TWILIO_FROM = '';
  /** Twilio's REST origin (a local fake in development and tests); https outside development, as the auth token goes with every request. */
  @ValidateBy({
    name: 'twilioOrigin',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value === 'string' && /^https?:\/\/[^/]+$/.test(value) && (value.startsWith('https://') || isDevelopment(args?.object as NotificationsEnv)),
    },
  }, { message: 'must be an http(s) origin without a trailing slash, https outside development' })
  TWILIO_API_URL = 'https://api.twilio.com';

  /** Where contact-form messages are forwarded. */
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'must be an e-mail address' })
  OPERATOR_EMAIL = 'support@medcanna.local';

  /**
   * The AES-256 key (64 hex digits) the gateway seals patients' documents with in Redis (the same value as the
   * gateway's); empty: the fixed local key, in a development environment only.
   */
  @ValidateIf((env: NotificationsEnv) => env.DOCUMENTS_TRANSIT_KEY !== '' || !isDevelopment(env))
  @Matches(DOCUMENTS_TRANSIT_KEY_PATTERN, { message: 'must be 64 lowercase hex digits (required outside development)' })
  DOCUMENTS_TRANSIT_KEY = '';
}
