// Jest globalSetup of the integration project: every run starts with no event streams on the test NATS,
// so no durable consumer has to work through the events of earlier runs, and no token version of an earlier run is kept.
const { connect } = require('nats');
const { natsOptions } = require('../../../deploy/local/nats');

async function deleteEventStreams(servers = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4231') {
  const nc = await connect({ servers, ...natsOptions('harness') });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      // The token versions bucket too: the test databases share this NATS, and a version written for another database's
      // account of the same id would refuse this run's tokens (identity makes the bucket again at its start).
      if (info.config.name.startsWith('EVT_') || info.config.name.startsWith('DLQ') || info.config.name === 'KV_token_versions') await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}

module.exports = () => deleteEventStreams();
module.exports.deleteEventStreams = deleteEventStreams;
