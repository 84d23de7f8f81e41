import { ServiceEnv } from '@mc/kit';

export class PharmEnv extends ServiceEnv {}
