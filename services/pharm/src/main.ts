import 'reflect-metadata';
import { runService } from '@mc/kit';
import { pharmService } from './service';

runService(pharmService);
