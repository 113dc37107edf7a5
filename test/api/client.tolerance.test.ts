// Tolerant parsing over the wire: the emulator's real-world quirk switches, and a scripted server
// for bodies the emulator never sends (sample-shaped fixtures, broken bodies, non-JSON errors).

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { ContractError, TriggerOutcomeUnknownError, type ApiError } from '../../src/api/errors.ts';
import { isFinished } from '../../src/api/types.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import {
  chainedRun,
  goTriggerResponse,
  steps as stepFixtures,
  triggeredBuild,
  workflow,
} from './fixtures.ts';
import {
  discover,
  pipelineId,
  recordingSleep,
  sendJson,
  startStub,
  TOKEN,
  type DefaultWorldIds,
  type StubServer,
} from './helpers.ts';

describe('real-world quirks of the emulator', () => {
  let emulator: Emulator;
  let client: ApiClient;
  let ids: DefaultWorldIds;

  beforeAll(async () => {
    emulator = await startEmulator({ speed: 0 });
    client = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep: recordingSleep().sleep });
    ids = await discover(client);
  });

  afterEach(() => emulator.control.reset());

  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  it('reads the Go-style trigger response (Go timestamps, no progress)', async () => {
    emulator.control.setQuirks({ goTriggerResponse: true });
    const run = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    expect(run.status).toBe('notstarted');
    expect(run.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(run.createdAt?.getTime())).toBe(false);
    expect(run.pipeline?.createdAt).toBeInstanceOf(Date);
    expect(run.progress).toBeUndefined();
    const again = await client.getRun(run.id);
    // Same instant to the millisecond, whichever format carried it.
    expect(again.createdAt?.getTime()).toBe(run.createdAt?.getTime());
  });

  it('keeps null progress undefined', async () => {
    emulator.control.setQuirks({ nullProgress: true });
    const run = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    // The quirk nulls the progress of finished runs, where real servers did.
    emulator.control.advance(60_000);
    expect((await client.getRun(run.id)).progress).toBeUndefined();
  });

  it('keeps pendingapproval as a status that is not finished', async () => {
    emulator.control.setQuirks({ pendingApproval: true });
    const run = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    const read = await client.getRun(run.id);
    expect(read.status).toBe('pendingapproval');
    expect(isFinished(read)).toBe(false);
  });

  it('names steps that carry displayName instead of step', async () => {
    emulator.control.setQuirks({ displayNameSteps: true });
    const run = await client.triggerRun({
      pipelineId: pipelineId(ids, 'build'),
      envVars: [{ key: 'EMULATOR_STEP_NAMES', value: 'get code,setup environment,npm-install,npm-test' }],
    });
    emulator.control.advance(120_000);
    const steps = await client.getRunSteps(run.id);
    expect(steps.map((step) => step.name)).toEqual([
      'get code',
      'setup environment',
      'npm-install',
      'npm-test',
    ]);
    expect(steps[3]?.phase).toBe('mainSteps');
  });
});

