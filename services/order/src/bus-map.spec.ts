import { describeBusMap } from '@mc/kit/testing';
import { orderService } from './service';

describeBusMap(orderService);
