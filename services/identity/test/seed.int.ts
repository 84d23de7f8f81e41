import { Subjects, type AuthTokenResponse, type BusinessesResponse } from '@mc/contracts';
import { rpc, TEST_ENV, useService } from '@mc/kit/testing';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts';
import { seedIdentity } from '../src/seed/seed';
import { identityService } from '../src/service';

describe('the demo accounts', () => {
  const service = useService(identityService);

  it('are created once (seeding again changes nothing), can sign in, and managers see their businesses', async () => {
    expect(await seedIdentity(TEST_ENV)).toBe(DEMO_ACCOUNTS.length);
    expect(await seedIdentity(TEST_ENV)).toBe(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      const { jwt } = await rpc<AuthTokenResponse>(service.nc(), Subjects.identity.signIn, { email: account.email, password: account.password });
      const { businesses } = await rpc<BusinessesResponse>(service.nc(), Subjects.identity.userBusinesses, { token: jwt });
      expect(businesses).toEqual(account.role === 'user' ? [] : account.businesses);
    }
  });
});
