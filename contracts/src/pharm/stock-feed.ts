import { IsBoolean, IsInt, Matches, Max, Min } from 'class-validator';
import { Messages } from '../messages';

const invalid = { message: Messages.badRequest };

/**
 * The partner stock feed (issue 28; docs/API.md "Partner stock feed"): UTF-8 CSV, optionally gzip, a header row and
 * these columns. A feed's id is the SHA-256 of its bytes as received; it covers the pharmacies it names.
 */
export const STOCK_FEED_COLUMNS = ['pharmacy_code', 'partner_product_id', 'amount', 'price', 'updated_at'] as const;

/** The push's headers: the partner's id, Unix seconds, hex HMAC-SHA256 of `{timestamp}.{body}` with the partner's secret. */
export const STOCK_FEED_HEADERS = { partner: 'x-feed-partner', timestamp: 'x-feed-timestamp', signature: 'x-feed-signature' } as const;

/** A signed request is accepted this long either side of its timestamp. */
export const STOCK_FEED_REPLAY_WINDOW_S = 300;

/** Where a feed is: waiting, checked row by row, applied chunk by chunk, then done, or refused whole, or held by a paused partner. */
export const STOCK_FEED_STATES = ['queued', 'validating', 'applying', 'done', 'refused', 'paused'] as const;
export type StockFeedState = (typeof STOCK_FEED_STATES)[number];

/** How many rejections the status answer lists (the CSV of all comes on request). */
export const STOCK_FEED_REJECTIONS_SHOWN = 100;

const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** What every partner call carries to pharm, so that pharm checks the partner's signature itself. */
export class StockFeedSigned {
  @Matches(PARTNER_ID, invalid)
  partner: string;

  @IsInt(invalid) @Min(0) @Max(2 ** 40)
  timestamp: number;

  @Matches(SHA256_HEX, invalid)
  signature: string;
}

/**
 * `pharm.stock-feed.submit` (gateway only): a pushed feed the gateway stored in the spool as `{partner}/{feedId}`.
 * Answers `StockFeedAccepted`; the stock-feed worker checks the signature again over the stored bytes before applying.
 */
export class StockFeedSubmitCommand extends StockFeedSigned {
  @Matches(SHA256_HEX, invalid)
  feedId: string;
}

export interface StockFeedAccepted {
  jobId: string;
}

/** `pharm.stock-feed.status` (gateway only): the partner's signature is over `{timestamp}.` (an empty body). */
export class StockFeedStatusRequest extends StockFeedSigned {
  @Matches(SHA256_HEX, invalid)
  jobId: string;
}

/** `pharm.stock-feed.rejections` (gateway only): the next page of a feed's rejections after a line, for the CSV of all. */
export class StockFeedRejectionsRequest extends StockFeedStatusRequest {
  @IsInt(invalid) @Min(0)
  afterLine: number;
}

export interface StockFeedRejection {
  /** The CSV line (the header is line 1). */
  line: number;
  reason: string;
}

export interface StockFeedStatus {
  state: StockFeedState;
  applied: number;
  unchanged: number;
  rejected: number;
  /** Why a refused feed was refused whole. */
  reason?: string;
  /** The first `STOCK_FEED_REJECTIONS_SHOWN`, by line. */
  rejections: StockFeedRejection[];
}

export interface StockFeedRejectionsPage {
  rejections: StockFeedRejection[];
  /** Ask again after this line; null when there are no more. */
  nextAfterLine: number | null;
}

/** A partner as the operator sees it (`pharm.stock-feed.partners`, admins only). */
export interface StockFeedPartner {
  id: string;
  paused: boolean;
  /** Pulled on a schedule from a URL (else push only). */
  pulls: boolean;
  lastPullAt: string | null;
  lastPullError: string | null;
  lastFeedAt: string | null;
  lastFeedState: StockFeedState | null;
}

/** `pharm.stock-feed.partner-pause` (admins only): the operator's switch. A paused partner's feeds wait, its pulls stop. */
export class StockFeedPauseCommand {
  @Matches(PARTNER_ID, invalid)
  partner: string;

  @IsBoolean(invalid)
  paused: boolean;
}
