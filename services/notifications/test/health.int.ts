import { describeServiceHealth } from '@mc/kit/testing';
import { notificationsService } from '../src/service';

describeServiceHealth(notificationsService);
