import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { NotificationsEnv } from './config';
import { ContactModule } from './contact/contact.module';
import { inbox, outbox } from './db/schema';
import { DocumentsModule } from './documents/documents.module';
import { EmailModule } from './email/email.module';
import { EventsModule } from './events/events.module';

export const notificationsService: ServiceDefinition<NotificationsEnv> = {
  name: 'notifications',
  env: NotificationsEnv,
  schema: 'notifications',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [ContactModule, EmailModule, EventsModule, DocumentsModule],
};
