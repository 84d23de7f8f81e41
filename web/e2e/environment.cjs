/**
 * The e2e tests' Jest environment: Node's, plus what the browser harness (browser.ts) needs to know about the
 * running test, which Jest does not tell a test: its name, and whether it failed (its body, or a hook before it).
 * Read in an afterEach as `globalThis.__e2eTest`, so a failing test leaves a screenshot of its pages.
 */
const { TestEnvironment } = require('jest-environment-node');

class E2eEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__e2eTest = { name: event.test.name, failed: false };
    else if ((event.name === 'test_fn_failure' || (event.name === 'hook_failure' && event.hook.type === 'beforeEach')) && this.global.__e2eTest) {
      this.global.__e2eTest.failed = true;
    }
  }
}

module.exports = E2eEnvironment;
