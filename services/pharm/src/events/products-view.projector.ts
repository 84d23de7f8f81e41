import { Injectable } from '@nestjs/common';
import { parseDosage, searchDocument, type EventEnvelope, type ProductChangedEvent } from '@mc/contracts';
import type { Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { productsView } from '../db/schema';

/** What `apply` did; `estimatedPrice` is the catalogue price now in the view (agorot or null) when the event was applied. */
export type ProjectionResult =
  | { outcome: 'applied'; slug: string; deleted: boolean; estimatedPrice: number | null }
  | { outcome: 'stale' };

/**
 * Pharm's copy of catalog's products, kept by `evt.catalog.product.changed`. An event older than the
 * one applied last (by `occurredAt`) changes nothing, so a late redelivery never undoes a newer change.
 */
@Injectable()
export class ProductsViewProjector {
  async apply(tx: Tx, envelope: EventEnvelope<ProductChangedEvent>): Promise<'applied' | 'stale'> {
    return (await this.project(tx, envelope)).outcome;
  }

  /** As `apply`, telling what the view holds now (the consumer lets catalogue-priced offers follow the price). */
  async project(tx: Tx, envelope: EventEnvelope<ProductChangedEvent>): Promise<ProjectionResult> {
    const { product: p, deleted } = envelope.data;
    const dosage = p.thccbdDosage ? parseDosage(p.thccbdDosage) : null;
    const row = {
      slug: p.slug,
      name: p.name,
      shortName: p.shortName ?? null,
      type: p.type,
      imageUrl: p.imageUrl ?? null,
      hebName: p.hebName,
      engName: p.engName,
      company: p.company ?? null,
      cannabisType: p.cannabisType ?? null,
      dosage: dosage ? p.thccbdDosage : null,
      thc: dosage?.thc ?? null,
      cbd: dosage?.cbd ?? null,
      family: p.family ?? null,
      isPopular: p.isPopular === true,
      isNew: p.isNew === true,
      tags: (p.tags ?? []).map((t) => ({ slug: t.slug, name: t.name })),
      searchText: searchDocument(p.name, p.hebName, p.engName, p.shortName, p.company),
      // An event from before catalog sent the price leaves the known one alone.
      ...(p.estimatedPrice === undefined ? {} : { estimatedPrice: p.estimatedPrice }),
      ...(p.sizeQuantity === undefined ? {} : { sizeQuantity: p.sizeQuantity }),
      ...(p.sizeUnit === undefined ? {} : { sizeUnit: p.sizeUnit }),
      deleted,
      sourceAt: new Date(envelope.occurredAt),
      updatedAt: new Date(),
    };
    const { slug: _slug, ...changes } = row;
    const saved = await tx
      .insert(productsView)
      .values(row)
      .onConflictDoUpdate({ target: productsView.slug, set: changes, setWhere: sql`${productsView.sourceAt} <= excluded.source_at` })
      .returning({ slug: productsView.slug, estimatedPrice: productsView.estimatedPrice });
    return saved.length ? { outcome: 'applied', slug: p.slug, deleted, estimatedPrice: saved[0].estimatedPrice } : { outcome: 'stale' };
  }
}
