import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_MS } from '../../src/emulator/timeline.ts';
import {
  call,
  DEMO,
  env,
  fileEmulator,
  get,
  HEX24,
  IDS,
  ISO_MS,
  keySet,
  sortedKeys,
  triggerRun,
  type Json,
} from './helpers.ts';

const RUN_COMMON = [
  'id',
  'url',
  'branch',
  'commitHash',
  'createdAt',
  'message',
  'progress',
  'result',
  'status',
  'user',
  'pipeline',
];

const emu = await fileEmulator();

const runOf = (id: string) => get(emu, `/runs/${id}`, DEMO);

describe('POST /runs', () => {
  it('returns the just-triggered run with exactly the trigger field set', async () => {
    const res = await call(emu, 'POST', '/runs', {
      token: DEMO,
      body: { pipelineId: IDS.build, envVars: env({ B: '2', A: '1', C: '$B' }) },
    });
    expect(res.status).toBe(200);
    const run = res.body;
    expect(sortedKeys(run)).toEqual(keySet(...RUN_COMMON, 'envVars'));
    expect(run).toMatchObject({
      status: 'notstarted',
      result: 'unknown',
      progress: 0,
      branch: 'main',
      commitHash: '8d3f2a6c1b9e4f7a0c5d2e8b6a4f1c3e9d7b5a20',
      message: 'Merge pull request #42 from acme/login-form',
      envVars: [
        { key: 'B', value: '2' },
        { key: 'A', value: '1' },
        { key: 'C', value: '$B' },
      ],
    });
    expect(run.id).toMatch(HEX24);
    expect(run.url).toBe(`${emu.url}/api/v3/runs/${run.id}`);
    expect(run.createdAt).toMatch(ISO_MS);
    expect(run.createdAt).toBe(new Date(emu.control.now()).toISOString());
    expect(sortedKeys(run.pipeline)).toEqual(
      keySet('id', 'url', 'createdAt', 'name', 'pipelineName', 'permissions', 'setScmProviderStatus', 'type'),
    );
    expect(run.pipeline).toMatchObject({ id: IDS.build, name: 'build', pipelineName: 'build', type: 'git' });
    expect(run.pipeline.url).toBe(`${emu.url}/api/v3/pipelines/${IDS.build}`);
    expect(sortedKeys(run.user)).toEqual(keySet('meta', 'userId', 'avatar', 'name', 'type'));
    expect(run.user).toMatchObject({
      userId: IDS.demo,
      type: 'service',
      meta: { username: 'demo', serviceEmployee: false },
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('hands out deterministic ids: the same trigger after a reset gets the same id', async () => {
    const first = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.reset();
    const second = await triggerRun(emu, { pipelineId: IDS.build });
    expect(second.id).toBe(first.id);
  });

  it('takes branch, commitHash and message, and defaults the message from the branch head', async () => {
    const onDevelop = await triggerRun(emu, { pipelineId: IDS.build, branch: 'develop' });
    expect(onDevelop).toMatchObject({
      branch: 'develop',
      commitHash: '2b7e9c4a6d1f8e3b5a0c7d9e2f4a6b8c1d3e5f70',
      message: 'Add login form validation',
    });
    const hash = 'a'.repeat(40);
    const pinned = await triggerRun(emu, {
      pipelineId: IDS.build,
      branch: 'feature',
      commitHash: hash,
      message: 'Mine',
    });
    expect(pinned).toMatchObject({ branch: 'feature', commitHash: hash, message: 'Mine' });
    const unknownBranch = await triggerRun(emu, { pipelineId: IDS.build, branch: 'feature' });
    expect(unknownBranch.commitHash).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each([
    [{}, 'pipelineId is required'],
    [{ pipelineId: IDS.build, commitHash: 'a'.repeat(40) }, 'commitHash requires branch'],
    [{ pipelineId: IDS.build, targetId: 'x' }, 'targetId is not allowed'],
    [{ pipelineId: IDS.build, envVars: [{ key: 'A' }] }, 'envVars[0].value is required'],
    [{ pipelineId: IDS.build, envVars: [{ key: 'A', value: 1 }] }, 'envVars[0].value must be a string'],
    [{ pipelineId: IDS.build, message: 5 }, 'message must be a string'],
    [{ pipelineId: 7 }, 'pipelineId must be a string'],
    [{ pipelineId: IDS.build, envVars: { A: '1' } }, 'envVars must be an array'],
    [
      { pipelineId: IDS.build, envVars: env({ EMULATOR_RESULT: 'maybe' }) },
      'EMULATOR_RESULT must be passed or failed',
    ],
    [
      { pipelineId: IDS.build, envVars: env({ EMULATOR_STEPS: '0' }) },
      'EMULATOR_STEPS must be a whole number from 1 to 10000',
    ],
    [
      { pipelineId: IDS.build, envVars: env({ EMULATOR_STEP_MS: '-1' }) },
      'EMULATOR_STEP_MS must be a whole number from 0 to 86400000',
    ],
    [
      { pipelineId: IDS.build, envVars: env({ EMULATOR_FAIL_TIMES: 'once' }) },
      'EMULATOR_FAIL_TIMES must be a whole number from 0 to 1000',
    ],
  ])('answers 400 with a Boom body for %j', async (body, message) => {
    const res = await call(emu, 'POST', '/runs', { token: DEMO, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect(emu.control.runs().length).toBe(3);
  });

  it('gives validation failures a Joi-style details array', async () => {
    const res = await call(emu, 'POST', '/runs', { token: DEMO, body: {} });
    expect(res.body.details).toEqual([
      {
        message: 'pipelineId is required',
        path: 'pipelineId',
        type: 'any.required',
        context: { key: 'pipelineId' },
      },
    ]);
  });

  it('answers 404 for an unknown pipeline or source run', async () => {
    const pipeline = await call(emu, 'POST', '/runs', { token: DEMO, body: { pipelineId: 'f'.repeat(24) } });
    expect(pipeline.status).toBe(404);
    expect(pipeline.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Pipeline ${'f'.repeat(24)} not found`,
    });
    const source = await call(emu, 'POST', '/runs', {
      token: DEMO,
      body: { pipelineId: IDS.deploy, sourceRunId: 'e'.repeat(24) },
    });
    expect(source.status).toBe(404);
  });

  it('accepts a trailing slash, as the spec writes POST /api/v3/runs/', async () => {
    const res = await call(emu, 'POST', '/runs/', { token: DEMO, body: { pipelineId: IDS.test } });
    expect(res.status).toBe(200);
  });
});

describe('the run state machine (frozen clock, manual advance)', () => {
  it('queues, runs its steps in order with rising progress, then passes', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    const seen: Json[] = [];
    const snapshot = async () => (await runOf(id)).body;
    seen.push(await snapshot());
    emu.control.advance(DEFAULT_QUEUE_MS - 1);
    seen.push(await snapshot());
    emu.control.advance(1);
    seen.push(await snapshot());
    for (let i = 0; i < 5; i++) {
      emu.control.advance(1500);
      seen.push(await snapshot());
    }
    expect(seen.map((run) => [run.status, run.result, run.progress])).toEqual([
      ['notstarted', 'unknown', 0],
      ['notstarted', 'unknown', 0],
      ['running', 'unknown', 0],
      ['running', 'unknown', 20],
      ['running', 'unknown', 40],
      ['running', 'unknown', 60],
      ['running', 'unknown', 80],
      ['finished', 'passed', 100],
    ]);
    const first = seen[0];
    expect(first.startedAt).toBeUndefined();
    expect(first.finishedAt).toBeUndefined();
    const running = seen[2];
    expect(Date.parse(running.startedAt) - Date.parse(running.createdAt)).toBe(DEFAULT_QUEUE_MS);
    expect(running.finishedAt).toBeUndefined();
    const done = seen[7];
    expect(Date.parse(done.finishedAt) - Date.parse(done.startedAt)).toBe(7500);
  });

  it('EMULATOR_RESULT=failed fails the last step; progress stays below 100', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_RESULT: 'failed' }),
    });
    emu.control.advance(60_000);
    expect((await runOf(id)).body).toMatchObject({ status: 'finished', result: 'failed', progress: 80 });
  });

  it('EMULATOR_FAIL_STEP fails that step and later steps never start', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'npm ci' }),
    });
    emu.control.advance(60_000);
    const run = (await runOf(id)).body;
    expect(run).toMatchObject({ status: 'finished', result: 'failed', progress: 40 });
    expect(Date.parse(run.finishedAt) - Date.parse(run.startedAt)).toBe(4500);
    const steps = (await get(emu, `/runs/${id}/steps`, DEMO)).body;
    expect(steps.map((step: Json) => [step.step, step.status, step.result])).toEqual([
      ['get code', 'finished', 'passed'],
      ['setup environment', 'finished', 'passed'],
      ['npm ci', 'finished', 'failed'],
      ['npm test', 'notstarted', 'unknown'],
      ['store', 'notstarted', 'unknown'],
    ]);
  });

  it('EMULATOR_RESULT=passed overrides nothing when the script passes, and FAIL_STEP wins over it', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_RESULT: 'passed', EMULATOR_FAIL_STEP: 'store' }),
    });
    emu.control.advance(60_000);
    expect((await runOf(id)).body).toMatchObject({ result: 'failed', progress: 80 });
  });

  it('EMULATOR_FAIL_TIMES fails the first runs with the same envVars, then passes', async () => {
    const flaky = env({ EMULATOR_FAIL_TIMES: 2, EMULATOR_FAIL_STEP: 'npm ci', FLAKY_CASE: 'a' });
    const results = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await triggerRun(emu, { pipelineId: IDS.build, envVars: flaky });
      emu.control.advance(60_000);
      results.push((await runOf(id)).body.result);
    }
    // Other envVars count apart, and EMULATOR_RESULT=failed is the failure without a step.
    const other = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_TIMES: 1, FLAKY_CASE: 'b' }),
    });
    emu.control.advance(60_000);
    expect([...results, (await runOf(other.id)).body.result]).toEqual([
      'failed',
      'failed',
      'passed',
      'failed',
    ]);
  });

  it('EMULATOR_FOR_PIPELINE keeps the switches after it to the runs of one pipeline', async () => {
    const envVars = [
      { key: 'EMULATOR_STEP_MS', value: '10' },
      { key: 'EMULATOR_FOR_PIPELINE', value: 'test' },
      { key: 'EMULATOR_FAIL_STEP', value: 'lint' },
      { key: 'EMULATOR_FAIL_TIMES', value: '1' },
      { key: 'EMULATOR_STEP_MS', value: '20' },
      { key: 'EMULATOR_FOR_PIPELINE', value: '' },
      { key: 'EMULATOR_QUEUE_MS', value: '5' },
    ];
    const ids = [];
    for (const pipelineId of [IDS.build, IDS.test, IDS.test]) {
      ids.push((await triggerRun(emu, { pipelineId, envVars })).id as string);
    }
    emu.control.advance(60_000);
    const [build, failed, passed] = await Promise.all(ids.map(async (id) => (await runOf(id)).body));
    const took = (run: Json) => Date.parse(run.finishedAt) - Date.parse(run.createdAt);
    expect([build.result, failed.result, passed.result]).toEqual(['passed', 'failed', 'passed']);
    // build: 5 steps of 10 ms; test: its first run stops at lint (3 of 20 ms), its second runs 4.
    expect([took(build), took(failed), took(passed)]).toEqual([55, 65, 85]);
  });

  it('EMULATOR_STEP_MS and EMULATOR_QUEUE_MS set the timings', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEP_MS: 10, EMULATOR_QUEUE_MS: 5 }),
    });
    emu.control.advance(4);
    expect((await runOf(id)).body.status).toBe('notstarted');
    emu.control.advance(1);
    expect((await runOf(id)).body.status).toBe('running');
    emu.control.advance(50);
    const run = (await runOf(id)).body;
    expect(run).toMatchObject({ status: 'finished', result: 'passed' });
    expect(Date.parse(run.finishedAt) - Date.parse(run.createdAt)).toBe(55);
  });

  it('EMULATOR_STEPS and EMULATOR_STEP_NAMES shape the steps', async () => {
    const generated = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEPS: 7, EMULATOR_STEP_MS: 1 }),
    });
    const named = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEP_NAMES: 'one,<img src=x onerror=alert(1)>,three', EMULATOR_STEP_MS: 1 }),
    });
    emu.control.advance(2000);
    const generatedSteps = (await get(emu, `/runs/${generated.id}/steps`, DEMO)).body;
    expect(generatedSteps.map((step: Json) => step.step)).toEqual(
      Array.from({ length: 7 }, (_, i) => `step ${i + 1}`),
    );
    const namedSteps = (await get(emu, `/runs/${named.id}/steps`, DEMO)).body;
    expect(namedSteps.map((step: Json) => step.step)).toEqual([
      'one',
      '<img src=x onerror=alert(1)>',
      'three',
    ]);
  });

  it('moves on its own with the real clock when the speed is above 0', async () => {
    const { id } = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_STEP_MS: 1, EMULATOR_QUEUE_MS: 1 }),
    });
    emu.control.setSpeed(1000);
    let run: Json;
    do {
      await new Promise((resolve) => setTimeout(resolve, 5));
      run = (await runOf(id)).body;
    } while (run.status !== 'finished');
    expect(run.result).toBe('passed');
  });
});

describe('GET /runs/:runId', () => {
  it('carries envVars and commits on top of the list fields', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build, envVars: env({ X: 'y' }) });
    const queued = (await runOf(id)).body;
    expect(sortedKeys(queued)).toEqual(keySet(...RUN_COMMON, 'envVars', 'commits', 'pullRequest'));
    expect(queued.commits).toEqual([]);
    expect(queued.pullRequest).toEqual({});
    expect(queued.envVars).toEqual([{ key: 'X', value: 'y' }]);
    emu.control.advance(60_000);
    const done = (await runOf(id)).body;
    expect(sortedKeys(done)).toEqual(
      keySet(...RUN_COMMON, 'envVars', 'commits', 'pullRequest', 'startedAt', 'finishedAt'),
    );
    for (const field of ['createdAt', 'startedAt', 'finishedAt']) expect(done[field]).toMatch(ISO_MS);
  });

  it('answers 404 with a Boom body for an unknown run', async () => {
    const res = await get(emu, `/runs/${'0'.repeat(24)}`, DEMO);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Run ${'0'.repeat(24)} not found`,
    });
  });
});

describe('PUT /runs/:runId/abort', () => {
  it('refuses a run that has not started, so that clients retry until it has', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    const res = await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `Run ${id} has not started yet and cannot be aborted`,
    });
  });

  // Evidence [REC abort_run, run_pipeline]: the four recorded runs started 23–98 ms after their trigger,
  // and the recorded trigger-then-abort sequence found its run started. A long queue is asked for.
  it('starts a run of the default world within 50 ms of its trigger, so an abort 50 ms later stops it', async () => {
    expect(DEFAULT_QUEUE_MS).toBeLessThan(50);
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(50);
    const res = await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'finished', result: 'aborted' });
    const slow = await triggerRun(emu, { pipelineId: IDS.build, envVars: env({ EMULATOR_QUEUE_MS: 1000 }) });
    emu.control.advance(50);
    expect((await call(emu, 'PUT', `/runs/${slow.id}/abort`, { token: DEMO, body: {} })).status).toBe(400);
  });

  it('finishes a running run at once as aborted, and returns it with the abort field set', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build, envVars: env({ K: 'v' }) });
    emu.control.advance(4000);
    const res = await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO, body: {} });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(
      keySet(...RUN_COMMON, 'envVars', 'commits', 'pullRequest', 'startedAt', 'finishedAt'),
    );
    expect(res.body).toMatchObject({
      status: 'finished',
      result: 'aborted',
      progress: 40,
      envVars: [{ key: 'K', value: 'v' }],
    });
    expect(res.body.finishedAt).toBe(new Date(emu.control.now()).toISOString());
    emu.control.advance(60_000);
    expect((await runOf(id)).body).toMatchObject({
      status: 'finished',
      result: 'aborted',
      finishedAt: res.body.finishedAt,
    });
    const steps = (await get(emu, `/runs/${id}/steps`, DEMO)).body;
    expect(steps.map((step: Json) => [step.status, step.result])).toEqual([
      ['finished', 'passed'],
      ['finished', 'passed'],
      ['finished', 'aborted'],
      ['notstarted', 'unknown'],
      ['notstarted', 'unknown'],
    ]);
  });

  it('accepts an abort without any body, and refuses a finished run', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(1000);
    expect((await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO })).status).toBe(200);
    const again = await call(emu, 'PUT', `/runs/${id}/abort`, {
      token: DEMO,
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`Run ${id} is already finished`);
  });

  it('answers 404 for an unknown run', async () => {
    expect((await call(emu, 'PUT', `/runs/${'0'.repeat(24)}/abort`, { token: DEMO })).status).toBe(404);
  });
});

