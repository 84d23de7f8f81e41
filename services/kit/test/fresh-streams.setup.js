// Jest globalSetup of the integration project: every run starts with no event streams on the test NATS,
// so no durable consumer has to work through the events of earlier runs.
const { connect } = require('nats');
const { natsOptions } = require('../../../deploy/local/nats');

async function deleteEventStreams(servers = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4231') {
  const nc = await connect({ servers, ...natsOptions('harness') });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith('EVT_') || info.config.name.startsWith('DLQ')) await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}

module.exports = () => deleteEventStreams();
module.exports.deleteEventStreams = deleteEventStreams;
