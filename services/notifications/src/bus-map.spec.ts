import { describeBusMap } from '@mc/kit/testing';
import { notificationsService } from './service';

describeBusMap(notificationsService);
