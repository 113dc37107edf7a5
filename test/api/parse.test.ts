import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/api/errors.ts';
import {
  parseApplication,
  parseBody,
  parseBuild,
  parseDeploy,
  parseListBody,
  parsePipeline,
  parsePipelineWithApplication,
  parseRun,
  parseStep,
  parseWorkflow,
} from '../../src/api/parse.ts';
import { parseTimestamp } from '../../src/api/timestamp.ts';
import { isFinished } from '../../src/api/types.ts';
import {
  applicationWithSettings,
  chainedRun,
  deploys,
  goTriggerResponse,
  steps,
  triggeredBuild,
  workflow,
} from './fixtures.ts';

function contractError(fn: () => unknown): ContractError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContractError) return err;
    throw err;
  }
  throw new Error('expected a ContractError');
}

describe('parseTimestamp', () => {
  it('reads ISO 8601 with milliseconds and Z', () => {
    expect(parseTimestamp('2017-07-04T01:27:30.634Z')?.toISOString()).toBe('2017-07-04T01:27:30.634Z');
  });

  it('reads the Go time.String() layout, truncating nanoseconds to milliseconds', () => {
    expect(parseTimestamp('2017-07-04 22:43:55.359468446 +0000 UTC')?.toISOString()).toBe(
      '2017-07-04T22:43:55.359Z',
    );
    expect(parseTimestamp('2017-07-03 16:04:43.73 +0000 UTC')?.toISOString()).toBe(
      '2017-07-03T16:04:43.730Z',
    );
    expect(parseTimestamp('2017-07-04 22:43:55 +0200 CEST')?.toISOString()).toBe('2017-07-04T20:43:55.000Z');
    expect(parseTimestamp('2017-07-04 22:43:55.1 +0000 UTC m=+0.001')?.toISOString()).toBe(
      '2017-07-04T22:43:55.100Z',
    );
  });

  it('reads ISO variants: offsets, long fractions, no zone (taken as UTC)', () => {
    expect(parseTimestamp('2017-07-04T01:27:30.634123456Z')?.toISOString()).toBe('2017-07-04T01:27:30.634Z');
    expect(parseTimestamp('2017-07-04T03:27:30+02:00')?.toISOString()).toBe('2017-07-04T01:27:30.000Z');
    expect(parseTimestamp('2017-07-04T03:27:30+0200')?.toISOString()).toBe('2017-07-04T01:27:30.000Z');
    expect(parseTimestamp('2017-07-04T01:27:30')?.toISOString()).toBe('2017-07-04T01:27:30.000Z');
    expect(parseTimestamp('2017-07-04')?.toISOString()).toBe('2017-07-04T00:00:00.000Z');
  });

  it('gives undefined for anything else', () => {
    for (const value of [null, undefined, '', 'yesterday', '2017-13-45T99:99:99Z', true, {}]) {
      expect(parseTimestamp(value)).toBeUndefined();
    }
  });
});

