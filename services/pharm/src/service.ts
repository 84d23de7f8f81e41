import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { PharmEnv } from './config';
import { inbox, outbox } from './db/schema';

export const pharmService: ServiceDefinition<PharmEnv> = {
  name: 'pharm',
  env: PharmEnv,
  schema: 'pharm',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [],
};
