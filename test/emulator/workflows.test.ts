import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_MS } from '../../src/emulator/timeline.ts';
import {
  call,
  DEMO,
  env,
  fileEmulator,
  get,
  IDS,
  ISO_MS,
  keySet,
  sortedKeys,
  triggerRun,
  type Json,
} from './helpers.ts';

const emu = await fileEmulator();

const BUILD_MS = DEFAULT_QUEUE_MS + 5 * 1500;

async function workflowOf(runId: string): Promise<Json> {
  const view = emu.control.runs().find((run) => run.id === runId);
  const res = await get(emu, `/workflows/${view?.workflowId}`, DEMO);
  expect(res.status).toBe(200);
  return res.body;
}

describe('chaining', () => {
  it('starts the chained pipeline when the source run passes', async () => {
    const build = await triggerRun(emu, { pipelineId: IDS.build, branch: 'develop' });
    emu.control.advance(BUILD_MS - 1);
    expect(emu.control.runs().filter((run) => run.sourceRunId === build.id)).toEqual([]);
    emu.control.advance(1);
    const [deploy] = emu.control.runs().filter((run) => run.sourceRunId === build.id);
    expect(deploy).toBeDefined();
    const single = (await get(emu, `/runs/${deploy?.id}`, DEMO)).body;
    expect(single).toMatchObject({
      status: 'notstarted',
      message: 'Auto trigger from Pipeline "build" to Pipeline "deploy"',
      branch: 'develop',
      commitHash: build.commitHash,
      envVars: [],
      pipeline: { id: IDS.deploy, type: 'pipeline', permissions: 'read', setScmProviderStatus: false },
    });
    expect(single.createdAt).toBe(new Date(emu.control.now()).toISOString());
    expect(single.sourceRun.id).toBe(build.id);
    expect(sortedKeys(single.sourceRun)).toEqual(
      keySet(
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
        'startedAt',
        'finishedAt',
      ),
    );
    expect(deploy?.workflowId).toBe(emu.control.runs().find((run) => run.id === build.id)?.workflowId);
  });

  it('does not chain after a failure or an abort', async () => {
    const failed = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_RESULT: 'failed' }),
    });
    const aborted = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(2000);
    await call(emu, 'PUT', `/runs/${aborted.id}/abort`, { token: DEMO, body: {} });
    emu.control.advance(600_000);
    const chained = emu.control
      .runs()
      .filter((run) => run.sourceRunId === failed.id || run.sourceRunId === aborted.id);
    expect(chained).toEqual([]);
  });

  it('passes the outcome controls down the chain', async () => {
    const build = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'deploy to staging', EMULATOR_STEP_MS: 10 }),
    });
    emu.control.advance(60_000);
    const deploy = emu.control.runs().find((run) => run.sourceRunId === build.id);
    expect(deploy).toMatchObject({ status: 'finished', result: 'failed' });
    expect(Date.parse(deploy?.finishedAt ?? '') - Date.parse(deploy?.startedAt ?? '')).toBe(30);
  });

  it('EMULATOR_FOR_PIPELINE steers the chained run alone', async () => {
    const build = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: [
        { key: 'EMULATOR_STEP_MS', value: '10' },
        { key: 'EMULATOR_FOR_PIPELINE', value: 'deploy' },
        { key: 'EMULATOR_RESULT', value: 'failed' },
      ],
    });
    emu.control.advance(60_000);
    const runs = emu.control.runs();
    expect(runs.find((run) => run.id === build.id)).toMatchObject({ result: 'passed' });
    expect(runs.find((run) => run.sourceRunId === build.id)).toMatchObject({ result: 'failed' });
  });

  it('a trigger with sourceRunId chains by hand and starts a workflow of trigger "workflow"', async () => {
    const build = await triggerRun(emu, { pipelineId: IDS.build });
    const deploy = await triggerRun(emu, { pipelineId: IDS.deploy, sourceRunId: build.id });
    const single = (await get(emu, `/runs/${deploy.id}`, DEMO)).body;
    expect(single.sourceRun.id).toBe(build.id);
    const workflow = await workflowOf(deploy.id);
    expect(workflow.trigger).toBe('workflow');
    expect(workflow.data).toEqual({ branch: 'main', message: build.message, sourceRunId: build.id });
    expect(workflow.items).toHaveLength(1);
    expect(
      (await get(emu, `/runs?applicationId=${IDS.webapp}&sourceRun=${build.id}`)).body.map(
        (run: Json) => run.id,
      ),
    ).toEqual([deploy.id]);
  });
});

