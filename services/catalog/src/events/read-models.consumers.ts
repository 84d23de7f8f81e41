import { Injectable } from '@nestjs/common';
import type { Events } from '@mc/contracts';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { projectOffersChanged } from './offers.projection';
import { projectPharmChanged } from './pharms.projection';

/** Durable consumer names; each is also its inbox key (one effect per event). */
export const OFFERS_CONSUMER = 'catalog-offers';
export const PHARMS_CONSUMER = 'catalog-pharms';

/** Keeps catalog's copies of pharm's data current from pharm's events (never from pharm's tables). */
@Injectable()
export class ReadModelConsumers {
  @ConsumesEvents(OFFERS_CONSUMER)
  async offersChanged(event: ConsumedEvent<typeof Events.pharm.offersChanged>, tx: Tx): Promise<void> {
    await projectOffersChanged(tx, event);
  }

  @ConsumesEvents(PHARMS_CONSUMER)
  async pharmChanged(event: ConsumedEvent<typeof Events.pharm.pharmChanged>, tx: Tx): Promise<void> {
    await projectPharmChanged(tx, event);
  }
}
