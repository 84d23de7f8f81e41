import { Inject, Injectable } from '@nestjs/common';
import { Messages, STOCK_FEED_REPLAY_WINDOW_S, ErrorCodes, type StockFeedSigned } from '@mc/contracts';
import { Clock, feedPartners, feedSignature, feedSpoolDir, sameSignature, serviceError, SERVICE_ENV, withinReplayWindow, type FeedPartner } from '@mc/kit';
import type { PharmEnv } from '../config';

const refused = () => serviceError(401, ErrorCodes.unauthorized, Messages.unauthorized);

/** The configured partners and the check of a partner's signed request, made here again whatever the gateway checked. */
@Injectable()
export class FeedPartners {
  readonly all: ReadonlyMap<string, FeedPartner>;
  readonly spoolDir: string;

  constructor(@Inject(SERVICE_ENV) env: PharmEnv, @Inject(Clock) private readonly clock: Clock) {
    this.all = new Map(feedPartners(env).map((p) => [p.id, p]));
    this.spoolDir = feedSpoolDir(env);
  }

  /** The partner of a request signed over `{timestamp}.{body}`; 401 for an unknown partner, a stale time or a wrong signature. */
  verify(request: StockFeedSigned, body = ''): FeedPartner {
    const partner = this.known(request);
    if (!sameSignature(feedSignature(partner.secret, request.timestamp, body), request.signature)) throw refused();
    return partner;
  }

  /** The partner of a request inside the replay window (its signature is checked over the stored bytes later); 401 otherwise. */
  known(request: StockFeedSigned): FeedPartner {
    const partner = this.all.get(request.partner);
    if (!partner || !withinReplayWindow(request.timestamp, this.clock.now().getTime(), STOCK_FEED_REPLAY_WINDOW_S)) throw refused();
    return partner;
  }
}
