import { ServiceEnv } from '@mc/kit';

export class CatalogEnv extends ServiceEnv {}
