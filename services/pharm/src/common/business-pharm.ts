import { businessNotFound, type Database, type Tx } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { pharmacies } from '../db/schema';

/** The pharmacy a back-office request's business names. */
export interface BusinessPharm {
  id: number;
  slug: string;
}

/**
 * The pharmacy of a back-office business id (its slug). The kit's guard has checked the caller, but an admin may
 * name any business: a slug that is no pharmacy (a company's, or none) is 404 'העסק לא נמצא' here.
 */
export async function businessPharm(db: Database | Tx, businessId: string): Promise<BusinessPharm> {
  const [pharm] = await db.select({ id: pharmacies.id, slug: pharmacies.slug }).from(pharmacies).where(eq(pharmacies.slug, businessId));
  if (!pharm) throw businessNotFound();
  return pharm;
}
