import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, MAX_ADDRESSES, Messages, type Address, type AddressDto } from '@mc/contracts';
import { DATABASE, serviceError, type Database, type Tx } from '@mc/kit';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { Accounts } from '../accounts/accounts.service';
import { addresses } from '../db/schema';

const notFound = () => serviceError(404, ErrorCodes.notFound, Messages.addressNotFound);
const toAddress = (row: typeof addresses.$inferSelect): Address => ({
  id: row.id, address: row.address, houseNumber: row.houseNumber, floor: row.floor, apartment: row.apartment, isDefault: row.isDefault,
});
const fields = (dto: AddressDto) => ({
  address: dto.address.trim(), houseNumber: dto.houseNumber.trim(), floor: dto.floor ?? null, apartment: dto.apartment ?? null,
});

/** A user's shipping addresses: the first one, or one saved as default, becomes the only default. */
@Injectable()
export class AddressBook {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
  ) {}

  async list(token: string): Promise<{ addresses: Address[] }> {
    const user = await this.accounts.current(token);
    return { addresses: await this.of(this.db, user.id) };
  }

  async create(token: string, dto: AddressDto): Promise<{ addresses: Address[] }> {
    const user = await this.accounts.current(token);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${user.id})`);
      const count = (await this.of(tx, user.id)).length;
      if (count >= MAX_ADDRESSES) throw serviceError(400, ErrorCodes.badRequest, Messages.addressesFull);
      const isDefault = count === 0 || dto.isDefault === true;
      if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, user.id));
      await tx.insert(addresses).values({ userId: user.id, ...fields(dto), isDefault });
      return { addresses: await this.of(tx, user.id) };
    });
  }

  async update(token: string, id: number, dto: AddressDto): Promise<{ addresses: Address[] }> {
    const user = await this.accounts.current(token);
    return this.db.transaction(async (tx) => {
      if (dto.isDefault === true) await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, user.id), ne(addresses.id, id)));
      const [row] = await tx.update(addresses).set({ ...fields(dto), ...(dto.isDefault === true ? { isDefault: true } : {}) })
        .where(and(eq(addresses.id, id), eq(addresses.userId, user.id))).returning();
      if (!row) throw notFound();
      return { addresses: await this.of(tx, user.id) };
    });
  }

  /** Removing the default makes the newest remaining address the default. */
  async remove(token: string, id: number): Promise<{ addresses: Address[] }> {
    const user = await this.accounts.current(token);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, user.id))).returning();
      if (!row) throw notFound();
      if (row.isDefault) {
        const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, user.id)).orderBy(desc(addresses.createdAt)).limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
      return { addresses: await this.of(tx, user.id) };
    });
  }

  private async of(db: Database | Tx, userId: number): Promise<Address[]> {
    const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
    return rows.map(toAddress);
  }
}
