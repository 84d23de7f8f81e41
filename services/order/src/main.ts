import 'reflect-metadata';
import { runService } from '@mc/kit';
import { orderService } from './service';

runService(orderService);
