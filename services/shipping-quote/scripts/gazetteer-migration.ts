/**
 * Writes the address gazetteer's data migration from src/addresses/gazetteer/*.tsv.
 * To change the data: edit the TSV files, make an empty custom migration
 * (`npx drizzle-kit generate --custom --name address_gazetteer_data`), then write it with
 * `npm run gazetteer:migration -w @mc/shipping-quote -- src/migrations/<that file>.sql`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gazetteerMigrationSql, gazetteerRows, readGazetteer } from '../src/addresses/gazetteer/gazetteer-data';

const target = process.argv[2] && resolve(__dirname, '..', process.argv[2]);
if (!target?.endsWith('.sql')) {
  console.error('usage: npm run gazetteer:migration -w @mc/shipping-quote -- src/migrations/<custom migration>.sql');
  process.exit(1);
}
const rows = gazetteerRows(readGazetteer());
writeFileSync(target, gazetteerMigrationSql(rows));
console.log(`[gazetteer] ${rows.length} streets written to ${target}`);
