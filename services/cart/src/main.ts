import 'reflect-metadata';
import { runService } from '@mc/kit';
import { cartService } from './service';

runService(cartService);
