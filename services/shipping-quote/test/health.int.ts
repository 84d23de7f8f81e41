import { describeServiceHealth } from '@mc/kit/testing';
import { shippingQuoteService } from '../src/service';

describeServiceHealth(shippingQuoteService);
