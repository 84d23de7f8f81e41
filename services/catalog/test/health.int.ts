import { describeServiceHealth } from '@mc/kit/testing';
import { catalogService } from '../src/service';

describeServiceHealth(catalogService);
