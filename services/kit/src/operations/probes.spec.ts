import { createLogger } from '../logging/logger';
import { ProcessProbes } from './probes';

describe('ProcessProbes', () => {
  const probes = new ProcessProbes('probe-test', createLogger('probe-test', 'silent'));
  let port: number;
  let healthy = true;
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, text: await res.text() };
  };
  beforeAll(async () => {
    probes.addCheck('database', async () => { if (!healthy) throw new Error('down'); });
    probes.addCheck('slow', () => new Promise((resolve) => setTimeout(resolve, 10)));
    port = await probes.listen(0, '127.0.0.1');
  });
  afterAll(() => probes.close());

  it('is live at once, ready only once it takes work and every component answers, and not ready from the stop on', async () => {
    expect(await get('/livez')).toEqual({ status: 200, text: 'ok\n' });
    expect(JSON.parse((await get('/readyz')).text)).toEqual({ process: 'probe-test', ready: false, state: 'starting', checks: { database: 'up', slow: 'up' } });
    probes.markReady();
    expect((await get('/readyz')).status).toBe(200);
    healthy = false;
    expect(JSON.parse((await get('/readyz')).text)).toMatchObject({ ready: false, state: 'ready', checks: { database: 'down' } });
    healthy = true;
    expect((await get('/readyz')).status).toBe(200);
    probes.markDraining();
    expect(JSON.parse((await get('/readyz')).text)).toMatchObject({ ready: false, state: 'draining' });
    expect((await get('/livez')).status).toBe(200);
  });

  it("answers the Prometheus text of the process's registry, labelled with the process", async () => {
    probes.busRequests.inc({ subject: 'x.y', outcome: 'ok' });
    probes.gauge('mc_test_value', 'a value read at the scrape', ['kind'], (g) => g.set({ kind: 'a' }, 7));
    const { status, text } = await get('/metrics');
    expect(status).toBe(200);
    expect(text).toContain('mc_bus_requests_total{subject="x.y",outcome="ok",process="probe-test"} 1');
    expect(text).toContain('mc_test_value{kind="a",process="probe-test"} 7');
    expect(text).toContain('mc_process_ready{process="probe-test"} 0');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reads once what several series of one scrape show', async () => {
    let reads = 0;
    const backlog = ProcessProbes.sharedReading(async () => ({ pending: ++reads }));
    probes.gauge('mc_test_pending', 'first series', [], async (g) => g.set((await backlog()).pending));
    probes.gauge('mc_test_pending_again', 'second series', [], async (g) => g.set((await backlog()).pending));
    const { text } = await get('/metrics');
    expect(reads).toBe(1);
    expect(text).toContain('mc_test_pending_again{process="probe-test"} 1');
  });

  it('answers nothing else', async () => {
    expect((await get('/')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
