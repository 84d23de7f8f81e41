import 'reflect-metadata';
import { createServiceContext, EnvError } from '@mc/kit';
import { pharmService } from '../service';
import { StockFeedWorkerModule } from './stock-feed-worker.module';

/**
 * The stock-feed worker: its own process (deployed and scaled apart from pharm's request handlers), pharm's schema and
 * outbox, the `stock-feed` BullMQ queue. It starts no event consumers and answers no requests.
 */
createServiceContext({ ...pharmService, imports: [StockFeedWorkerModule] }, { CONSUME_EVENTS: 'false' })
  .then((app) => app.enableShutdownHooks())
  .catch((err: unknown) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  });
