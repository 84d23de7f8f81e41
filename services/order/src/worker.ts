import 'reflect-metadata';
import { runWorker } from '@mc/kit';
import { OrderTimersEnv } from './config';
import { orderService } from './service';
import { OrderTimersModule } from './timers/id-number-purge';

/**
 * order's timers: its own process (one copy; a second does no harm), order's schema and credential but not its PII key,
 * the hourly deletion of ID numbers past their retention; no requests, no consumers.
 */
runWorker({ ...orderService, env: OrderTimersEnv }, 'timers', [OrderTimersModule]);
