import { Inject, Injectable } from '@nestjs/common';
import { CANNABIS_TYPES, parseDosage, SLUG_PATTERN, searchDocument, type EventEnvelope, type ProductChangedEvent } from '@mc/contracts';
import { LOGGER, type Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { productsView } from '../db/schema';

type ProductData = ProductChangedEvent['product'];

const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** Whether an event carries a product pharm can copy; anything else is skipped, never retried. */
export function isProductChanged(data: unknown): data is ProductChangedEvent {
  const d = data as Partial<ProductChangedEvent> | null;
  const p = d?.product as Partial<ProductData> | undefined;
  return !!p && typeof d?.deleted === 'boolean'
    && str(p.slug) && SLUG_PATTERN.test(p.slug) && str(p.name) && str(p.type) && str(p.hebName) && str(p.engName)
    && strOrNull(p.shortName ?? null) && strOrNull(p.imageUrl ?? null) && strOrNull(p.company ?? null)
    && strOrNull(p.thccbdDosage ?? null) && strOrNull(p.family ?? null)
    && (p.cannabisType === null || p.cannabisType === undefined || CANNABIS_TYPES.includes(p.cannabisType))
    && (p.tags === undefined || (Array.isArray(p.tags) && p.tags.every((t) => t && str(t.slug) && str(t.name))))
    && (p.estimatedPrice === undefined || p.estimatedPrice === null || isAgorot(p.estimatedPrice))
    && (p.sizeQuantity === undefined || p.sizeQuantity === null || (Number.isInteger(p.sizeQuantity) && p.sizeQuantity > 0))
    && (p.sizeUnit === undefined || strOrNull(p.sizeUnit));
}

const MAX_ESTIMATED_AGOROT = 10_000_000;
const isAgorot = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_ESTIMATED_AGOROT;

/** What `apply` did; `estimatedPrice` is the catalogue price now in the view (agorot or null) when the event was applied. */
export type ProjectionResult =
  | { outcome: 'applied'; slug: string; deleted: boolean; estimatedPrice: number | null }
  | { outcome: 'stale' | 'skipped' };

/**
 * Pharm's copy of catalog's products, kept by `evt.catalog.product.changed`. An event older than the
 * one applied last (by `occurredAt`) changes nothing, so a late redelivery never undoes a newer change.
 */
@Injectable()
export class ProductsViewProjector {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  async apply(tx: Tx, envelope: EventEnvelope<unknown>): Promise<'applied' | 'stale' | 'skipped'> {
    return (await this.project(tx, envelope)).outcome;
  }

  /** As `apply`, telling what the view holds now (the consumer lets catalogue-priced offers follow the price). */
  async project(tx: Tx, envelope: EventEnvelope<unknown>): Promise<ProjectionResult> {
    if (!isProductChanged(envelope.data)) {
      this.logger.warn({ eventId: envelope.eventId }, 'product event without a usable product; skipped');
      return { outcome: 'skipped' };
    }
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
