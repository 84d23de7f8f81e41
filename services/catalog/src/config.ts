import { ServiceEnv } from '@mc/kit';

/** Catalog's settings: the kit's (`CONSUME_EVENTS` false keeps a seed's process from consuming pharm's events). */
export class CatalogEnv extends ServiceEnv {}
