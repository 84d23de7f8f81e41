import 'reflect-metadata';
import { runWorker } from '@mc/kit';
import { SendingModule } from './sending.module';
import { notificationsService } from './service';

/**
 * notifications' sender: its own process (deployed and scaled apart from the request handlers, on its queues' depth),
 * notifications' schema and credential, the BullMQ workers of e-mails, texts and documents; no requests, no consumers.
 */
runWorker(notificationsService, 'sender', [SendingModule]);
