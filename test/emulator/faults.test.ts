import { describe, expect, it } from 'vitest';
import { call, DEMO, fileEmulator, get, IDS, triggerRun } from './helpers.ts';

const emu = await fileEmulator();

const trigger = () => call(emu, 'POST', '/runs', { token: DEMO, body: { pipelineId: IDS.test } });
const runCount = () => emu.control.runs().length;

describe('faults', () => {
  it('answers with a status, a Boom body and Retry-After, without handling the request', async () => {
    emu.control.injectFault({ method: 'POST', route: '/api/v3/runs', status: 503, retryAfter: '7' });
    const before = runCount();
    const res = await trigger();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Injected fault' });
    expect(runCount()).toBe(before);
    expect((await trigger()).status).toBe(200);
  });

  it('applies to the next `times` matching requests only, and only to its method and route', async () => {
    emu.control.injectFault({
      method: 'GET',
      route: '/api/v3/runs/:runId',
      status: 429,
      retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT',
      times: 2,
    });
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    expect((await get(emu, `/runs/${id}/steps`, DEMO)).status).toBe(200);
    const first = await get(emu, `/runs/${id}`, DEMO);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('Wed, 21 Oct 2015 07:28:00 GMT');
    expect((await get(emu, `/runs/${id}/`, DEMO)).status).toBe(429);
    expect((await get(emu, `/runs/${id}`, DEMO)).status).toBe(200);
    expect(emu.control.faults()).toEqual([]);
  });

  it("matches routes whatever the parameter names and trailing slash, a concrete path, or '*'", async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    emu.control.injectFault({ route: '/api/v3/runs/:run/', status: 500 });
    expect((await get(emu, `/runs/${id}`, DEMO)).status).toBe(500);
    emu.control.injectFault({ route: `/api/v3/runs/${id}`, status: 502 });
    expect((await get(emu, `/runs/${id}`, DEMO)).status).toBe(502);
    emu.control.injectFault({ route: '*', status: 504, times: 2 });
    expect((await get(emu, '/applications/acme')).status).toBe(504);
    expect((await get(emu, '/no/such/route')).status).toBe(504);
    expect((await get(emu, '/no/such/route')).status).toBe(404);
  });

  it('adds latency before handling', async () => {
    emu.control.injectFault({ route: '/api/v3/applications/:username', delayMs: 50 });
    const started = Date.now();
    const res = await get(emu, '/applications/acme');
    expect(res.status).toBe(200);
    // Latency is a lower bound only; no upper bound is asserted.
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('destroys the socket without answering', async () => {
    emu.control.injectFault({ method: 'POST', route: '/api/v3/runs', destroySocket: true });
    const before = runCount();
    await expect(trigger()).rejects.toThrow();
    expect(runCount()).toBe(before);
    const [entry] = emu.control.requests();
    expect(entry?.status).toBeUndefined();
    expect(entry?.body).toEqual({ pipelineId: IDS.test });
  });

  it('afterApply creates the run but the client never sees the response', async () => {
    emu.control.injectFault({ method: 'POST', route: '/api/v3/runs', afterApply: true });
    const before = runCount();
    await expect(trigger()).rejects.toThrow();
    expect(runCount()).toBe(before + 1);
    expect(emu.control.requests().at(-1)?.status).toBeUndefined();
  });

  it('holdMs creates the run at once and holds the answer', async () => {
    emu.control.injectFault({ method: 'POST', route: '/api/v3/runs', holdMs: 300 });
    const before = runCount();
    const pending = trigger();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runCount()).toBe(before + 1);
    expect((await pending).status).toBe(200);
  });

  it('afterApply with a status creates the run and answers with that status', async () => {
    emu.control.injectFault({
      method: 'POST',
      route: '/api/v3/runs',
      afterApply: true,
      status: 502,
      retryAfter: '1',
    });
    const before = runCount();
    const res = await trigger();
    expect(res.status).toBe(502);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    expect(runCount()).toBe(before + 1);
    expect(emu.control.requests().at(-1)?.status).toBe(502);
  });

  it('dropAfterBytes sends the headers and that many bytes of the body, then drops the connection', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    emu.control.advance(60_000);
    const steps = (await get(emu, `/runs/${id}/steps`, DEMO)).body as Array<{ logUrl: string }>;
    const logUrl = steps[0]!.logUrl;
    const whole = Buffer.from(await (await fetch(logUrl)).arrayBuffer());
    emu.control.injectFault({ method: 'GET', route: '/api/v3/runsteps/:stepId/log', dropAfterBytes: 10 });
    const response = await fetch(logUrl, { headers: { range: 'bytes=5-' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 5-${whole.length - 1}/${whole.length}`);
    const reader = response.body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toThrow();
    expect(received).toBe(10);
    expect(emu.control.requests().at(-1)?.status).toBeUndefined();
  });

  it('never touches the control API', async () => {
    emu.control.injectFault({ route: '*', status: 500, times: 5 });
    expect((await call(emu, 'GET', '/_emulator/runs')).status).toBe(200);
    expect(emu.control.faults()[0]?.times).toBe(5);
  });
});

describe('request log', () => {
  it('records API requests: method, path, route, query, body, Authorization presence, status and time', async () => {
    const before = Date.now();
    await call(emu, 'POST', '/runs', {
      token: DEMO,
      body: { pipelineId: IDS.test, envVars: [{ key: 'A', value: '1' }] },
    });
    await get(emu, `/runs?applicationId=${IDS.webapp}&limit=2&token=${DEMO}`);
    await call(emu, 'GET', '/_emulator/requests');
    const log = emu.control.requests();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/v3/runs',
      route: '/api/v3/runs',
      query: {},
      body: { pipelineId: IDS.test, envVars: [{ key: 'A', value: '[redacted]' }] },
      hasAuthorization: true,
      status: 200,
    });
    expect(log[0]?.at).toBeGreaterThanOrEqual(before);
    expect(log[1]).toMatchObject({
      method: 'GET',
      path: '/api/v3/runs',
      query: { applicationId: IDS.webapp, limit: '2', token: '[redacted]' },
      hasAuthorization: false,
      status: 200,
    });
    expect(log[1]?.body).toBeUndefined();
    emu.control.clearRequests();
    expect(emu.control.requests()).toEqual([]);
  });

  it('records the concrete path and the route pattern of parameterised routes', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO, body: {} });
    expect(emu.control.requests().at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v3/runs/${id}/abort`,
      route: '/api/v3/runs/:runId/abort',
      status: 400,
      body: {},
    });
  });
});