describe('GET /runs', () => {
  it('needs applicationId or pipelineId', async () => {
    const res = await get(emu, '/runs', DEMO);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'applicationId or pipelineId is required',
    });
  });

  it('lists items without envVars and commits, newest first', async () => {
    const a = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(10);
    const b = await triggerRun(emu, { pipelineId: IDS.test });
    const res = await get(emu, `/runs?applicationId=${IDS.webapp}`);
    expect(res.status).toBe(200);
    expect(res.body.map((run: Json) => run.id).slice(0, 2)).toEqual([b.id, a.id]);
    for (const run of res.body) {
      expect(run.envVars).toBeUndefined();
      expect(run.commits).toBeUndefined();
      expect(run.sourceRun).toBeUndefined();
    }
    expect(sortedKeys(res.body[0])).toEqual(keySet(...RUN_COMMON));
    const finished = res.body.find((run: Json) => run.status === 'finished');
    expect(sortedKeys(finished)).toEqual(keySet(...RUN_COMMON, 'startedAt', 'finishedAt'));
  });

  it('limits to 20 by default and at most, skips, and sorts', async () => {
    for (let i = 0; i < 22; i++) {
      await triggerRun(emu, { pipelineId: IDS.test, message: `run ${i}` });
      emu.control.advance(1);
    }
    const byPipeline = (query: string) => get(emu, `/runs?pipelineId=${IDS.test}${query}`);
    expect((await byPipeline('')).body).toHaveLength(20);
    expect((await byPipeline('&limit=21')).status).toBe(400);
    expect((await byPipeline('&limit=0')).status).toBe(400);
    expect((await byPipeline('&skip=-1')).status).toBe(400);
    expect((await byPipeline('&limit=3')).body.map((run: Json) => run.message)).toEqual([
      'run 21',
      'run 20',
      'run 19',
    ]);
    expect((await byPipeline('&limit=2&skip=2')).body.map((run: Json) => run.message)).toEqual([
      'run 19',
      'run 18',
    ]);
    const ascending = (await byPipeline('&limit=2&sort=creationDateAsc')).body;
    // The oldest is the failed test run of the default world's history.
    expect(ascending.map((run: Json) => run.message)).toEqual(['Add login form validation', 'run 0']);
    expect((await byPipeline('&sort=newest')).status).toBe(400);
    emu.control.setQuirks({ runsDefaultLimit10: true });
    expect((await byPipeline('')).body).toHaveLength(10);
  });

  it('filters by status, result, branch, tag, commit, sourceRun and author', async () => {
    const tagged = await triggerRun(emu, { pipelineId: IDS.test, branch: 'develop', tag: 'v1.0.0' });
    const failing = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'get code', EMULATOR_QUEUE_MS: 0 }),
    });
    emu.control.advance(2000);
    const queued = await triggerRun(emu, { pipelineId: IDS.test });
    const ids = async (query: string) =>
      (await get(emu, `/runs?applicationId=${IDS.webapp}&${query}`)).body.map((run: Json) => run.id);
    expect(await ids('status=notstarted')).toEqual([queued.id]);
    expect(await ids('status=running')).toEqual([tagged.id]);
    expect(await ids('result=failed')).toContain(failing.id);
    expect(await ids('result=failed')).not.toContain(tagged.id);
    expect(await ids(`tag=v1.0.0`)).toEqual([tagged.id]);
    expect(await ids('branch=develop')).toContain(tagged.id);
    expect(await ids('branch=develop')).not.toContain(queued.id);
    expect(await ids(`commit=${tagged.commitHash}`)).toContain(tagged.id);
    expect(await ids(`commit=${tagged.commitHash}`)).not.toContain(queued.id);
    expect(await ids('author=DEMO')).toContain(queued.id);
    expect(await ids('author=outsider')).toEqual([]);
    const all = emu.control.runs();
    const chained = all.find((run) => run.sourceRunId !== undefined);
    expect(chained).toBeDefined();
    expect(await ids(`sourceRun=${chained?.sourceRunId}`)).toEqual([chained?.id]);
    expect((await get(emu, `/runs?applicationId=${IDS.webapp}&status=pendingapproval`)).status).toBe(400);
    expect((await get(emu, `/runs?applicationId=${IDS.webapp}&result=maybe`)).body.message).toBe(
      'result must be one of aborted, unknown, passed, failed',
    );
  });

  it('combines applicationId and pipelineId, and answers 404 for unknown ones', async () => {
    await triggerRun(emu, { pipelineId: IDS.test });
    const both = await get(emu, `/runs?applicationId=${IDS.webapp}&pipelineId=${IDS.test}`);
    expect(both.body.every((run: Json) => run.pipeline.id === IDS.test)).toBe(true);
    const elsewhere = await get(emu, `/runs?applicationId=${IDS.dockerClassic}&pipelineId=${IDS.test}`);
    expect(elsewhere.body).toEqual([]);
    expect((await get(emu, `/runs?applicationId=${'9'.repeat(24)}`)).status).toBe(404);
    expect((await get(emu, `/runs?pipelineId=${'9'.repeat(24)}`)).status).toBe(404);
  });
});
