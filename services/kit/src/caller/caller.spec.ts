import { Controller } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { headers as natsHeaders } from 'nats';
import type { Logger } from 'pino';
import { TestIdentity } from '../testing/test-identity';
import { verifyAccessToken } from './access-token';
import { Caller, CallerGuard, RequireAdmin, RequireBusiness, RequireCompany, RequireUser, type Caller as CallerInfo } from './caller';
import { TokenVersions } from './token-versions';

@Controller()
class Handlers {
  open(): void {}
  @RequireUser() user(): void {}
  @RequireAdmin() admin(): void {}
  @RequireBusiness() business(): void {}
  @RequireBusiness('pharmSlug') otherField(): void {}
  @RequireBusiness('businessId', 'company') company(): void {}
  @RequireCompany() companyAccess(): void {}
  who(@Caller() caller: CallerInfo | null): CallerInfo | null {
    return caller;
  }
}

const identity = new TestIdentity();
const keys = identity.publicKeys.keys;
const verifier = { verify: (token: string) => verifyAccessToken(token, async (kid) => (kid === identity.kid ? (await import('node:crypto')).createPublicKey({ key: keys[0] as never, format: 'jwk' }) : undefined)) };
const logged: unknown[] = [];
const logger = { info: (fields: unknown) => logged.push(fields), warn: () => undefined } as unknown as Logger;
/** The accounts' current token versions, as the kit's TokenVersions would have them from identity's bucket. */
const currentVersions = new Map<number, number>();
const versions = { ready: Promise.resolve(), isStale: (userId: number, ver: number) => ver < (currentVersions.get(userId) ?? -1) };
const guard = new CallerGuard(new Reflector(), { get: (token: unknown) => (token === TokenVersions ? versions : verifier) } as unknown as ModuleRef, logger);

/** A NATS request to `method` with `payload` and, unless undefined, this `x-caller` header; resolves the guard's answer or its refusal's status. */
async function call(method: keyof Handlers, payload: unknown, caller?: string): Promise<{ status: number | 'ok'; context: object }> {
  const h = natsHeaders();
  if (caller !== undefined) h.set('x-caller', caller);
  const context = { getHeaders: () => h, getSubject: () => method };
  const host = new ExecutionContextHost([payload, context], Handlers, Handlers.prototype[method]);
  host.setType('rpc');
  try {
    await guard.canActivate(host);
    return { status: 'ok', context };
  } catch (err) {
    return { status: (err as { getError: () => { status: number } }).getError().status, context };
  }
}

const patient = identity.token({ sub: '1', role: 'user' });
const owner = identity.token({ sub: '2', role: 'business_owner', biz: ['pharmacy:pharm-a'] });
const otherOwner = identity.token({ sub: '3', role: 'business_owner', biz: ['pharmacy:pharm-b'] });
/** A member of the cannabis company whose slug is the same as pharmacy pharm-a's. */
const companyStaff = identity.token({ sub: '5', role: 'business_owner', biz: ['company:pharm-a'] });
/** A token from before memberships named their kind: a bare slug opens nothing. */
const bareSlug = identity.token({ sub: '6', role: 'business_owner', biz: ['pharm-a'] });
const admin = identity.token({ sub: '4', role: 'admin' });

