const fs = require('node:fs');

module.exports = async () => {
  await globalThis.__STACK__?.stop();
  await globalThis.__FAKE_GOOGLE__?.close();
  await globalThis.__FAKE_OTLP__?.close();
  // Services a test restarted are not in the handle: stop them by the ids in the state file.
  const state = process.env.E2E_STACK_STATE && fs.existsSync(process.env.E2E_STACK_STATE)
    ? JSON.parse(fs.readFileSync(process.env.E2E_STACK_STATE, 'utf8')) : { pids: {} };
  for (const pid of Object.values(state.pids)) {
    try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
  }
};
