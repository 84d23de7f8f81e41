import { Module } from '@nestjs/common';
import { FeedPartners } from './feed-partners';
import { StockFeedHandlers } from './stock-feed.handlers';
import { StockFeedQueue } from './stock-feed.queue';
import { StockFeedService } from './stock-feed.service';

/** Pharm's request side of the partner stock feed: recording and queuing feeds, their status, the partner switch. */
@Module({ controllers: [StockFeedHandlers], providers: [FeedPartners, StockFeedQueue, StockFeedService] })
export class StockFeedModule {}
