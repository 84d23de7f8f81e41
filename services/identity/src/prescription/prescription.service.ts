import { Inject, Injectable } from '@nestjs/common';
import { PRESCRIPTION_CATEGORIES, type PrescriptionCategory, type PrescriptionDto, type PrescriptionResponse } from '@mc/contracts';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { Accounts } from '../accounts/accounts.service';
import { prescriptions } from '../db/schema';

/**
 * "My prescription": one row per user, read and written only for the account behind the caller's token. It is medical
 * data, so nothing here publishes an event or logs its content, and removing it deletes the row.
 */
@Injectable()
export class Prescriptions {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async get(token: string): Promise<PrescriptionResponse> {
    const user = await this.accounts.current(token);
    const [row] = await this.db.select().from(prescriptions).where(eq(prescriptions.userId, user.id));
    return { prescription: row ? { categories: inCatalogueOrder(row.categories), monthlyGrams: row.monthlyGrams, updatedAt: row.updatedAt.toISOString() } : null };
  }

  /** Saves the whole prescription (a second save replaces the first). */
  async save(token: string, dto: PrescriptionDto): Promise<PrescriptionResponse> {
    const user = await this.accounts.current(token);
    const values = { categories: inCatalogueOrder(dto.categories), monthlyGrams: dto.monthlyGrams, updatedAt: this.clock.now() };
    await this.db.insert(prescriptions).values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: prescriptions.userId, set: values });
    return this.get(token);
  }

  async remove(token: string): Promise<PrescriptionResponse> {
    const user = await this.accounts.current(token);
    await this.db.delete(prescriptions).where(eq(prescriptions.userId, user.id));
    return { prescription: null };
  }
}

/** The categories in the order the contracts list them (strongest THC first), whatever order they were picked in. */
const inCatalogueOrder = (categories: readonly string[]): PrescriptionCategory[] =>
  PRESCRIPTION_CATEGORIES.filter((c) => categories.includes(c));
