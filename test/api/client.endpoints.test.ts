// Every client method against the emulator, over real HTTP, with the world clock frozen
// (speed 0) so that runs move only when the test advances time.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { ApiError, RequestValidationError } from '../../src/api/errors.ts';
import { paginate } from '../../src/core/paginate.ts';
import { isFinished, type Run } from '../../src/api/types.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { discover, pipelineId, readAll, recordingSleep, TOKEN, type DefaultWorldIds } from './helpers.ts';

let emulator: Emulator;
let client: ApiClient;
let anonymous: ApiClient;
let ids: DefaultWorldIds;

beforeAll(async () => {
  emulator = await startEmulator({ speed: 0 });
  client = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep: recordingSleep().sleep });
  anonymous = new ApiClient({ baseUrl: `${emulator.url}/api/v3/`, sleep: recordingSleep().sleep });
  ids = await discover(client);
});

afterEach(() => emulator.control.reset());

afterAll(async () => {
  await client.close();
  await anonymous.close();
  await emulator.close();
});

async function triggerRunning(envVars: { key: string; value: string }[] = []): Promise<Run> {
  const run = await client.triggerRun({
    pipelineId: pipelineId(ids, 'build'),
    envVars: [{ key: 'EMULATOR_STEP_MS', value: '60000' }, ...envVars],
  });
  emulator.control.advance(5_000);
  return run;
}

describe('base URL', () => {
  it('appends /api/v3 once, whatever the form of the base', () => {
    expect(client.apiUrl).toBe(`${emulator.url}/api/v3`);
    expect(anonymous.apiUrl).toBe(`${emulator.url}/api/v3`);
    expect(new ApiClient({ baseUrl: 'https://ci.example.test/prefix//' }).apiUrl).toBe(
      'https://ci.example.test/prefix/api/v3',
    );
    expect(() => new ApiClient({ baseUrl: 'ftp://ci.example.test' })).toThrow(RequestValidationError);
    expect(() => new ApiClient({ baseUrl: 'https://user:pw@ci.example.test' })).toThrow(/credentials/);
  });
});

describe('client set-up and lifecycle', () => {
  it('trims the token and refuses one that cannot go into a header', async () => {
    const trimmed = new ApiClient({ baseUrl: emulator.url, token: `${TOKEN}\n` });
    expect((await trimmed.listApplications('acme')).map((app) => app.name)).toContain('legacy');
    await trimmed.close();
    expect(() => new ApiClient({ baseUrl: emulator.url, token: 'two words' })).toThrow(
      RequestValidationError,
    );
    expect(() => new ApiClient({ baseUrl: emulator.url, timeouts: { headersMs: 0 } })).toThrow(/headersMs/);
    expect(() => new ApiClient({ baseUrl: emulator.url, retry: { maxAttempts: 0 } })).toThrow(/maxAttempts/);
  });

  it('fails at once, without retrying, once closed', async () => {
    const { sleep, delays } = recordingSleep();
    const closed = new ApiClient({ baseUrl: emulator.url, token: TOKEN, sleep });
    await closed.close();
    const err = await closed.getRun('r1').catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'network', retryable: false, attempts: 1 });
    expect(delays).toEqual([]);
  });
});

