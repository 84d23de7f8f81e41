import { ID_NUMBER_RETENTION_DAYS } from '@mc/contracts';
import { isDevelopment, ServiceEnv } from '@mc/kit';
import { IsInt, Matches, Max, Min, ValidateIf } from 'class-validator';

/** What order's timers process reads (no PII key: it never opens an ID number, it only deletes them). */
export class OrderTimersEnv extends ServiceEnv {
  /** Days after an order became final (complete, canceled, closed) its ID number is deleted (the privacy policy says 30). */
  @IsInt() @Min(1) @Max(3650)
  ID_NUMBER_RETENTION_DAYS = ID_NUMBER_RETENTION_DAYS;

  /** How often the ID numbers past retention are looked for. */
  @IsInt() @Min(50) @Max(24 * 3600_000)
  ID_NUMBER_PURGE_INTERVAL_MS = 3600_000;
}

export class OrderEnv extends OrderTimersEnv {
  /**
   * Encrypts the checkout's private RSA keys at rest (AES-256-GCM): 32 random bytes, base64 (`openssl rand -base64 32`).
   * Required in production; development and tests use a fixed local key when it is empty.
   */
  @ValidateIf((env: OrderEnv) => env.PII_MASTER_KEY !== '' || !isDevelopment(env))
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (is required in production)' })
  PII_MASTER_KEY = '';

  /** How long the quote waits for the shipping-quote service before marking delivered pharmacies 'Error'. */
  @IsInt() @Min(100) @Max(30_000)
  SHIPPING_QUOTE_TIMEOUT_MS = 3000;
}

// A local default, never used in production (the setting is required there).
const LOCAL_PII_MASTER_KEY = Buffer.from('medcanna-local-pii-master-key-not-for-production').subarray(0, 32);

export const piiMasterKey = (env: OrderEnv): Buffer => (env.PII_MASTER_KEY ? Buffer.from(env.PII_MASTER_KEY, 'base64') : LOCAL_PII_MASTER_KEY);
