import { describeBusMap } from '@mc/kit/testing';
import { pharmService } from './service';

describeBusMap(pharmService);
