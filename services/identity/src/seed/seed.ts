import 'reflect-metadata';
import { createServiceContext, DATABASE, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/secrets';
import { businessMemberships, users } from '../db/schema';
import { identityService } from '../service';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** Creates the demo accounts, active, with their businesses (idempotent: an existing account keeps its password). */
export async function seedIdentity(overrides: NodeJS.ProcessEnv = {}): Promise<number> {
  const app = await createServiceContext(identityService, overrides);
  try {
    const db = app.get<Database>(DATABASE);
    for (const account of DEMO_ACCOUNTS) {
      await db.insert(users).values({
        email: account.email, firstName: account.firstName, lastName: account.lastName, phone: account.phone ?? null,
        passwordHash: await hashPassword(account.password), status: 'active', role: account.role,
      }).onConflictDoNothing();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      for (const business of account.businesses) {
        await db.insert(businessMemberships).values({ userId: user.id, ...business }).onConflictDoNothing();
      }
    }
    return DEMO_ACCOUNTS.length;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  seedIdentity()
    .then((n) => console.log(`[seed] identity: ${n} demo accounts`))
    .catch((err) => { console.error(err); process.exit(1); });
}
