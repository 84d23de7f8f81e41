import { Module } from '@nestjs/common';
import { AlertMatcher } from './alert-matcher';
import { AlertPlaces } from './alert-places';
import { AlertMatcherLoop } from './alert-matcher.loop';
import { AlertsHandlers, OfferHistoryHandlers } from './alerts.handlers';
import { AlertsService } from './alerts.service';
import { PriceHistoryReader } from './price-history.reader';

/** Price history and the patients' alerts (issue 31): the service's requests. */
@Module({ controllers: [AlertsHandlers, OfferHistoryHandlers], providers: [AlertsService, AlertPlaces, PriceHistoryReader] })
export class AlertsModule {}

/** pharm's worker process's part of the alerts: the matcher and its loop. */
@Module({ providers: [AlertMatcher, AlertMatcherLoop], exports: [AlertMatcher] })
export class AlertsWorkerModule {}
