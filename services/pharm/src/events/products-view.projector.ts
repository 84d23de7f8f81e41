import { Injectable } from '@nestjs/common';
import { parseDosage, searchDocument, type EventEnvelope, type ProductChangedEvent } from '@mc/contracts';
import type { Tx } from '@mc/kit';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
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
    const occurredAt = new Date(envelope.occurredAt);
    // A tombstone holds no partner id; an event from before catalog sent it leaves the known one alone.
    const yarpaProductId = deleted ? null
      : p.yarpaProductId === undefined ? undefined : await this.claimYarpaProductId(tx, p.slug, p.yarpaProductId, occurredAt);
    // The catalogue never gives one id to two products; a database rebuilt under the same view (tests) may: the id goes to the latest.
    if (p.id !== undefined && !deleted) {
      await tx.update(productsView).set({ productId: null }).where(and(eq(productsView.productId, p.id), ne(productsView.slug, p.slug)));
    }
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
      // Events from before catalog sent these leave the known ones alone.
      ...(p.id === undefined ? {} : { productId: p.id }),
      ...(p.companySlug === undefined ? {} : { companySlug: p.companySlug }),
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
      ...(yarpaProductId === undefined ? {} : { yarpaProductId }),
      deleted,
      sourceAt: occurredAt,
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

  /**
   * The partner id `slug` may hold as of `occurredAt` (unique in the view, as in the catalogue). Catalog may move an id
   * from one product to another, and their events may arrive in either order: a product holding the id by an older
   * event gives it up; one holding it by a newer event keeps it, and this event's product gets none.
   */
  private async claimYarpaProductId(tx: Tx, slug: string, wanted: string | null, occurredAt: Date): Promise<string | null> {
    if (wanted === null) return null;
    await tx.update(productsView).set({ yarpaProductId: null })
      .where(and(eq(productsView.yarpaProductId, wanted), ne(productsView.slug, slug), lte(productsView.sourceAt, occurredAt)));
    const [newer] = await tx.select({ slug: productsView.slug }).from(productsView)
      .where(and(eq(productsView.yarpaProductId, wanted), ne(productsView.slug, slug)));
    return newer ? null : wanted;
  }
}
