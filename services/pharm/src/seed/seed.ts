import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createServiceContext, DATABASE, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import type { Tag } from '@mc/contracts';
import type { DiscountInput } from '../discounts/discount-rules';
import { DiscountsWriter } from '../discounts/discounts.writer';
import type { OfferInput } from '../offers/offer-fields';
import { PharmsWriter, type PharmInput, type SlideInput } from '../pharms/pharms.writer';
import { pharmService } from '../service';
import { StockDaysWriter } from '../stock-days/stock-days.writer';
import { SeedOffersWriter } from './seed-offers.writer';

/** One offer of the seed file (deploy/seed/pharm-data.js): money in agorot, the id kept when free. */
interface SeedOffer extends Omit<OfferInput, 'alwaysInStock' | 'expiresAt' | 'isYarpaLocked'> {
  /** Absent: false. */
  alwaysInStock?: boolean;
  /** Absent: false (true for every offer of a partner-synced pharmacy). */
  isYarpaLocked?: boolean;
  expiresAt: string | null;
}

/** One discount or coupon of the seed file: amount in percent or agorot, dates as ISO text, offers by product slug. */
interface SeedDiscount extends Omit<DiscountInput, 'startsAt' | 'endsAt'> {
  startsAt: string;
  endsAt: string;
}

export interface SeedPharm extends Omit<PharmInput, 'tags' | 'slides' | 'announcements' | 'orderEmail' | 'partnerCode'> {
  /** Absent: none. */
  orderEmail?: string | null;
  /** The licensed-data partner's code; absent: not partner-synced. */
  partnerCode?: string | null;
  /** Slugs of the file's `tags`. */
  tags: string[];
  slides: (Omit<SlideInput, 'pharmProductIds'> & { pharmProductIds?: number[] | null })[];
  announcements: { name?: string; content: string; startsAt: string; endsAt: string | null }[];
  offers: SeedOffer[];
  /** Absent: none (the pharmacy's discounts are those of the file). */
  discounts?: SeedDiscount[];
}

export interface PharmSeedFile {
  tags: Tag[];
  pharmacies: SeedPharm[];
}

export interface SeedReport {
  pharmacies: number;
  changedPharmacies: number;
  removedPharmacies: number;
  offers: number;
  inserted: number;
  updated: number;
  removed: number;
  discounts: number;
  changedDiscounts: number;
  /** Days of stock history written (today's snapshot and the two years before it; days already there are kept). */
  stockDays: number;
}

/**
 * Makes pharm's data that of the file, through the writers (so every change writes its events, and
 * catalog's copy follows): tags, then each pharmacy with its page and offers; with `prune` (the
 * command line's way) pharmacies no longer in the file are removed. Running it again with the same
 * file changes nothing and writes no event.
 */
export async function seedPharm(file: PharmSeedFile, overrides: NodeJS.ProcessEnv = {}, { prune = true } = {}): Promise<SeedReport> {
  const app = await createServiceContext(pharmService, overrides);
  try {
    const pharms = app.get(PharmsWriter);
    const offers = app.get(SeedOffersWriter);
    const discounts = app.get(DiscountsWriter);
    const tagNames = new Map(file.tags.map((t) => [t.slug, t.name]));
    await pharms.upsertTags(file.tags);
    const report: SeedReport = { pharmacies: file.pharmacies.length, changedPharmacies: 0, removedPharmacies: 0, offers: 0, inserted: 0, updated: 0, removed: 0, discounts: 0, changedDiscounts: 0, stockDays: 0 };
    for (const pharm of file.pharmacies) {
      const { changed } = await pharms.upsert({
        ...pharm,
        orderEmail: pharm.orderEmail ?? null,
        partnerCode: pharm.partnerCode ?? null,
        tags: pharm.tags.map((slug) => {
          const name = tagNames.get(slug);
          if (!name) throw new Error(`seed: pharmacy ${pharm.slug} has tag '${slug}' that the file does not define`);
          return { slug, name };
        }),
        slides: pharm.slides.map((s) => ({ ...s, pharmProductIds: s.pharmProductIds ?? null })),
        announcements: pharm.announcements.map((a) => ({ name: a.name, content: a.content, startsAt: new Date(a.startsAt), endsAt: a.endsAt ? new Date(a.endsAt) : null })),
      });
      if (changed) report.changedPharmacies++;
      const counts = await offers.replaceForPharm(pharm.slug, pharm.offers.map((o) => ({
        ...o, alwaysInStock: o.alwaysInStock ?? false, isYarpaLocked: o.isYarpaLocked ?? false, expiresAt: o.expiresAt ? new Date(o.expiresAt) : null,
      })));
      report.offers += pharm.offers.length;
      report.inserted += counts.inserted;
      report.updated += counts.updated;
      report.removed += counts.removed;
      // After the offers: a discount names offers of its pharmacy.
      const seedDiscounts = pharm.discounts ?? [];
      const changes = await discounts.replaceForPharm(pharm.slug, seedDiscounts.map((d) => ({ ...d, startsAt: new Date(d.startsAt), endsAt: new Date(d.endsAt) })));
      report.discounts += seedDiscounts.length;
      report.changedDiscounts += changes.inserted + changes.updated + changes.removed;
    }
    const kept = new Set(file.pharmacies.map((p) => p.slug));
    for (const slug of prune ? await pharms.slugs() : []) {
      if (kept.has(slug)) continue;
      await pharms.remove(slug);
      report.removedPharmacies++;
    }
    // The company screens' history (issue 29): today's snapshot, the two years before it, and when the offers out of stock ran out.
    const days = app.get(StockDaysWriter);
    report.stockDays = (await days.snapshot()).products + await days.seedHistory();
    await app.get<Database>(DATABASE).execute(sql`INSERT INTO pharm.stock_outs (pharm_product_id, started_at)
      SELECT pp.id, date_trunc('hour', now()) - (pp.id % 336) * interval '1 hour' FROM pharm.pharm_products pp
      WHERE pp.published AND NOT pp.in_stock AND NOT EXISTS (SELECT 1 FROM pharm.stock_outs so WHERE so.pharm_product_id = pp.id AND so.ended_at IS NULL)`);
    // Fresh planner statistics now rather than at autovacuum's next pass: the lists' plans depend on them.
    if (report.changedPharmacies + report.removedPharmacies + report.inserted + report.updated + report.removed > 0) {
      await app.get<Database>(DATABASE).execute(sql`ANALYZE pharm.pharmacies, pharm.pharm_products, pharm.products_view, pharm.pharmacy_tags, pharm.stock_days, pharm.stock_outs`);
    }
    return report;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: seed.js <pharm.json>');
  const started = Date.now();
  seedPharm(JSON.parse(readFileSync(path, 'utf8')) as PharmSeedFile)
    .then((r) => console.log(`[seed] pharm: ${r.pharmacies} pharmacies (${r.changedPharmacies} changed, ${r.removedPharmacies} removed), `
      + `${r.offers} offers (${r.inserted} new, ${r.updated} changed, ${r.removed} removed), ${r.discounts} discounts (${r.changedDiscounts} changed), `
      + `${r.stockDays} days of stock history in ${((Date.now() - started) / 1000).toFixed(1)} s`))
    .catch((err) => { console.error(err); process.exit(1); });
}
