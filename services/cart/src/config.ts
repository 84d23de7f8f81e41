import { ServiceEnv } from '@mc/kit';

export class CartEnv extends ServiceEnv {}