describe('applications', () => {
  it('lists what the token may see, and only public ones without a token', async () => {
    const mine = await client.listApplications('acme');
    expect(mine.map((app) => app.name).sort()).toEqual(['docker-classic', 'legacy', 'webapp']);
    const open = await anonymous.listApplications('acme');
    expect(open.every((app) => app.privacy === 'public')).toBe(true);
    expect(open.map((app) => app.name)).not.toContain('legacy');
  });

  it('sends stack, limit, skip and sort', async () => {
    emulator.control.clearRequests();
    const page = await client.listApplications('acme', { stack: 6, limit: 1, skip: 0, sort: 'nameDesc' });
    expect(page.map((app) => app.stack)).toEqual([6]);
    expect(emulator.control.requests()[0]?.query).toEqual({
      stack: '6',
      limit: '1',
      skip: '0',
      sort: 'nameDesc',
    });
  });

  it('reads one application and changes its ignored branches', async () => {
    const app = await client.getApplication('acme', 'webapp');
    expect(app).toMatchObject({ id: ids.webapp.id, name: 'webapp', stack: 6 });
    expect(app.scm?.repository).toBe('webapp');
    const patched = await client.setIgnoredBranches('acme', 'webapp', ['gh-pages', 'wip/*']);
    expect(patched.ignoredBranches).toEqual(['gh-pages', 'wip/*']);
    expect((await client.getApplication('acme', 'webapp')).ignoredBranches).toEqual(['gh-pages', 'wip/*']);
    const patch = emulator.control.requests().find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ ignoredBranches: ['gh-pages', 'wip/*'] });
  });

  it('explains a 404 and a 401', async () => {
    const missing = await client.getApplication('acme', 'nope').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, kind: 'http', retryable: false, method: 'GET' });
    expect((missing as ApiError).path).toBe('/api/v3/applications/acme/nope');
    expect((missing as ApiError).hint).toMatch(/id/);

    const wrongToken = new ApiClient({ baseUrl: emulator.url, token: 'not-a-token' });
    const denied = await wrongToken.getApplication('acme', 'legacy').catch((err: unknown) => err);
    await wrongToken.close();
    expect(denied).toMatchObject({ status: 401, kind: 'http', retryable: false });
    expect((denied as ApiError).hint).toMatch(/token/);
    expect((denied as ApiError).message).not.toContain('not-a-token');
  });
});

describe('pipelines', () => {
  it('lists the pipelines of an application and reads one with its application', async () => {
    expect(Object.keys(ids.pipelines)).toEqual(expect.arrayContaining(['build', 'test']));
    const pipeline = await client.getPipeline(pipelineId(ids, 'build'));
    expect(pipeline).toMatchObject({ id: pipelineId(ids, 'build'), name: 'build' });
    expect(pipeline.application?.id).toBe(ids.webapp.id);
  });

  it('pages through pipelines', async () => {
    const names: string[] = [];
    for await (const pipeline of paginate((page) => client.listPipelines('acme', 'webapp', page), 1)) {
      names.push(pipeline.name);
    }
    expect(names.sort()).toEqual(Object.keys(ids.pipelines).sort());
  });
});