describe("the kit's caller guards", () => {
  it('lets anyone reach a handler that asks nothing of its caller, without verifying anything', async () => {
    await expect(call('open', {}, 'forged')).resolves.toMatchObject({ status: 'ok' });
  });

  it('@RequireUser(): a valid token passes; anonymous, a forged, an expired or an exp-less token is 401', async () => {
    const { privateKey } = (await import('node:crypto')).generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const expired = identity.token({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 });
    const noExp = identity.token({ sub: '1', exp: undefined });
    expect((await call('user', {}, patient)).status).toBe('ok');
    for (const caller of [undefined, 'anonymous', identity.token({ sub: '1' }, { key: privateKey }), expired, noExp, 'garbage']) {
      expect((await call('user', {}, caller)).status).toBe(401);
    }
  });

  it('@RequireAdmin(): an admin passes, anyone else signed in is 403, anonymous 401', async () => {
    expect((await call('admin', {}, admin)).status).toBe('ok');
    expect((await call('admin', {}, owner)).status).toBe(403);
    expect((await call('admin', {}, patient)).status).toBe(403);
    expect((await call('admin', {}, 'anonymous')).status).toBe(401);
  });

  it("@RequireBusiness(): the business's member and an admin pass (the admin's access logged); another business's owner 404, a patient 403, anonymous 401", async () => {
    expect((await call('business', { businessId: 'pharm-a' }, owner)).status).toBe('ok');
    logged.length = 0;
    expect((await call('business', { businessId: 'pharm-a' }, admin)).status).toBe('ok');
    expect(logged).toEqual([expect.objectContaining({ userId: 4, businessId: 'pharm-a' })]);
    expect((await call('business', { businessId: 'pharm-a' }, otherOwner)).status).toBe(404);
    expect((await call('business', { businessId: 'pharm-a' }, patient)).status).toBe(403);
    expect((await call('business', { businessId: 'pharm-a' }, 'anonymous')).status).toBe(401);
    expect((await call('business', {}, owner)).status).toBe(404);
    expect((await call('business', { businessId: ['pharm-a'] }, owner)).status).toBe(404);
    expect((await call('otherField', { pharmSlug: 'pharm-a', businessId: 'pharm-b' }, owner)).status).toBe('ok');
    expect((await call('otherField', { pharmSlug: 'pharm-b', businessId: 'pharm-a' }, owner)).status).toBe(404);
  });

  it('@RequireBusiness(): a membership names its kind, so a company and a pharmacy sharing a slug never mix', async () => {
    expect((await call('business', { businessId: 'pharm-a' }, companyStaff)).status).toBe(404);
    expect((await call('company', { businessId: 'pharm-a' }, companyStaff)).status).toBe('ok');
    expect((await call('company', { businessId: 'pharm-a' }, owner)).status).toBe(404);
    expect((await call('business', { businessId: 'pharm-a' }, bareSlug)).status).toBe(404);
    expect((await call('company', { businessId: 'pharm-a' }, bareSlug)).status).toBe(404);
  });

  it("refuses with 401 a token older than its account's current version (and only that account's)", async () => {
    const old = identity.token({ sub: '7', ver: 2 });
    const current = identity.token({ sub: '7', ver: 3 });
    expect((await call('user', {}, old)).status).toBe('ok');
    currentVersions.set(7, 3);
    expect((await call('user', {}, old)).status).toBe(401);
    expect((await call('who', {}, old)).status).toBe(401);
    expect((await call('user', {}, current)).status).toBe('ok');
    expect((await call('user', {}, identity.token({ sub: '8', ver: 0 }))).status).toBe('ok');
  });

  it('@Caller() gives the verified caller (null when anonymous) and refuses a token that does not verify', async () => {
    const factory = Object.values(Reflect.getMetadata(ROUTE_ARGS_METADATA, Handlers, 'who') as Record<string, { factory: (data: unknown, ctx: unknown) => unknown }>)[0].factory;
    const read = async (caller?: string) => {
      const { status, context } = await call('who', {}, caller);
      return { status, caller: factory(undefined, new ExecutionContextHost([{}, context])) };
    };
    await expect(read(owner)).resolves.toEqual({ status: 'ok', caller: { userId: 2, role: 'business_owner', businesses: ['pharmacy:pharm-a'], token: owner } });
    await expect(read('anonymous')).resolves.toEqual({ status: 'ok', caller: null });
    await expect(read(undefined)).resolves.toEqual({ status: 'ok', caller: null });
    expect((await read('forged.token.here')).status).toBe(401);
  });

  it('answers 503, not 401, when identity\'s keys cannot be fetched', async () => {
    const down = new CallerGuard(new Reflector(), { get: (token: unknown) => (token === TokenVersions ? versions : { verify: () => Promise.reject(new Error('timeout')) }) } as unknown as ModuleRef, logger);
    const h = natsHeaders();
    h.set('x-caller', patient);
    const host = new ExecutionContextHost([{}, { getHeaders: () => h }], Handlers, Handlers.prototype.user);
    host.setType('rpc');
    await expect(down.canActivate(host)).rejects.toMatchObject({ error: expect.objectContaining({ status: 503 }) });
  });

  it('@RequireCompany(): only the business access token of that one company passes; an ordinary token 403, another company 404, and the business token opens nothing else', async () => {
    const greenmed = identity.companyToken('5', 'greenmed');
    const adminGreenmed = identity.companyToken('4', 'greenmed', 'admin');
    const pharmacyToken = identity.token({ sub: '2', role: 'business_owner', ...{ typ: 'business', business: { kind: 'pharmacy', slug: 'greenmed' } }, auth_time: undefined } as never);
    expect((await call('companyAccess', { slug: 'greenmed' }, greenmed)).status).toBe('ok');
    logged.length = 0;
    expect((await call('companyAccess', { slug: 'greenmed' }, adminGreenmed)).status).toBe('ok');
    expect(logged).toEqual([expect.objectContaining({ userId: 4, company: 'greenmed' })]);
    expect((await call('companyAccess', { slug: 'bubble' }, greenmed)).status).toBe(404);
    expect((await call('companyAccess', { slug: 'greenmed' }, pharmacyToken)).status).toBe(404);
    expect((await call('companyAccess', {}, greenmed)).status).toBe(404);
    for (const ordinary of [admin, patient, identity.token({ sub: '5', role: 'business_owner', biz: ['company:greenmed'] })]) {
      expect((await call('companyAccess', { slug: 'greenmed' }, ordinary)).status).toBe(403);
    }
    expect((await call('companyAccess', { slug: 'greenmed' }, 'anonymous')).status).toBe(401);
    for (const method of ['user', 'admin', 'business', 'company', 'who'] as const) {
      expect((await call(method, { businessId: 'greenmed' }, method === 'admin' ? adminGreenmed : greenmed)).status).toBe(401);
    }
    expect((await call('open', {}, greenmed)).status).toBe('ok');
  });
});
