import 'reflect-metadata';
import { runService } from '@mc/kit';
import { notificationsService } from './service';

runService(notificationsService);
