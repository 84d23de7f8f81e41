import { Inject, Injectable } from '@nestjs/common';
import { Messages, type CouponRecord } from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { and, eq, sql } from 'drizzle-orm';
import { discounts, pharmacies } from '../db/schema';

@Injectable()
export class DiscountsReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A published coupon by code, any case (dates included: an expired one too, order tells EXPIRED); else 404. */
  async coupon(code: string): Promise<CouponRecord> {
    const [row] = await this.db
      .select({ discount: discounts, pharmSlug: pharmacies.slug, pharmName: pharmacies.name })
      .from(discounts)
      .innerJoin(pharmacies, eq(pharmacies.id, discounts.pharmId))
      .where(and(sql`upper(${discounts.code}) = upper(${code.trim()})`, eq(discounts.type, 'coupon'), eq(discounts.published, true)))
      .limit(1);
    if (!row) throw notFound(Messages.couponNotFound);
    const d = row.discount;
    return {
      pharmSlug: row.pharmSlug,
      pharmName: row.pharmName,
      code: d.code,
      name: d.name,
      amountType: d.amountType,
      amount: d.amount,
      newCustomersOnly: d.newCustomersOnly,
      startsAt: d.startsAt.toISOString(),
      endsAt: d.endsAt.toISOString(),
    };
  }
}
