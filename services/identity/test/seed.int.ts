import { Subjects } from '@mc/contracts';
import { rpc, rpcUntyped, TEST_ENV, useService } from '@mc/kit/testing';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts';
import { seedIdentity } from '../src/seed/seed';
import { identityService } from '../src/service';

describe('the demo accounts', () => {
  const service = useService(identityService);

  it('are created once (seeding again changes nothing), can sign in, and managers see their businesses', async () => {
    expect(await seedIdentity(TEST_ENV)).toBe(DEMO_ACCOUNTS.length);
    expect(await seedIdentity(TEST_ENV)).toBe(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      const { jwt } = await rpc(service.nc(), Subjects.identity.signIn, { email: account.email, password: account.password });
      const { businesses } = await rpc(service.nc(), Subjects.identity.userBusinesses, {}, { caller: jwt });
      expect(businesses).toEqual(account.role === 'user' ? [] : account.businesses);
    }
  });

  it("signs a manager's business memberships into the access token (none for a patient), for services to check", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { jwt } = await rpc(service.nc(), Subjects.identity.signIn, { email: account.email, password: account.password });
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { biz?: string[] };
      expect(claims.biz).toEqual(account.role === 'user' ? undefined : [...new Set(account.businesses.map((b) => `${b.kind}:${b.slug}`))].sort());
      const { jwt: refreshed } = await rpc(service.nc(), Subjects.identity.refresh, {}, { caller: jwt });
      expect(JSON.parse(Buffer.from(refreshed.split('.')[1], 'base64url').toString()).biz).toEqual(claims.biz);
    }
  });

  it('takes the caller from the x-caller header: anonymous is 401, and a business access token is no caller', async () => {
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'business_owner' && a.businesses.length)!;
    const { jwt } = await rpc(service.nc(), Subjects.identity.signIn, { email: owner.email, password: owner.password });
    await expect(rpc(service.nc(), Subjects.identity.userBusinesses, {})).rejects.toMatchObject({ status: 401 });
    // A token in the payload is not read (only the header names the caller).
    await expect(rpcUntyped(service.nc(), Subjects.identity.userBusinesses, { token: jwt })).rejects.toMatchObject({ status: 401 });
    const access = await rpc(service.nc(), Subjects.identity.businessAccess, { businessId: owner.businesses[0].slug }, { caller: jwt });
    await expect(rpc(service.nc(), Subjects.identity.userBusinesses, {}, { caller: access.jwt })).rejects.toMatchObject({ status: 401 });
  });
});
