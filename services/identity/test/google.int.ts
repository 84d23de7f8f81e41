import { ErrorCodes, Events, Messages, Subjects, type AuthTokenResponse, type GoogleSignInResponse, type UserProfile } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { useService } from '@mc/kit/testing';
import { callAsGateway } from './as-gateway';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { users } from '../src/db/schema';
import { identityService } from '../src/service';
import { linkOf } from './delivered';

describe('sign-in with Google (the account the gateway read from Google)', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  const email = (name: string) => `${name}-${unique()}@example.co.il`;
  const google = (account: { sub?: string; email: string; emailVerified?: boolean; firstName?: string; lastName?: string }) =>
    call<GoogleSignInResponse>(Subjects.identity.googleSignIn, { sub: `g-${unique()}`, emailVerified: true, firstName: 'נועה', lastName: 'לוי', ...account });
  const userOf = async (jwt: string) => {
    const [user] = await db().select().from(users).where(eq(users.id, Number(decodeJwt(jwt).sub)));
    return user;
  };
  const byEmail = async (address: string) => db().select().from(users).where(eq(users.email, address.toLowerCase()));

  async function activeAccount(address: string, password = 'a good secret') {
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email: address, password, agreeTOU: true });
    const { token } = await linkOf(db(), service.nc(), Events.identity.activationRequested, address);
    await call(Subjects.identity.activate, { activationToken: token });
  }

  it('creates a new account active, with the google method and no password, and finds it again by its Google id', async () => {
    const address = email('New.Google');
    const sub = `g-${unique()}`;
    const first = await google({ sub, email: address });
    expect(first.created).toBe(true);
    const claims = decodeJwt(first.jwt);
    expect(claims).toMatchObject({ typ: 'user', role: 'user', ver: 0, iss: 'medcanna-identity' });
    const created = await userOf(first.jwt);
    expect(created).toMatchObject({
      email: address.toLowerCase(), firstName: 'נועה', lastName: 'לוי', status: 'active', authMethod: 'google', googleSub: sub, passwordHash: null, subscribed: false,
    });
    expect(created.lastSignedAt).toBeInstanceOf(Date);
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: first.jwt })).toMatchObject({ authMethod: 'google', email: address.toLowerCase() });

    // The same Google account again, even with its e-mail changed at Google and unverified: the same user, no other row.
    const again = await google({ sub, email: email('renamed'), emailVerified: false });
    expect(again.created).toBe(false);
    expect(decodeJwt(again.jwt).sub).toBe(claims.sub);
    expect(await byEmail(address)).toHaveLength(1);
    // Without a password, the password form's call refuses.
    await expect(call(Subjects.identity.passwordChange, { token: again.jwt, currentPassword: 'x', newPassword: 'another secret' }))
      .rejects.toMatchObject({ status: 400, message: Messages.noPasswordMethod });
  });

  it("links an active password account of the same e-mail, which keeps its password and sign-in method", async () => {
    const address = email('linked');
    await activeAccount(address);
    const [before] = await byEmail(address);
    const sub = `g-${unique()}`;
    const { jwt, created } = await google({ sub, email: address.toUpperCase() });
    expect(created).toBe(false);
    expect(decodeJwt(jwt).sub).toBe(String(before.id));
    expect(await userOf(jwt)).toMatchObject({ googleSub: sub, authMethod: 'password', status: 'active', firstName: 'דנה', tokenVersion: before.tokenVersion });
    expect((await call<AuthTokenResponse>(Subjects.identity.signIn, { email: address, password: 'a good secret' })).jwt).toEqual(expect.any(String));
    // Linked once: another Google account with this e-mail is refused.
    await expect(google({ email: address })).rejects.toMatchObject({ status: 409, message: Messages.googleAccountConflict });
  });

  it("takes over an account never activated: it becomes active and the unproven password stops working", async () => {
    const address = email('pending');
    await call(Subjects.identity.signUp, { firstName: 'זר', lastName: 'כלשהו', email: address, password: 'a strangers secret', agreeTOU: true });
    const [pending] = await byEmail(address);
    expect(pending.status).toBe('pending');
    const { jwt } = await google({ email: address });
    expect(await userOf(jwt)).toMatchObject({ id: pending.id, status: 'active', authMethod: 'google', passwordHash: null, tokenVersion: pending.tokenVersion + 1 });
    await expect(call(Subjects.identity.signIn, { email: address, password: 'a strangers secret' }))
      .rejects.toMatchObject({ status: 401, message: Messages.wrongCredentials });
  });

  it("refuses an unverified e-mail (creating nothing) and a disabled account with the spec's message", async () => {
    const unverified = email('unverified');
    await expect(google({ email: unverified, emailVerified: false }))
      .rejects.toMatchObject({ status: 403, code: ErrorCodes.emailUnverified, message: Messages.googleEmailUnverified });
    expect(await byEmail(unverified)).toHaveLength(0);

    const address = email('blocked');
    const sub = `g-${unique()}`;
    const { jwt } = await google({ sub, email: address });
    await db().update(users).set({ status: 'disabled' }).where(eq(users.email, address));
    await expect(google({ sub, email: address })).rejects.toMatchObject({ status: 403, code: ErrorCodes.userDisabled, message: Messages.userDisabled });
    await expect(call(Subjects.identity.refresh, { token: jwt })).rejects.toMatchObject({ status: 401 });

    const passwordUser = email('blocked-password');
    await activeAccount(passwordUser);
    await db().update(users).set({ status: 'disabled' }).where(eq(users.email, passwordUser));
    await expect(google({ email: passwordUser })).rejects.toMatchObject({ status: 403, message: Messages.userDisabled });
    expect((await byEmail(passwordUser))[0].googleSub).toBeNull();
  });

  it('creates one account when the first sign-ins of one Google account arrive together', async () => {
    const address = email('race');
    const sub = `g-${unique()}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => google({ sub, email: address })));
    expect(new Set(answers.map((a) => decodeJwt(a.jwt).sub)).size).toBe(1);
    expect(await byEmail(address)).toHaveLength(1);
  });

  it('refuses a malformed account with 400', async () => {
    await expect(call(Subjects.identity.googleSignIn, { email: email('no-sub'), emailVerified: true }))
      .rejects.toMatchObject({ status: 400, message: Messages.badRequest });
    await expect(call(Subjects.identity.googleSignIn, { sub: 'g-1', email: 'not-an-email', emailVerified: true }))
      .rejects.toMatchObject({ status: 400, message: Messages.invalidEmail });
    await expect(call(Subjects.identity.googleSignIn, { sub: 'g-1', email: email('x'), emailVerified: 'yes' }))
      .rejects.toMatchObject({ status: 400, message: Messages.badRequest });
  });
});
