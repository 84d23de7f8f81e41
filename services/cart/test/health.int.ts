import { describeServiceHealth } from '@mc/kit/testing';
import { cartService } from '../src/service';

describeServiceHealth(cartService);
