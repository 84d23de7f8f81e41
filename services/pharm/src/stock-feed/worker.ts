import 'reflect-metadata';
import { runWorker } from '@mc/kit';
import { AlertsWorkerModule } from '../alerts/alerts.module';
import { pharmService } from '../service';
import { StockDaysWorkerModule } from '../stock-days/stock-days.module';
import { PharmTimersModule } from '../timers/pharm-timers';
import { StockFeedWorkerModule } from './stock-feed-worker.module';

/**
 * pharm's worker: its own process (deployed and scaled apart from pharm's request handlers), pharm's schema and
 * outbox, and its BullMQ queues: `stock-feed` (the partner stock feed) and `stock-days` (the daily stock snapshot,
 * issue 29), the alert matcher (issue 31) and pharm's periodic sweeps (stale offers, held stock). It starts no event
 * consumers and answers no requests.
 */
runWorker(pharmService, 'stock-feed', [StockFeedWorkerModule, StockDaysWorkerModule, AlertsWorkerModule, PharmTimersModule]);
