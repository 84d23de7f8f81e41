import { ErrorCodes, Events, ManageMessages, Messages, Subjects, type AuditPage, type AuthTokenResponse, type BusinessMembers, type ManagedUser, type ManagedUsersPage } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpcUntyped, useService } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEntries, businessMemberships, invitations, users } from '../src/db/schema';
import { identityService } from '../src/service';
import { callAsGateway } from './as-gateway';
import { linkOf, waitForEvent } from './delivered';

/**
 * Issue 30 on identity's side: the operator's accounts, memberships and invitations, and the record. Admins only; each
 * action on the record in its own transaction; a blocked account cannot sign in and its sessions end; an invitation
 * becomes the membership when the invited e-mail is proven.
 */
describe("the operator's console (identity)", () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  const as = <T>(token: string | undefined, subject: string, data: unknown) => rpcUntyped<T>(service.nc(), subject, data, { caller: token });
  const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const PASSWORD = 'a good secret';

  /** A new active account of `role` (signed up, activated from its link, its role set), signed in: its id, e-mail and token. */
  async function account(role: 'user' | 'business_owner' | 'admin', name = 'דנה', phone?: string) {
    const email = `manage-${stamp()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: name, lastName: 'כהן', email, password: PASSWORD, agreeTOU: true });
    const link = await linkOf(db(), service.nc(), Events.identity.activationRequested, email);
    await call(Subjects.identity.activate, { activationToken: link.token });
    const [user] = await db().update(users).set({ role, ...(phone ? { phone } : {}) }).where(eq(users.email, email)).returning();
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: PASSWORD });
    return { id: user.id, email, token: jwt };
  }

  const records = async (search: string) => (await as<AuditPage>(admin.token, Subjects.identity.manageAudit, { search })).entries;
  let admin: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    admin = await account('admin', 'מנהלת');
  });

  it('answers admins only, on every subject', async () => {
    const patient = await account('user');
    const owner = await account('business_owner');
    const subjects: [string, unknown][] = [
      [Subjects.identity.manageUsers, {}], [Subjects.identity.manageUserGet, { userId: patient.id }], [Subjects.identity.manageUserBlock, { userId: patient.id }],
      [Subjects.identity.manageUserUnblock, { userId: patient.id }], [Subjects.identity.manageResendActivation, { userId: patient.id }],
      [Subjects.identity.manageMembers, { kind: 'pharmacy', slug: 'any-pharm' }], [Subjects.identity.manageMemberAdd, { kind: 'pharmacy', slug: 'any-pharm', name: 'x', email: patient.email }],
      [Subjects.identity.manageMemberRemove, { kind: 'pharmacy', slug: 'any-pharm', memberId: `user-${patient.id}` }], [Subjects.identity.manageAudit, {}],
    ];
    for (const [subject, payload] of subjects) {
      for (const [who, token, status] of [['anonymous', undefined, 401], ['patient', patient.token, 403], ['owner', owner.token, 403], ['forged', `${admin.token}x`, 401]] as const) {
        const refused = await as(token, subject, payload).then(() => 200, (err: { status?: number }) => err.status);
        expect({ subject, who, refused }).toEqual({ subject, who, refused: status });
      }
    }
    const [user] = await db().select().from(users).where(eq(users.id, patient.id));
    expect(user.status).toBe('active');
    expect(await db().select().from(businessMemberships).where(eq(businessMemberships.userId, patient.id))).toEqual([]);
  });

  it('finds an account by name, e-mail or phone and shows how it signs in and what it runs, nothing medical', async () => {
    const found = await account('user', 'יעלית', '054-7654321');
    for (const search of ['יעלית', found.email.slice(0, 20).toUpperCase(), '0547654321', '054-765 4321']) {
      const page = await as<ManagedUsersPage>(admin.token, Subjects.identity.manageUsers, { search });
      expect({ search, ids: page.users.map((u) => u.id) }).toEqual({ search, ids: expect.arrayContaining([found.id]) });
    }
    const page = await as<ManagedUser>(admin.token, Subjects.identity.manageUserGet, { userId: found.id });
    expect(page).toMatchObject({ id: found.id, status: 'active', role: 'user', signInMethods: ['password', 'sms'], memberships: [] });
    expect(Object.keys(page).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'lastSignedAt', 'memberships', 'phone', 'role', 'signInMethods', 'status']);
    await expect(as(admin.token, Subjects.identity.manageUserGet, { userId: 2_000_000_000 })).rejects.toMatchObject({ status: 404, message: ManageMessages.userNotFound });
    await expect(as(admin.token, Subjects.identity.manageUsers, { search: 'x'.repeat(101) })).rejects.toMatchObject({ status: 400 });
  });

  it('blocks an account: its sessions end, every sign-in shows the spec’s message; unblocked, it signs in again; never an admin', async () => {
    const patient = await account('user');
    const blocked = await as<ManagedUser>(admin.token, Subjects.identity.manageUserBlock, { userId: patient.id });
    expect(blocked.status).toBe('disabled');
    await expect(call(Subjects.identity.userGet, { token: patient.token })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.refresh, { token: patient.token })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.signIn, { email: patient.email, password: PASSWORD }))
      .rejects.toMatchObject({ status: 403, code: ErrorCodes.userDisabled, message: Messages.userDisabled });
    await expect(call(Subjects.identity.googleSignIn, { sub: `g-${stamp()}`, email: patient.email, emailVerified: true, firstName: 'דנה', lastName: 'כהן' }))
      .rejects.toMatchObject({ status: 403, message: Messages.userDisabled });
    expect((await records(patient.email)).map((e) => [e.action, e.actor?.id, e.before, e.after])).toEqual([['user.blocked', admin.id, { status: 'active' }, { status: 'disabled' }]]);

    const unblocked = await as<ManagedUser>(admin.token, Subjects.identity.manageUserUnblock, { userId: patient.id });
    expect(unblocked.status).toBe('active');
    await expect(call(Subjects.identity.signIn, { email: patient.email, password: PASSWORD })).resolves.toHaveProperty('jwt');
    expect((await records(patient.email)).map((e) => e.action)).toEqual(['user.unblocked', 'user.blocked']);

    await expect(as(admin.token, Subjects.identity.manageUserBlock, { userId: admin.id })).rejects.toMatchObject({ status: 403, message: ManageMessages.cannotBlockAdmin });
    const other = await account('admin');
    await expect(as(admin.token, Subjects.identity.manageUserBlock, { userId: other.id })).rejects.toMatchObject({ status: 403, message: ManageMessages.cannotBlockAdmin });
  });

  it('sends the activation again for a pending account only', async () => {
    const email = `pending-${stamp()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'נוי', lastName: 'כהן', email, password: PASSWORD, agreeTOU: true });
    const first = await linkOf(db(), service.nc(), Events.identity.activationRequested, email);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    await expect(as(admin.token, Subjects.identity.manageResendActivation, { userId: user.id })).resolves.toEqual({ ok: true });
    expect((await linkOf(db(), service.nc(), Events.identity.activationRequested, email, first.outboxId)).token).not.toBe(first.token);
    // Blocked while pending, it goes back to pending.
    await as(admin.token, Subjects.identity.manageUserBlock, { userId: user.id });
    expect((await as<ManagedUser>(admin.token, Subjects.identity.manageUserUnblock, { userId: user.id })).status).toBe('pending');
    await expect(as(admin.token, Subjects.identity.manageResendActivation, { userId: admin.id })).rejects.toMatchObject({ status: 409, message: ManageMessages.notPending });
  });

  it('makes an account an owner at once (its sessions end), and a new e-mail an owner once it is proven; removing takes it back', async () => {
    const slug = `pharm-${stamp()}`;
    const business = { kind: 'pharmacy' as const, slug, name: 'בית מרקחת ההזמנות' };
    const patient = await account('user');
    const added = await as<BusinessMembers>(admin.token, Subjects.identity.manageMemberAdd, { ...business, email: patient.email.toUpperCase() });
    expect(added.members).toEqual([expect.objectContaining({ id: `user-${patient.id}`, state: 'member', email: patient.email })]);
    await expect(call(Subjects.identity.userGet, { token: patient.token })).rejects.toMatchObject({ status: 401 });
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email: patient.email, password: PASSWORD });
    expect(decodeJwt(jwt)).toMatchObject({ role: 'business_owner', biz: [`pharmacy:${slug}`] });
    await expect(as(admin.token, Subjects.identity.manageMemberAdd, { ...business, email: patient.email })).rejects.toMatchObject({ status: 409, message: ManageMessages.alreadyMember });

    const invited = `invited-${stamp()}@example.co.il`;
    const withInvite = await as<BusinessMembers>(admin.token, Subjects.identity.manageMemberAdd, { ...business, email: invited });
    expect(withInvite.members.map((m) => [m.state, m.email])).toEqual([['member', patient.email], ['invited', invited]]);
    const mail = await waitForEvent<{ email: string; businessName: string }>(db(), Events.identity.membershipInvited, 'email', invited);
    expect(mail?.data).toEqual({ email: invited, kind: 'pharmacy', businessName: business.name });
    await call(Subjects.identity.signUp, { firstName: 'אלון', lastName: 'בעלים', email: invited, password: PASSWORD, agreeTOU: true });
    const link = await linkOf(db(), service.nc(), Events.identity.activationRequested, invited);
    const activated = await call<AuthTokenResponse>(Subjects.identity.activate, { activationToken: link.token });
    expect(decodeJwt(activated.jwt)).toMatchObject({ role: 'business_owner', biz: [`pharmacy:${slug}`] });
    expect(await db().select().from(invitations).where(eq(invitations.email, invited))).toEqual([]);

    const members = (await as<BusinessMembers>(admin.token, Subjects.identity.manageMembers, business)).members;
    expect(members.map((m) => m.state)).toEqual(['member', 'member']);
    const removed = await as<BusinessMembers>(admin.token, Subjects.identity.manageMemberRemove, { ...business, memberId: `user-${patient.id}` });
    expect(removed.members.map((m) => m.email)).toEqual([invited]);
    const [after] = await db().select().from(users).where(eq(users.id, patient.id));
    expect(after.role).toBe('user');
    await expect(call(Subjects.identity.userGet, { token: jwt })).rejects.toMatchObject({ status: 401 });
    await expect(as(admin.token, Subjects.identity.manageMemberRemove, { ...business, memberId: `user-${patient.id}` })).rejects.toMatchObject({ status: 404, message: ManageMessages.memberNotFound });

    const history = (await records(slug)).map((e) => [e.action, e.actor?.email]);
    expect(history).toEqual([
      ['member.removed', admin.email], ['member.added', admin.email], ['member.invited', admin.email], ['member.added', admin.email],
    ]);
    expect((await records('member.invited')).length).toBeGreaterThan(0);
    expect((await as<AuditPage>(admin.token, Subjects.identity.manageAudit, { action: 'member.removed', search: 'מנהלת' })).entries[0]).toMatchObject({ targetId: slug });
    const rows = await db().select().from(auditEntries).where(eq(auditEntries.targetId, slug));
    expect(JSON.stringify(rows)).not.toMatch(/password|token/i);
  });

  it('records an admin opening a company they are no member of', async () => {
    const slug = `company-${stamp()}`;
    await as(admin.token, Subjects.identity.businessAccess, { businessId: `company:${slug}` });
    expect((await records(slug)).map((e) => [e.action, e.targetKind, e.actor?.id])).toEqual([['business.opened', 'company', admin.id]]);
  });
});
