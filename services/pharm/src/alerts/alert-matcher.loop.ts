import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, repeatEvery, SERVICE_ENV, type Repeating } from '@mc/kit';
import type { Logger } from 'pino';
import type { PharmEnv } from '../config';
import { AlertMatcher } from './alert-matcher';

/** The worker process's alert matching, every ALERT_MATCH_MS (a pass counted from the end of the one before). */
@Injectable()
export class AlertMatcherLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private loop?: Repeating;

  constructor(
    @Inject(AlertMatcher) private readonly matcher: AlertMatcher,
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    if (!this.env.ALERT_MATCH_MS) return;
    this.loop = repeatEvery(this.env.ALERT_MATCH_MS, async () => {
      const pass = await this.matcher.run();
      if (pass.queued || pass.sent) this.logger.info(pass, 'alerts matched');
    }, (err) => this.logger.warn({ err }, 'alert matching failed; trying again'));
  }

  onApplicationShutdown() {
    this.loop?.stop();
  }
}
