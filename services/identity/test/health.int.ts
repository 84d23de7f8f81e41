import { describeServiceHealth } from '@mc/kit/testing';
import { identityService } from '../src/service';

describeServiceHealth(identityService);
