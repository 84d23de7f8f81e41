/* global beforeAll */
// Each e2e file starts with fresh rate-limit counters, as a new visitor would: the files share one client address and
// the demo accounts, and together sign in more often than one person may (10 times an account, 50 an address, in 15
// minutes). A file that tests the limits counts from zero within itself.
const { clearRateLimits } = require('./stack.setup');

beforeAll(() => clearRateLimits(['rate:*']));
