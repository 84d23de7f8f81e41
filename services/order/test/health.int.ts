import { describeServiceHealth } from '@mc/kit/testing';
import { orderService } from '../src/service';

describeServiceHealth(orderService);
