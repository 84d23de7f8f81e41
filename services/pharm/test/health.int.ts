import { describeServiceHealth } from '@mc/kit/testing';
import { pharmService } from '../src/service';

describeServiceHealth(pharmService);
