import type { Type } from '@nestjs/common';
import { FeedPartnersController } from './feed-partners.controller';
import { StockFeedController } from './stock-feed.controller';

/** The partner stock feed: the partner's push and status, the operator's partners and switch. */
export const feedControllers: Type<unknown>[] = [StockFeedController, FeedPartnersController];
export { FeedIntake } from './feed-intake';
export { registerFeedBodies } from './feed-body';