describe('workflows', () => {
  it('a git trigger makes a workflow listing the run and its downstream pipelines', async () => {
    const build = await triggerRun(emu, { pipelineId: IDS.build });
    const workflow = await workflowOf(build.id);
    expect(sortedKeys(workflow)).toEqual(
      keySet('id', 'url', 'createdAt', 'updatedAt', 'trigger', 'data', 'items', 'user', 'application'),
    );
    expect(workflow.url).toBe(`${emu.url}/api/v3/workflows/${workflow.id}`);
    expect(workflow.trigger).toBe('git');
    expect(workflow.data).toEqual({
      branch: 'main',
      commitHash: build.commitHash,
      message: build.message,
      scm: { type: 'git', owner: 'acme', domain: 'github.com', repository: 'webapp' },
    });
    expect(workflow.user.userId).toBe(IDS.demo);
    expect(sortedKeys(workflow.application)).toEqual(
      keySet('id', 'url', 'name', 'owner', 'createdAt', 'updatedAt', 'privacy', 'stack'),
    );
    const [first, second] = workflow.items;
    expect(first).toMatchObject({
      type: 'run',
      status: 'notstarted',
      result: 'unknown',
      progress: 0,
      data: { targetName: 'build', pipelineId: IDS.build, restricted: false, runId: build.id },
    });
    expect(first.parentItem).toBeUndefined();
    expect(second).toEqual({
      id: expect.any(String),
      type: 'run',
      parentItem: first.id,
      status: 'notstarted',
      result: 'unknown',
      progress: 0,
      updatedAt: workflow.createdAt,
      data: { targetName: 'deploy', pipelineId: IDS.deploy, restricted: false },
    });
  });

  it('keeps currentStep, totalSteps and stepName current, and picks up the chained run', async () => {
    const build = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(DEFAULT_QUEUE_MS + 1500 * 2 + 10);
    let workflow = await workflowOf(build.id);
    expect(workflow.startedAt).toMatch(ISO_MS);
    expect(workflow.items[0]).toMatchObject({
      status: 'running',
      progress: 40,
      data: { currentStep: 3, totalSteps: 5, stepName: 'npm ci', runId: build.id },
    });
    emu.control.advance(600_000);
    workflow = await workflowOf(build.id);
    const deployRun = emu.control.runs().find((run) => run.sourceRunId === build.id);
    expect(
      workflow.items.map((item: Json) => [
        item.status,
        item.result,
        item.progress,
        item.data.runId,
        item.data.currentStep,
      ]),
    ).toEqual([
      ['finished', 'passed', 100, build.id, 5],
      ['finished', 'passed', 100, deployRun?.id, 3],
    ]);
    expect(workflow.items[1].data.stepName).toBe('deploy to staging');
    expect(workflow.updatedAt).toBe(workflow.items[1].updatedAt);
  });

  it('leaves downstream items notstarted without runId for ever when the upstream run fails', async () => {
    const build = await triggerRun(emu, {
      pipelineId: IDS.build,
      envVars: env({ EMULATOR_FAIL_STEP: 'npm ci' }),
    });
    emu.control.advance(3_600_000);
    const workflow = await workflowOf(build.id);
    expect(workflow.items[0]).toMatchObject({
      status: 'finished',
      result: 'failed',
      progress: 40,
      data: { currentStep: 3, stepName: 'npm ci' },
    });
    expect(workflow.items[1]).toMatchObject({ status: 'notstarted', result: 'unknown', progress: 0 });
    expect(workflow.items[1].data).toEqual({
      targetName: 'deploy',
      pipelineId: IDS.deploy,
      restricted: false,
    });
  });

  it('lists workflows of an application without the application, newest first, 10 by default', async () => {
    for (let i = 0; i < 12; i++) {
      await triggerRun(emu, { pipelineId: IDS.test, message: `wf ${i}` });
      emu.control.advance(1);
    }
    const res = await get(emu, `/workflows?applicationId=${IDS.webapp}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body[0].data.message).toBe('wf 11');
    for (const workflow of res.body) expect(workflow.application).toBeUndefined();
    expect(sortedKeys(res.body[0])).toEqual(
      keySet('id', 'url', 'createdAt', 'updatedAt', 'trigger', 'data', 'items', 'user'),
    );
    const page = await get(emu, `/workflows?applicationId=${IDS.webapp}&limit=2&skip=1&sort=creationDateAsc`);
    expect(page.body).toHaveLength(2);
    expect(Date.parse(page.body[0].createdAt)).toBeLessThanOrEqual(Date.parse(page.body[1].createdAt));
    expect((await get(emu, `/workflows?applicationId=${IDS.webapp}&limit=20`)).body.length).toBeGreaterThan(
      10,
    );
  });

  it.each([
    ['', 'applicationId is required'],
    [`?applicationId=${IDS.webapp}&limit=21`, 'limit must be less than or equal to 20'],
    [`?applicationId=${IDS.webapp}&skip=-1`, 'skip must be larger than or equal to 0'],
    [`?applicationId=${IDS.webapp}&sort=up`, 'sort must be one of creationDateAsc, creationDateDesc'],
  ])('GET /workflows%s answers 400', async (query, message) => {
    const res = await get(emu, `/workflows${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for an unknown workflow or application', async () => {
    expect((await get(emu, `/workflows/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await get(emu, `/workflows?applicationId=${'0'.repeat(24)}`)).status).toBe(404);
  });
});
