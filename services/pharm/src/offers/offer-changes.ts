import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { OutboxRelay, OutboxWriter, type Tx } from '@mc/kit';
import { inArray } from 'drizzle-orm';
import { pharmacies } from '../db/schema';
import { OFFERS_PER_EVENT } from '../pharm-products/pharm-products.writer';
import { toSnapshot, type OfferRow } from '../pharm-products/offer-view';

export interface OfferChange {
  row: OfferRow;
  pharmSlug: string;
  removed?: boolean;
}

/** The one writer of `evt.pharm.offers.changed` (stand-in until the offers core lands). */
@Injectable()
export class OfferChanges {
  constructor(@Inject(OutboxWriter) private readonly outbox: OutboxWriter, @Inject(OutboxRelay) private readonly relay: OutboxRelay) {}

  async emit(tx: Tx, changes: OfferChange[], now: Date): Promise<void> {
    if (!changes.length) return;
    await tx.update(pharmacies).set({ updatedAt: now }).where(inArray(pharmacies.id, [...new Set(changes.map((c) => c.row.pharmId))]));
    const snapshots = changes.map((c) => toSnapshot(c.row, c.pharmSlug, now, c.removed));
    for (let i = 0; i < snapshots.length; i += OFFERS_PER_EVENT) {
      await this.outbox.add(tx, Events.pharm.offersChanged, { offers: snapshots.slice(i, i + OFFERS_PER_EVENT) });
    }
  }

  committed(): void {
    this.relay.poke();
  }
}
