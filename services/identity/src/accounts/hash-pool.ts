import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages } from '@mc/contracts';
import { SERVICE_ENV, serviceError } from '@mc/kit';
import type { IdentityEnv } from '../config';
import { hashPassword, passwordMatches } from '../auth/secrets';

/**
 * Password hashing with bounded concurrency: at most HASH_CONCURRENCY argon2 runs at once (more only slow
 * every one of them down), at most HASH_QUEUE_LIMIT waiting; past that, a 503 at once instead of a timeout.
 */
@Injectable()
export class HashPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(@Inject(SERVICE_ENV) private readonly env: IdentityEnv) {}

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  matches(stored: string | null, password: string): Promise<boolean> {
    return this.run(() => passwordMatches(stored, password));
  }

  /** How many runs are in progress and waiting (for tests and health). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.env.HASH_CONCURRENCY) {
      if (this.waiting.length >= this.env.HASH_QUEUE_LIMIT) throw serviceError(503, ErrorCodes.unavailable, Messages.identityBusy);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (the active count stays), or frees a slot.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
