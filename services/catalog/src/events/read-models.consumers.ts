import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { EventConsumers, SERVICE_ENV } from '@mc/kit';
import type { CatalogEnv } from '../config';
import { projectOffersChanged } from './offers.projection';
import { projectPharmChanged } from './pharms.projection';

/** Durable consumer names; each is also its inbox key (one effect per event). */
export const OFFERS_CONSUMER = 'catalog-offers';
export const PHARMS_CONSUMER = 'catalog-pharms';

/** Keeps catalog's copies of pharm's data current from pharm's events (never from pharm's tables). */
@Injectable()
export class ReadModelConsumers implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(SERVICE_ENV) private readonly env: CatalogEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.CONSUME_EVENTS) return;
    await this.consumers.start({
      from: 'pharm', durable: OFFERS_CONSUMER, filterSubject: Events.pharm.offersChanged,
      handler: async (event, tx) => { await projectOffersChanged(tx, event); },
    });
    await this.consumers.start({
      from: 'pharm', durable: PHARMS_CONSUMER, filterSubject: Events.pharm.pharmChanged,
      handler: async (event, tx) => { await projectPharmChanged(tx, event); },
    });
  }
}
