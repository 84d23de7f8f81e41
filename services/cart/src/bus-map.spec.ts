import { describeBusMap } from '@mc/kit/testing';
import { cartService } from './service';

describeBusMap(cartService);
