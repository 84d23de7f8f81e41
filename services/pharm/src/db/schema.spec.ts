import { PHARM_SHIPPING } from '@mc/contracts';
import { pharmShipping } from './schema';

describe('the schema', () => {
  it('keeps the shipping tags of contracts (written literally for drizzle-kit)', () => {
    expect(pharmShipping.enumValues).toEqual([...PHARM_SHIPPING]);
  });
});
