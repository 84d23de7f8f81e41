import { ServiceEnv } from '@mc/kit';

export class NotificationsEnv extends ServiceEnv {}
