import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { FeedOffersWriter } from './feed-offers.writer';
import { FeedPartners } from './feed-partners';
import { FeedPull } from './feed-pull';
import { FeedRunner } from './feed-runner';
import { StockFeedQueue } from './stock-feed.queue';
import { StockFeedWorker } from './stock-feed-worker';

/** The stock-feed worker process's one module: no request handlers, no offer index (it stays small whatever the feed). */
@Module({ imports: [OfferChangesModule], providers: [FeedPartners, StockFeedQueue, FeedOffersWriter, FeedRunner, FeedPull, StockFeedWorker] })
export class StockFeedWorkerModule {}
