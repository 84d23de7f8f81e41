import { ServiceEnv } from '@mc/kit';

export class OrderEnv extends ServiceEnv {}