describe('runs', () => {
  it('triggers a run, reads it, follows its steps and streams a step log', async () => {
    const run = await client.triggerRun({
      pipelineId: pipelineId(ids, 'build'),
      branch: 'main',
      message: 'from the client test',
      envVars: [
        { key: 'FIRST', value: '1' },
        { key: 'EMULATOR_STEP_MS', value: '1000' },
      ],
    });
    expect(run).toMatchObject({ status: 'notstarted', result: 'unknown', branch: 'main' });
    expect(run.pipeline?.id).toBe(pipelineId(ids, 'build'));
    const post = emulator.control.requests().find((request) => request.method === 'POST');
    // The emulator's log keeps the keys of envVars, not their values; the run itself shows the values.
    expect(post?.body).toEqual({
      pipelineId: pipelineId(ids, 'build'),
      branch: 'main',
      message: 'from the client test',
      envVars: [
        { key: 'FIRST', value: '[redacted]' },
        { key: 'EMULATOR_STEP_MS', value: '[redacted]' },
      ],
    });

    emulator.control.advance(120_000);
    const done = await client.getRun(run.id);
    expect(isFinished(done)).toBe(true);
    expect(done.result).toBe('passed');
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.envVars?.[0]).toEqual({ key: 'FIRST', value: '1' });

    const steps = await client.getRunSteps(run.id);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.map((step) => step.order)).toEqual(steps.map((_, index) => index + 1));
    expect(steps.every((step) => typeof step.name === 'string' && step.name !== '')).toBe(true);

    const logUrl = steps[0]?.logUrl;
    if (!logUrl) throw new Error('the first step has no logUrl');
    emulator.control.clearRequests();
    const text = await readAll(await client.openStepLog(logUrl));
    expect(text.length).toBeGreaterThan(0);
    // Same origin as the API: the token goes along.
    expect(emulator.control.requests()[0]).toMatchObject({
      method: 'GET',
      hasAuthorization: true,
      status: 200,
    });
  });

  it('lists runs by application or pipeline, with every filter sent', async () => {
    const byApp = await client.listRuns({ applicationId: ids.webapp.id, limit: 20 });
    expect(byApp.length).toBeGreaterThan(0);
    const byPipeline = await client.listRuns({ pipelineId: pipelineId(ids, 'test') });
    expect(byPipeline.every((run) => run.pipeline?.id === pipelineId(ids, 'test'))).toBe(true);

    emulator.control.clearRequests();
    await client.listRuns({
      applicationId: ids.webapp.id,
      limit: 5,
      skip: 1,
      sort: 'creationDateAsc',
      status: 'finished',
      result: 'passed',
      branch: 'main',
      author: 'demo',
    });
    expect(emulator.control.requests()[0]?.query).toEqual({
      applicationId: ids.webapp.id,
      limit: '5',
      skip: '1',
      sort: 'creationDateAsc',
      status: 'finished',
      result: 'passed',
      branch: 'main',
      author: 'demo',
    });
  });

  it('pages through every run of an application with limit and skip', async () => {
    const all: string[] = [];
    for await (const run of paginate(
      (page) => client.listRuns({ applicationId: ids.webapp.id, ...page }),
      2,
    )) {
      all.push(run.id);
    }
    const oneCall = await client.listRuns({ applicationId: ids.webapp.id, limit: 20 });
    expect(all).toEqual(oneCall.map((run) => run.id));
    expect(new Set(all).size).toBe(all.length);
  });

  it('aborts a running run', async () => {
    const run = await triggerRunning();
    expect((await client.getRun(run.id)).status).toBe('running');
    const aborted = await client.abortRun(run.id);
    expect(aborted).toMatchObject({ id: run.id, status: 'finished', result: 'aborted' });
    expect(aborted.finishedAt).toBeInstanceOf(Date);
    const put = emulator.control.requests().find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/v3/runs/${run.id}/abort`);
  });

  it('reports a run that has not started yet as a 400 and does not retry it', async () => {
    const run = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    emulator.control.clearRequests();
    const err = await client.abortRun(run.id).catch((error: unknown) => error);
    expect(err).toMatchObject({ status: 400, retryable: false, method: 'PUT' });
    expect((err as ApiError).serverMessage).toMatch(/has not started yet/);
    expect(emulator.control.requests()).toHaveLength(1);
  });

  it('chains a run from a source run', async () => {
    const source = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    emulator.control.advance(120_000);
    const chained = await client.triggerRun({ pipelineId: pipelineId(ids, 'test'), sourceRunId: source.id });
    const read = await client.getRun(chained.id);
    expect(read.sourceRunId).toBe(source.id);
  });
});

describe('workflows', () => {
  it('lists the workflows of an application and reads one with its items', async () => {
    const run = await client.triggerRun({ pipelineId: pipelineId(ids, 'build') });
    emulator.control.advance(120_000);
    const workflows = await client.listWorkflows({ applicationId: ids.webapp.id, limit: 20 });
    expect(workflows.length).toBeGreaterThan(0);
    const mine = workflows.find((workflow) => workflow.items.some((item) => item.runId === run.id));
    if (!mine) throw new Error('no workflow holds the triggered run');
    const workflow = await client.getWorkflow(mine.id);
    expect(workflow.application?.id).toBe(ids.webapp.id);
    const item = workflow.items.find((candidate) => candidate.runId === run.id);
    expect(item).toMatchObject({ pipelineId: pipelineId(ids, 'build'), status: 'finished' });
  });
});

describe('builds and deploys (classic stack)', () => {
  it('triggers, reads, lists and aborts a build', async () => {
    const build = await client.triggerBuild({
      applicationId: ids.legacy.id,
      branch: 'main',
      envVars: [{ key: 'EMULATOR_STEP_MS', value: '60000' }],
    });
    expect(build).toMatchObject({ status: 'notstarted', result: 'unknown' });
    expect(build.progress).toBeUndefined();
    expect(build.application?.id).toBe(ids.legacy.id);

    expect((await client.getBuild(build.id)).id).toBe(build.id);
    const listed = await client.listBuilds('acme', 'legacy', { branch: 'main', limit: 20 });
    expect(listed.map((item) => item.id)).toContain(build.id);

    emulator.control.advance(5_000);
    const aborted = await client.abortBuild(build.id);
    expect(aborted).toMatchObject({ id: build.id, status: 'finished', result: 'aborted' });
  });

  it('sends every build filter', async () => {
    emulator.control.clearRequests();
    const commit = '0123456789abcdef0123456789abcdef01234567';
    await client.listBuilds('acme', 'legacy', {
      branch: 'main',
      commit,
      result: 'passed',
      stack: 1,
      status: 'finished',
      limit: 20,
      skip: 0,
      sort: 'creationDateAsc',
    });
    expect(emulator.control.requests()[0]?.query).toEqual({
      branch: 'main',
      commit,
      result: 'passed',
      stack: '1',
      status: 'finished',
      limit: '20',
      skip: '0',
      sort: 'creationDateAsc',
    });
  });

  it('lists deploys of an application', async () => {
    const deploys = await client.listDeploys('acme', 'legacy', { limit: 20 });
    for (const deploy of deploys) {
      expect(deploy.url).toMatch(/^http/);
      expect(typeof deploy.status).toBe('string');
    }
    emulator.control.clearRequests();
    await client.listDeploys('acme', 'legacy', {
      buildId: 'b1',
      status: 'finished',
      sort: 'creationDateDesc',
    });
    expect(emulator.control.requests()[0]?.query).toEqual({
      buildId: 'b1',
      status: 'finished',
      sort: 'creationDateDesc',
    });
  });

  it('points a build trigger on a workflow-stack application at runs', async () => {
    const err = await client.triggerBuild({ applicationId: ids.webapp.id }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, kind: 'http' });
    expect((err as ApiError).serverMessage).toBe(
      'Invalid stack, only stack 1 and 5 are supported for builds.',
    );
    expect((err as ApiError).hint).toMatch(/pipeline-id/);
  });

  it('marks a build abort the server does not offer as unsupported', async () => {
    emulator.control.injectFault({ method: 'PUT', route: '/api/v3/builds/:buildId/abort', status: 405 });
    const err = await client.abortBuild('x').catch((error: unknown) => error);
    expect(err).toMatchObject({ status: 405, unsupported: true, path: '/api/v3/builds/x/abort' });
  });
});

describe('validation', () => {
  it('sends nothing when a request breaks a rule', async () => {
    emulator.control.clearRequests();
    const attempts = [
      client.listRuns({}),
      client.listRuns({ pipelineId: 'p', limit: 21 }),
      client.triggerRun({ pipelineId: '' }),
      client.triggerRun({ pipelineId: 'p', commitHash: 'abc' }),
      client.triggerBuild({ applicationId: '' }),
      client.listWorkflows({ applicationId: ids.webapp.id, limit: 50 }),
      client.listApplications('acme', { limit: 101 }),
      client.listBuilds('acme', 'legacy', { commit: 'abc' }),
      client.listDeploys('acme', 'legacy', { limit: 21 }),
      client.setIgnoredBranches(
        'acme',
        'webapp',
        Array.from({ length: 11 }, (_, i) => `b${i}`),
      ),
      client.getRun(''),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toBeInstanceOf(RequestValidationError);
    expect(emulator.control.requests()).toEqual([]);
  });
});