describe('bodies the emulator never sends', () => {
  let stub: StubServer;
  let client: ApiClient;
  const routes = new Map<string, { status: number; body: unknown; type?: string }>();

  beforeAll(async () => {
    stub = await startStub((request, response) => {
      const path = request.url.split('?')[0] ?? '';
      const answer = routes.get(`${request.method} ${path}`);
      if (!answer)
        return sendJson(response, 404, { statusCode: 404, error: 'Not Found', message: 'no route' });
      if (answer.type) {
        response.writeHead(answer.status, { 'content-type': answer.type });
        response.end(String(answer.body));
        return;
      }
      sendJson(response, answer.status, answer.body);
    });
    client = new ApiClient({
      baseUrl: stub.url,
      token: TOKEN,
      sleep: recordingSleep().sleep,
      random: () => 0,
    });
  });

  afterEach(() => {
    routes.clear();
    stub.seen.length = 0;
  });

  afterAll(async () => {
    await client.close();
    await stub.close();
  });

  it('parses sample-shaped runs, steps, builds and workflows', async () => {
    routes.set('POST /api/v3/runs', { status: 200, body: goTriggerResponse });
    routes.set('GET /api/v3/runs/r2', { status: 200, body: chainedRun });
    routes.set('GET /api/v3/runs/r2/steps', { status: 200, body: stepFixtures });
    routes.set('POST /api/v3/builds', { status: 200, body: triggeredBuild });
    routes.set('GET /api/v3/workflows/w1', { status: 200, body: workflow });

    const run = await client.triggerRun({ pipelineId: 'p' });
    expect(run.createdAt?.toISOString()).toBe('2023-05-02T22:43:55.359Z');
    expect((await client.getRun('r2')).sourceRunId).toBe(goTriggerResponse.id);
    expect((await client.getRunSteps('r2')).map((step) => step.name)).toEqual(['get code', 'npm-test']);
    expect((await client.triggerBuild({ applicationId: 'a' })).progress).toBeUndefined();
    const read = await client.getWorkflow('w1');
    expect(read.items.map((item) => item.runId)).toEqual([goTriggerResponse.id, undefined]);
  });

  it('reports a broken read body as a ContractError naming endpoint and field, without retrying', async () => {
    routes.set('GET /api/v3/runs/r1', { status: 200, body: { ...chainedRun, id: undefined } });
    const err = await client.getRun('r1').catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ContractError);
    expect(err).toMatchObject({ endpoint: 'GET /runs/:runId', field: 'id' });

    routes.set('GET /api/v3/runs', { status: 200, body: { runs: [] } });
    await expect(client.listRuns({ pipelineId: 'p' })).rejects.toMatchObject({
      name: 'ContractError',
      endpoint: 'GET /runs',
      field: '(body)',
    });

    routes.set('GET /api/v3/runs/r3', { status: 200, body: '<html>maintenance</html>', type: 'text/html' });
    await expect(client.getRun('r3')).rejects.toMatchObject({
      endpoint: 'GET /runs/:runId',
      field: '(body)',
    });
    expect(stub.seen).toHaveLength(3);
  });

  it('treats an unusable trigger body as an unknown outcome, taken by the server', async () => {
    routes.set('POST /api/v3/runs', { status: 200, body: 'Created.', type: 'text/plain' });
    const err = await client.triggerRun({ pipelineId: 'p' }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ status: 200, taken: true });
    expect((err as Error).message).toMatch(
      /unusable body .*not valid JSON.*the server took the trigger, so the run exists: look for it, and do not trigger again/,
    );

    routes.set('POST /api/v3/runs', { status: 200, body: { ...goTriggerResponse, status: 1 } });
    await expect(client.triggerRun({ pipelineId: 'p' })).rejects.toMatchObject({
      name: 'TriggerOutcomeUnknownError',
      taken: true,
    });
    expect(stub.seen.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('takes a trigger answer with an unusable id for a taken trigger, and repeats nothing of the id', async () => {
    const id = '../../x\n::warning::y';
    routes.set('POST /api/v3/runs', { status: 200, body: { ...goTriggerResponse, id } });
    const err = await client.triggerRun({ pipelineId: 'p' }).catch((error: unknown) => error);
    expect(err).toMatchObject({ name: 'TriggerOutcomeUnknownError', taken: true, retryable: false });
    expect((err as Error).message).toMatch(/field "id" is not a usable id/);
    expect((err as Error).message).not.toMatch(/::warning|\.\.\//);
    expect(stub.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('falls back to the text or to fixed messages for error bodies that are not JSON', async () => {
    routes.set('GET /api/v3/runs/a', { status: 403, body: '', type: 'text/plain' });
    routes.set('GET /api/v3/runs/b', { status: 400, body: 'bad things happened', type: 'text/plain' });
    routes.set('GET /api/v3/runs/c', { status: 404, body: '<h1>Not here</h1>', type: 'text/html' });
    const [a, b, c] = (await Promise.all(
      ['a', 'b', 'c'].map((id) => client.getRun(id).catch((error: unknown) => error)),
    )) as ApiError[];
    expect(a).toMatchObject({ status: 403, serverMessage: 'not authorized to access this resource' });
    expect(a?.hint).toMatch(/access/);
    expect(b).toMatchObject({ status: 400, serverMessage: 'bad things happened' });
    expect(c).toMatchObject({ status: 404, serverMessage: 'resource not found' });
  });

  it('reads the Boom message and keeps validation errors unretried', async () => {
    routes.set('GET /api/v3/runs', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'result must be one of aborted, unknown, passed, failed',
        details: [{ message: 'x', path: 'result', type: 'any.allowOnly' }],
      },
    });
    const err = await client.listRuns({ pipelineId: 'p', result: 'great' }).catch((error: unknown) => error);
    expect(err).toMatchObject({
      status: 400,
      retryable: false,
      serverMessage: 'result must be one of aborted, unknown, passed, failed',
    });
    expect(stub.seen).toHaveLength(1);
  });
});
