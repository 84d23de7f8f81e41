import 'reflect-metadata';
import { runService } from '@mc/kit';
import { identityService } from './service';

runService(identityService);