describe('parseRun', () => {
  it('reads the trimmed Go trigger response', () => {
    const run = parseBody(goTriggerResponse, 'POST /runs', parseRun);
    expect(run).toEqual({
      id: goTriggerResponse.id,
      url: goTriggerResponse.url,
      branch: 'main',
      commitHash: goTriggerResponse.commitHash,
      message: 'make it faster',
      status: 'notstarted',
      result: 'unknown',
      createdAt: new Date('2023-05-02T22:43:55.359Z'),
      user: { userId: goTriggerResponse.user.userId, name: 'Dana', type: 'service', username: 'Dana' },
      pipeline: {
        id: '64b0000000000000000000p1',
        url: 'https://ci.example.test/api/v3/pipelines/64b0000000000000000000p1',
        name: 'build',
        pipelineName: 'build',
        type: 'git',
        permissions: 'public',
        setScmProviderStatus: true,
        createdAt: new Date('2023-05-01T08:00:00.120Z'),
      },
    });
    expect(run.progress).toBeUndefined();
    expect(run.startedAt).toBeUndefined();
  });

  it('reads a chained run: sourceRun object to sourceRunId, envVars, commits, extras ignored', () => {
    const run = parseBody(chainedRun, 'GET /runs/:runId', parseRun);
    expect(run.sourceRunId).toBe(goTriggerResponse.id);
    expect(run.envVars).toEqual([{ key: 'TARGET', value: 'staging' }]);
    expect(run.commits).toHaveLength(1);
    expect(run.progress).toBe(100);
    expect(run.finishedAt).toEqual(new Date('2023-05-02T22:45:19.345Z'));
    expect(run.pipeline?.type).toBe('pipeline');
    expect(run).not.toHaveProperty('pullRequest');
  });

  it('takes sourceRunId when the server sends the id alone', () => {
    expect(
      parseBody({ ...goTriggerResponse, sourceRunId: 'abc' }, 'GET /runs/:runId', parseRun).sourceRunId,
    ).toBe('abc');
  });

  it('treats null progress as unknown, and reads unknown status values as `unknown`, never finished', () => {
    const run = parseBody({ ...goTriggerResponse, progress: null, status: 'pendingapproval' }, 'x', parseRun);
    expect(run.progress).toBeUndefined();
    expect(run.status).toBe('pendingapproval');
    expect(isFinished(run)).toBe(false);
    const odd = parseBody({ ...goTriggerResponse, status: 'teleporting', result: 'maybe' }, 'x', parseRun);
    expect([odd.status, odd.result, odd.rawResult]).toEqual(['unknown', 'unknown', 'maybe']);
    expect(isFinished(odd)).toBe(false);
  });

  it('reads a missing result as unknown', () => {
    const { result: _result, ...withoutResult } = goTriggerResponse;
    expect(parseBody(withoutResult, 'x', parseRun).result).toBe('unknown');
  });

  it('names endpoint and field when a required field is missing or mistyped', () => {
    const noId = contractError(() =>
      parseBody({ ...goTriggerResponse, id: undefined }, 'GET /runs/:runId', parseRun),
    );
    expect(noId.endpoint).toBe('GET /runs/:runId');
    expect(noId.field).toBe('id');
    expect(noId.message).toContain('GET /runs/:runId');
    expect(noId.message).toContain('"id"');

    const badStatus = contractError(() =>
      parseBody({ ...goTriggerResponse, status: 3 }, 'GET /runs/:runId', parseRun),
    );
    expect(badStatus.field).toBe('status');
    expect(badStatus.message).toMatch(/field "status" is not a string \(got a number\)/);

    const badPipeline = contractError(() =>
      parseBody({ ...goTriggerResponse, pipeline: { name: 'x' } }, 'GET /runs/:runId', parseRun),
    );
    expect(badPipeline.field).toBe('pipeline.id');
  });

  it('drops optional fields of the wrong type instead of failing', () => {
    const run = parseBody(
      { ...chainedRun, branch: 7, progress: '50', envVars: 'x', createdAt: 'soon', user: 'dana' },
      'x',
      parseRun,
    );
    expect(run.branch).toBeUndefined();
    expect(run.progress).toBeUndefined();
    expect(run.envVars).toBeUndefined();
    expect(run.createdAt).toBeUndefined();
    expect(run.user).toBeUndefined();
  });
});

describe('list bodies', () => {
  it('fails with the item index in the field when an item is broken', () => {
    const err = contractError(() =>
      parseListBody([goTriggerResponse, { ...goTriggerResponse, status: null }], 'GET /runs', parseRun),
    );
    expect(err.endpoint).toBe('GET /runs');
    expect(err.field).toBe('[1].status');
  });

  it('fails on a body that is not an array', () => {
    const err = contractError(() => parseListBody({ results: [] }, 'GET /runs', parseRun));
    expect(err.field).toBe('(body)');
    expect(err.message).toBe('Unexpected response from GET /runs: the body is not an array (got an object)');
  });
});

