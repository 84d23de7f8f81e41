import { EnvError } from '@mc/kit';
import { createGateway } from './app';

createGateway().catch((err: unknown) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
