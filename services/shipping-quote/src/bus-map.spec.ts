import { describeBusMap } from '@mc/kit/testing';
import { shippingQuoteService } from './service';

describeBusMap(shippingQuoteService);