describe('parseStep', () => {
  it('names steps from `step` or `displayName`', () => {
    const parsed = parseListBody(steps, 'GET /runs/:runId/steps', parseStep);
    expect(parsed.map((step) => step.name)).toEqual(['get code', 'npm-test']);
    expect(parsed[1]).toMatchObject({ order: 2, phase: 'mainSteps', status: 'finished', result: 'failed' });
    expect(parsed[0]?.artifactsUrl).toBeNull();
    expect(parsed[0]?.logUrl).toBe(steps[0]?.logUrl);
  });

  it('falls back to the list position when order and names are missing', () => {
    const [step] = parseListBody([{ id: 'x', status: 'running' }], 'GET /runs/:runId/steps', parseStep);
    expect(step).toMatchObject({ id: 'x', order: 1, name: 'step 1', result: 'unknown' });
  });
});

describe('applications, builds, deploys, workflows, pipelines', () => {
  it('reads settings-nested privacy, stack and ignoredBranches', () => {
    const app = parseBody(applicationWithSettings, 'GET /applications/:owner/:application', parseApplication);
    expect(app).toMatchObject({
      id: applicationWithSettings.id,
      name: 'webapp',
      privacy: 'public',
      stack: 6,
      ignoredBranches: ['gh-pages'],
      scm: { type: 'git', owner: 'acme', repository: 'webapp' },
      owner: { username: 'dana' },
    });
    expect(app).not.toHaveProperty('allowedActions');
  });

  it('prefers top-level fields over settings', () => {
    const app = parseBody(
      { ...applicationWithSettings, stack: 5, ignoredBranches: [] },
      'x',
      parseApplication,
    );
    expect(app.stack).toBe(5);
    expect(app.ignoredBranches).toEqual([]);
  });

  it('reads a freshly triggered build with null progress and its embedded application', () => {
    const build = parseBody(triggeredBuild, 'POST /builds', parseBuild);
    expect(build.progress).toBeUndefined();
    expect(build.startedAt).toBeUndefined();
    expect(build.application).toMatchObject({ name: 'legacy', stack: 1, privacy: 'private' });
  });

  it('reads deploy list items', () => {
    expect(parseListBody(deploys, 'x', parseDeploy)).toEqual([
      {
        id: deploys[0]?.id,
        url: deploys[0]?.url,
        status: 'finished',
        result: 'passed',
        progress: 100,
        createdAt: new Date('2023-05-02T21:26:18.834Z'),
      },
    ]);
  });

  it('flattens workflow item data and tolerates items without a run', () => {
    const parsed = parseBody(workflow, 'GET /workflows/:workflowId', parseWorkflow);
    expect(parsed.data).toEqual({ branch: 'main', message: 'Merge it', sourceRunId: goTriggerResponse.id });
    expect(parsed.items[0]).toMatchObject({
      runId: goTriggerResponse.id,
      pipelineId: '64b0000000000000000000p1',
      targetName: 'build',
      currentStep: 4,
      totalSteps: 8,
      stepName: 'npm-test',
      restricted: false,
    });
    expect(parsed.items[1]?.runId).toBeUndefined();
    expect(parsed.items[1]?.parentItem).toBe('64b0000000000000000000i1');
    expect(parsed.application?.name).toBe('legacy');
  });

  it('reads a workflow without items as an empty list, and rejects items that are not a list', () => {
    const { items: _items, ...bare } = workflow;
    expect(parseBody(bare, 'x', parseWorkflow).items).toEqual([]);
    expect(
      contractError(() => parseBody({ ...workflow, items: {} }, 'GET /workflows', parseWorkflow)).field,
    ).toBe('items');
  });

  it('reads pipelines, named by `name` or `pipelineName`, with an optional application', () => {
    expect(parseBody({ id: 'p', pipelineName: 'deploy' }, 'x', parsePipeline).name).toBe('deploy');
    const withApp = parseBody(
      { id: 'p', name: 'build', application: triggeredBuild.application },
      'GET /pipelines/:pipelineId',
      parsePipelineWithApplication,
    );
    expect(withApp.application?.id).toBe(triggeredBuild.application.id);
    expect(
      contractError(() => parseBody({ id: 'p' }, 'GET /pipelines/:pipelineId', parsePipeline)).field,
    ).toBe('name');
  });
});
