import 'reflect-metadata';
import { runService } from '@mc/kit';
import { shippingQuoteService } from './service';

runService(shippingQuoteService);
