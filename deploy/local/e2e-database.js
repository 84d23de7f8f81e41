// What an end-to-end test (gateway/test, web/e2e) cannot make through the API, made in the running e2e stack's
// database directly, as the service that owns the table: the stack's state file (gateway/test/stack.setup.js) names
// the database.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const { Client } = require(require.resolve('pg', { paths: [path.join(ROOT, 'services/kit')] }));

function databaseName() {
  const state = process.env.E2E_STACK_STATE;
  return state ? JSON.parse(fs.readFileSync(state, 'utf8')).env.DATABASE_NAME : 'medcanna_e2e';
}

async function asService(role, work) {
  const client = new Client({ connectionString: `postgres://${role}@${process.env.DATABASE_HOST || '127.0.0.1:5432'}/${databaseName()}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Offers last confirmed `hours` ago (issue 17: after 72 hours one is "not confirmed lately"), as if nobody confirmed them since. */
function confirmedHoursAgo(offerIds, hours) {
  return asService('pharm', async (client) => {
    const { rowCount } = await client.query(
      'UPDATE pharm.pharm_products SET confirmed_at = now() - make_interval(hours => $2::int) WHERE id = ANY($1::int[])', [offerIds, hours]);
    if (rowCount !== offerIds.length) throw new Error(`aged ${rowCount} of the offers ${offerIds.join(', ')}`);
  });
}

module.exports = { confirmedHoursAgo };
