import 'reflect-metadata';
import { runService } from '@mc/kit';
import { catalogService } from './service';

runService(catalogService);
