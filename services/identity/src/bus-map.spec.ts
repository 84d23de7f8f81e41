import { describeBusMap } from '@mc/kit/testing';
import { identityService } from './service';

describeBusMap(identityService);
