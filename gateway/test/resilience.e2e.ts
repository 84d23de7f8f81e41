import { readFileSync, writeFileSync } from 'node:fs';
import { Messages, SERVICES } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { api, gatewayUrl } from './http';
import * as stack from '../../deploy/local/stack';

const statePath = () => process.env.E2E_STACK_STATE!;
const readState = () => JSON.parse(readFileSync(statePath(), 'utf8'));

describe('a downstream service goes down and comes back', () => {
  it('answers 503 in under 2 s while catalog is down, reports it in /api/health, and recovers without a gateway restart', async () => {
    const state = readState();
    process.kill(state.pids.catalog, 'SIGKILL');
    // Until the gateway's read cache (300 ms) has let go of the product's last answer.
    await waitFor('the gateway to stop answering the product from its cache', async () => (await api('/api/products/dr-green-t20-c4')).status, { until: (status) => status !== 200 });

    for (let i = 0; i < 3; i++) {
      const res = await api('/api/products/dr-green-t20-c4');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
      expect(res.ms).toBeLessThan(2000);
    }

    // Pages that do not need the catalogue keep working.
    expect((await api('/api/pharms')).status).toBe(200);

    const health = await fetch(`${gatewayUrl()}/api/health`);
    expect(health.status).toBe(503);
    const expected = Object.fromEntries(SERVICES.map((s) => [s, s === 'catalog' ? 'down' : 'up']));
    expect(await health.json()).toEqual({ status: 'degraded', services: expected });

    const catalog = stack.startProcess('catalog', { env: { ...state.env, PROBE_PORT: String(state.probePorts.catalog) }, logDir: `${__dirname}/../../artifacts/logs/e2e` });
    writeFileSync(statePath(), JSON.stringify({ ...state, pids: { ...state.pids, catalog: catalog.pid } }));

    // Recovered: the product and the product list answer again (the list once catalog has warmed up).
    for (const path of ['/api/products/dr-green-t20-c4', '/api/products']) {
      await waitFor(`${path} to answer 200 again`, async () => (await api(path)).status, { until: (status) => status === 200, timeoutMs: 20_000, intervalMs: 200 });
    }
    expect(process.kill(state.pids.gateway, 0)).toBe(true); // the same gateway process answered throughout
    expect((await fetch(`${gatewayUrl()}/api/health`)).status).toBe(200);
  });
});
