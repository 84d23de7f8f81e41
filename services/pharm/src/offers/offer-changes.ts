import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { OutboxRelay, OutboxWriter, type Tx } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { pharmacies } from '../db/schema';
import { toSnapshot, type OfferRow } from './offer-view';

/** One offer a writer changed, as stored now (or as it was, when `removed`), with its pharmacy's slug. */
export interface OfferChange {
  row: OfferRow;
  pharmSlug: string;
  removed?: boolean;
}

/** Snapshots per `evt.pharm.offers.changed` (about 250 bytes each): far below NATS's 1 MB. */
export const OFFERS_PER_EVENT = 500;

/**
 * The one way a change to offers goes out: each writer (the storefront's update, the back office, order stock, the
 * catalogue price, the seed, the stale sweep) decides its rows and hands them here, in its own transaction, so the rows
 * and their `evt.pharm.offers.changed` events commit together (catalog's prices, stock and pharmacy counts come from
 * those events); after the commit, `committed()` pokes the relay so catalog hears within moments rather than at its
 * next poll. Nothing here reads or holds the offers.
 */
@Injectable()
export class OfferChanges {
  constructor(
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /** Offers whose price, stock or listing changed: each involved pharmacy's `updatedAt` moves to `now`, and the events are added. */
  async emit(tx: Tx, changes: OfferChange[], now: Date): Promise<void> {
    if (!changes.length) return;
    for (const pharmId of [...new Set(changes.map((c) => c.row.pharmId))].sort((a, b) => a - b)) await touchPharmacy(tx, pharmId, now);
    await this.tell(tx, changes, now);
  }

  /**
   * Only the events, the pharmacies' `updatedAt` left alone: offers whose shown stock moved with no change to their
   * price or stock (one gone stale or past its expiry, a confirm), or whose pharmacy is being removed.
   */
  async tell(tx: Tx, changes: OfferChange[], now: Date): Promise<void> {
    const snapshots = changes.map((c) => toSnapshot(c.row, c.pharmSlug, now, c.removed === true));
    for (let i = 0; i < snapshots.length; i += OFFERS_PER_EVENT) {
      await this.outbox.add(tx, Events.pharm.offersChanged, { offers: snapshots.slice(i, i + OFFERS_PER_EVENT) });
    }
  }

  /** After the transaction that emitted commits: the relay sends the events now. */
  committed(): void {
    this.relay.poke();
  }
}

/** A pharmacy's `updatedAt` says how fresh its prices and stock are, so any change to its offers moves it. */
async function touchPharmacy(tx: Tx, pharmId: number, now: Date): Promise<void> {
  await tx.update(pharmacies).set({ updatedAt: now }).where(eq(pharmacies.id, pharmId));
}
