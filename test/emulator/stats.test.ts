// GET /_emulator/stats: what was served, counted beyond the request log's size, and reset with the world.
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.ts';
import { call, DEMO, env, fileEmulator, get, IDS, triggerRun } from './helpers.ts';

const emu = await fileEmulator();

describe('the stats of the control API', () => {
  it('start empty: the runs of the world file are not counted', async () => {
    const stats = await get(emu, '/_emulator/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      pid: process.pid,
      since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      requests: { total: 0, byEndpoint: [] },
      faults: { injected: 0, byRoute: [] },
      runs: [],
    });
    expect(emu.control.runs().length).toBeGreaterThan(0);
    expect(emu.control.stats()).toEqual(stats.body);
  });

  it('count API requests by route pattern, most requested first, and not control requests', async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.test, envVars: env({ EMULATOR_STEP_MS: 10 }) });
    await get(emu, `/runs/${run.id}`, DEMO);
    await get(emu, `/runs/${run.id}`, DEMO);
    await get(emu, '/no/such/endpoint', DEMO);
    await get(emu, '/_emulator/runs');
    const { body } = await get(emu, '/_emulator/stats');
    expect(body.requests).toEqual({
      total: 4,
      byEndpoint: [
        { method: 'GET', route: '/api/v3/runs/:runId', count: 2 },
        { method: 'POST', route: '/api/v3/runs', count: 1 },
        { method: 'GET', route: '(no route)', count: 1 },
      ],
    });
    expect(body.runs).toEqual([expect.objectContaining({ id: run.id, pipelineName: 'test' })]);
  });

  it('count the requests a fault answered, by the fault', async () => {
    const fault = { method: 'get', route: '/api/v3/runs/:runId', status: 503, times: 2 };
    expect((await call(emu, 'POST', '/_emulator/faults', { body: fault })).status).toBe(200);
    emu.control.injectFault({ route: '*', delayMs: 1 });
    const run = await triggerRun(emu, { pipelineId: IDS.test });
    for (let i = 0; i < 3; i++) await get(emu, `/runs/${run.id}`, DEMO);
    expect(emu.control.stats().faults).toEqual({
      injected: 3,
      byRoute: [
        { method: 'GET', route: '/api/v3/runs/:runId', count: 2 },
        { route: '*', count: 1 },
      ],
    });
  });

  it('count every request, past the size of the request log, and start again on reset', async () => {
    const small = await startEmulator({ speed: 0, maxRequests: 2 });
    try {
      for (let i = 0; i < 5; i++) await get(small, '/applications/acme', DEMO);
      expect(small.control.requests()).toHaveLength(2);
      expect(small.control.stats().requests.total).toBe(5);
      await triggerRun(small, { pipelineId: IDS.test });
      small.control.reset();
      expect(small.control.stats()).toMatchObject({ requests: { total: 0 }, runs: [] });
    } finally {
      await small.close();
    }
  });

  it('needs the control token', async () => {
    expect((await get(emu, '/_emulator/stats', 'wrong')).status).toBe(401);
  });
});
