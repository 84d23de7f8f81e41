import type { OfferChangeSource } from '@mc/contracts';
import type { Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';

/**
 * Names the writer of the transaction's offer changes for their history (`offer_history.source`, issue 31): the
 * trigger reads the transaction-local `pharm.change_source`; a writer that does not name itself is 'system'.
 */
export async function nameChangeSource(tx: Tx, source: OfferChangeSource): Promise<void> {
  await tx.execute(sql`SELECT set_config('pharm.change_source', ${source}, true)`);
}
