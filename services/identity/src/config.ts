import { isDevelopment, ServiceEnv } from '@mc/kit';
import { IsInt, Matches, Max, Min, ValidateIf } from 'class-validator';

const REQUIRED_IN_PRODUCTION = 'is required in production';

export class IdentityEnv extends ServiceEnv {
  /**
   * Encrypts the private signing keys at rest (AES-256-GCM): 32 random bytes, base64 (`openssl rand -base64 32`).
   * Required in production; development and tests use a fixed local key when it is empty.
   */
  @ValidateIf((env: IdentityEnv) => env.IDENTITY_KEY_ENCRYPTION_KEY !== '' || !isDevelopment(env))
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: `must be 32 bytes in base64 (${REQUIRED_IN_PRODUCTION})` })
  IDENTITY_KEY_ENCRYPTION_KEY = '';

  /**
   * Keys the HMACs of SMS codes and of unsubscribe links: at least 32 characters of random text.
   * Required in production; development and tests use a fixed local secret when it is empty.
   */
  @ValidateIf((env: IdentityEnv) => env.IDENTITY_HMAC_SECRET !== '' || !isDevelopment(env))
  @Matches(/^\S{32,}$/, { message: `must be at least 32 characters without spaces (${REQUIRED_IN_PRODUCTION})` })
  IDENTITY_HMAC_SECRET = '';

  /** A new signing key signs after this many days; older keys stay published until the tokens they signed expire. */
  @IsInt() @Min(1) @Max(365)
  SIGNING_KEY_ROTATION_DAYS = 30;

  /** Password hashes computed at once (argon2 is CPU- and memory-bound); more wait in line. */
  @IsInt() @Min(1) @Max(64)
  HASH_CONCURRENCY = 2;

  /** Hashes that may wait for a turn; beyond, a request is refused at once with 503. */
  @IsInt() @Min(0) @Max(10_000)
  HASH_QUEUE_LIMIT = 100;
}

// Local defaults, never used in production (the settings above are required there).
const LOCAL_KEY_ENCRYPTION_KEY = Buffer.from('medcanna-local-key-encryption-key').subarray(0, 32);
const LOCAL_HMAC_SECRET = 'medcanna-local-hmac-secret-not-for-production';

export const keyEncryptionKey = (env: IdentityEnv): Buffer =>
  env.IDENTITY_KEY_ENCRYPTION_KEY ? Buffer.from(env.IDENTITY_KEY_ENCRYPTION_KEY, 'base64') : LOCAL_KEY_ENCRYPTION_KEY;

export const hmacSecret = (env: IdentityEnv): string => env.IDENTITY_HMAC_SECRET || LOCAL_HMAC_SECRET;
