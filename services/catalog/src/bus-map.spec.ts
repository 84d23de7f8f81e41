import { describeBusMap } from '@mc/kit/testing';
import { catalogService } from './service';

describeBusMap(catalogService);
