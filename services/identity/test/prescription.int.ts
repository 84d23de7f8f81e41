import { Messages, Subjects, type AuthTokenResponse, type PrescriptionResponse } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { useService } from '@mc/kit/testing';
import { eq, sql } from 'drizzle-orm';
import { outbox, prescriptions, users } from '../src/db/schema';
import { identityService } from '../src/service';
import { callAsGateway } from './as-gateway';

describe('my prescription', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  /** A new active account: its id and an access token. */
  async function patient(name: string): Promise<{ id: number; token: string }> {
    const email = `rx-${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const [user] = await db().update(users).set({ status: 'active' }).where(eq(users.email, email)).returning();
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    return { id: user.id, token: jwt };
  }
  const rows = (userId: number) => db().select().from(prescriptions).where(eq(prescriptions.userId, userId));

  it('saves, reads and replaces the caller’s own prescription, categories in catalogue order', async () => {
    const { id, token } = await patient('save');
    expect(await call(Subjects.identity.prescriptionGet, { token })).toEqual({ prescription: null });

    const saved = await call<PrescriptionResponse>(Subjects.identity.prescriptionSave, { token, categories: ['T10/C10', 'T20/C4'], monthlyGrams: 40 });
    expect(saved).toEqual({ prescription: { categories: ['T20/C4', 'T10/C10'], monthlyGrams: 40, updatedAt: expect.any(String) } });
    expect(await call(Subjects.identity.prescriptionGet, { token })).toEqual(saved);

    await call(Subjects.identity.prescriptionSave, { token, categories: ['T1/C20'], monthlyGrams: '100' });
    expect(await call(Subjects.identity.prescriptionGet, { token })).toMatchObject({ prescription: { categories: ['T1/C20'], monthlyGrams: 100 } });
    expect(await rows(id)).toHaveLength(1);
  });

  it('deletes the row itself, and saving again starts afresh', async () => {
    const { id, token } = await patient('delete');
    await call(Subjects.identity.prescriptionSave, { token, categories: ['T15/C3'], monthlyGrams: 30 });
    expect(await rows(id)).toHaveLength(1);
    expect(await call(Subjects.identity.prescriptionRemove, { token })).toEqual({ prescription: null });
    expect(await rows(id)).toEqual([]);
    expect(await call(Subjects.identity.prescriptionGet, { token })).toEqual({ prescription: null });
    expect(await call(Subjects.identity.prescriptionRemove, { token })).toEqual({ prescription: null });
  });

  it('never lets one user read, change or delete another’s prescription', async () => {
    const dana = await patient('dana');
    const yossi = await patient('yossi');
    await call(Subjects.identity.prescriptionSave, { token: dana.token, categories: ['T20/C4'], monthlyGrams: 50 });

    // The caller is the token's account; a user id in the payload is not a way in.
    expect(await call(Subjects.identity.prescriptionGet, { token: yossi.token, userId: dana.id })).toEqual({ prescription: null });
    await call(Subjects.identity.prescriptionRemove, { token: yossi.token, userId: dana.id });
    await call(Subjects.identity.prescriptionSave, { token: yossi.token, categories: ['T1/C20'], monthlyGrams: 10 });
    expect(await call(Subjects.identity.prescriptionGet, { token: dana.token })).toMatchObject({ prescription: { categories: ['T20/C4'], monthlyGrams: 50 } });
    expect(await call(Subjects.identity.prescriptionGet, { token: yossi.token })).toMatchObject({ prescription: { categories: ['T1/C20'], monthlyGrams: 10 } });

    for (const subject of [Subjects.identity.prescriptionGet, Subjects.identity.prescriptionRemove]) {
      await expect(call(subject, {})).rejects.toMatchObject({ status: 401, message: Messages.signInRequired });
      await expect(call(subject, { token: 'not-a-token' })).rejects.toMatchObject({ status: 401 });
    }
    await expect(call(Subjects.identity.prescriptionSave, { categories: ['T20/C4'], monthlyGrams: 5 })).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['no categories', { categories: [], monthlyGrams: 30 }, Messages.prescriptionCategoriesRequired],
    ['categories that are not a list', { categories: 'T20/C4', monthlyGrams: 30 }, Messages.prescriptionCategoryInvalid],
    ['a category outside the allowed set', { categories: ['T99/C1'], monthlyGrams: 30 }, Messages.prescriptionCategoryInvalid],
    ['a category twice', { categories: ['T20/C4', 'T20/C4'], monthlyGrams: 30 }, Messages.prescriptionCategoryInvalid],
    ['seven categories', { categories: ['T26/C1', 'T24/C1', 'T22/C1', 'T20/C4', 'T19/C1', 'T18/C3', 'T16/C2'], monthlyGrams: 30 }, Messages.prescriptionTooManyCategories],
    ['0 grams', { categories: ['T20/C4'], monthlyGrams: 0 }, Messages.prescriptionMonthlyGrams],
    ['301 grams', { categories: ['T20/C4'], monthlyGrams: 301 }, Messages.prescriptionMonthlyGrams],
    ['a fraction of a gram', { categories: ['T20/C4'], monthlyGrams: 2.5 }, Messages.prescriptionMonthlyGrams],
    ['no grams', { categories: ['T20/C4'] }, Messages.prescriptionMonthlyGrams],
  ])('refuses %s with 400 and its Hebrew message, keeping what was saved', async (_case, body, message) => {
    const { id, token } = await patient('bad');
    await call(Subjects.identity.prescriptionSave, { token, categories: ['T10/C2'], monthlyGrams: 20 });
    await expect(call(Subjects.identity.prescriptionSave, { token, ...body })).rejects.toMatchObject({ status: 400, message });
    expect(await rows(id)).toMatchObject([{ categories: ['T10/C2'], monthlyGrams: 20 }]);
  });

  it('publishes no event about a prescription', async () => {
    const { token } = await patient('quiet');
    const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(outbox))[0].n;
    const before = await count();
    await call(Subjects.identity.prescriptionSave, { token, categories: ['T20/C4'], monthlyGrams: 30 });
    await call(Subjects.identity.prescriptionRemove, { token });
    expect(await count()).toBe(before);
  });

  it('goes with the account', async () => {
    const { id, token } = await patient('gone');
    await call(Subjects.identity.prescriptionSave, { token, categories: ['T20/C4'], monthlyGrams: 30 });
    await db().delete(users).where(eq(users.id, id));
    expect(await rows(id)).toEqual([]);
  });
});