describe('control over HTTP', () => {
  it('injects, lists and clears faults', async () => {
    const added = await call(emu, 'POST', '/_emulator/faults', {
      body: { method: 'GET', route: '*', status: 500, times: 2 },
    });
    expect(added.status).toBe(200);
    expect(added.body.faults).toEqual([{ method: 'GET', route: '*', status: 500, times: 2 }]);
    expect((await get(emu, '/applications/acme')).status).toBe(500);
    expect((await call(emu, 'DELETE', '/_emulator/faults')).status).toBe(200);
    expect((await get(emu, '/applications/acme')).status).toBe(200);
    const invalid = await call(emu, 'POST', '/_emulator/faults', { body: { status: 500 } });
    expect(invalid.status).toBe(400);
  });

  it('reads and clears the request log', async () => {
    await get(emu, '/applications/acme');
    const log = await call(emu, 'GET', '/_emulator/requests');
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ method: 'GET', path: '/api/v3/applications/acme', status: 200 });
    await call(emu, 'DELETE', '/_emulator/requests');
    expect((await call(emu, 'GET', '/_emulator/requests')).body).toEqual([]);
  });

  it('drives the clock and lists runs', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.test });
    const start = emu.control.now();
    const advanced = await call(emu, 'POST', '/_emulator/clock', { body: { advanceMs: 60_000 } });
    expect(advanced.body).toMatchObject({ now: start + 60_000, speed: 0 });
    const runs = await call(emu, 'GET', '/_emulator/runs');
    const run = runs.body.find((candidate: { id: string }) => candidate.id === id);
    expect(run).toMatchObject({
      id,
      pipelineId: IDS.test,
      pipelineName: 'test',
      applicationId: IDS.webapp,
      status: 'finished',
      result: 'passed',
      branch: 'main',
      envVars: [],
    });
    expect(run.workflowId).toMatch(/^[0-9a-f]{24}$/);
    const sped = await call(emu, 'POST', '/_emulator/clock', { body: { speed: 10 } });
    expect(sped.body.speed).toBe(10);
    expect(emu.control.speed()).toBe(10);
    expect((await call(emu, 'POST', '/_emulator/clock', { body: { speed: -1 } })).status).toBe(400);
  });

  it('sets quirks', async () => {
    const res = await call(emu, 'PUT', '/_emulator/quirks', { body: { nullProgress: true } });
    expect(res.body).toMatchObject({ nullProgress: true, goTriggerResponse: false });
    expect(emu.control.quirks().nullProgress).toBe(true);
    expect((await call(emu, 'PUT', '/_emulator/quirks', { body: { bogus: true } })).status).toBe(400);
  });

  it('resets world, clock, quirks, faults and log', async () => {
    const start = emu.control.now();
    const runsAtStart = emu.control.runs().map((run) => run.id);
    await triggerRun(emu, { pipelineId: IDS.test });
    emu.control.advance(5000);
    emu.control.setQuirks({ pendingApproval: true });
    emu.control.injectFault({ route: '*', status: 500 });
    const res = await call(emu, 'POST', '/_emulator/reset');
    expect(res.status).toBe(200);
    expect(emu.control.now()).toBe(start);
    expect(emu.control.runs().map((run) => run.id)).toEqual(runsAtStart);
    expect(emu.control.quirks().pendingApproval).toBe(false);
    expect(emu.control.faults()).toEqual([]);
    expect(emu.control.requests()).toEqual([]);
  });
});
