import { ServiceEnv } from '@mc/kit';

export class IdentityEnv extends ServiceEnv {}
