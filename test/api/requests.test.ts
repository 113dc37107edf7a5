import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/api/errors.ts';
import {
  abortRunRequest,
  getApplicationRequest,
  getRunRequest,
  listApplicationsRequest,
  listBuildsRequest,
  listDeploysRequest,
  listPipelinesRequest,
  listRunsRequest,
  listWorkflowsRequest,
  setIgnoredBranchesRequest,
  triggerBuildRequest,
  triggerRunRequest,
} from '../../src/api/requests.ts';
import type { RunTrigger } from '../../src/api/types.ts';

function rejected(fn: () => unknown): RequestValidationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RequestValidationError) return err;
    throw err;
  }
  throw new Error('expected a RequestValidationError');
}

const sha = 'a'.repeat(40);

describe('paths and queries', () => {
  it('encodes every dynamic part of a path', () => {
    expect(getRunRequest('a/b?c').path).toBe('/runs/a%2Fb%3Fc');
    expect(getApplicationRequest('ac me', 'web#app').path).toBe('/applications/ac%20me/web%23app');
    expect(abortRunRequest('r1')).toEqual({
      method: 'PUT',
      endpoint: 'PUT /runs/:runId/abort',
      path: '/runs/r1/abort',
      body: {},
    });
  });

  it('sends every run filter that is given, and nothing else', () => {
    const spec = listRunsRequest({
      applicationId: 'a',
      pipelineId: 'p',
      limit: 20,
      skip: 0,
      sort: 'creationDateAsc',
      status: 'running',
      result: 'unknown',
      branch: 'feature/x',
      tag: 'v1',
      commit: 'abc',
      sourceRun: 's',
      author: 'dana',
    });
    expect(spec.path).toBe(
      '/runs?applicationId=a&pipelineId=p&limit=20&skip=0&sort=creationDateAsc&status=running&result=unknown' +
        '&branch=feature%2Fx&tag=v1&commit=abc&sourceRun=s&author=dana',
    );
    expect(listRunsRequest({ pipelineId: 'p' }).path).toBe('/runs?pipelineId=p');
  });

  it('builds application, build, deploy, workflow and pipeline queries', () => {
    expect(listApplicationsRequest('acme', { stack: 6, limit: 100, skip: 3, sort: 'nameDesc' }).path).toBe(
      '/applications/acme?stack=6&limit=100&skip=3&sort=nameDesc',
    );
    expect(
      listBuildsRequest('acme', 'legacy', { commit: sha, branch: 'main', status: 'finished' }).path,
    ).toBe(`/applications/acme/legacy/builds?branch=main&commit=${sha}&status=finished`);
    expect(listDeploysRequest('acme', 'legacy', { buildId: 'b1', limit: 1 }).path).toBe(
      '/applications/acme/legacy/deploys?buildId=b1&limit=1',
    );
    expect(listWorkflowsRequest({ applicationId: 'a', limit: 20 }).path).toBe(
      '/workflows?applicationId=a&limit=20',
    );
    expect(listPipelinesRequest('acme', 'webapp', { limit: 50, skip: 50 }).path).toBe(
      '/applications/acme/webapp/pipelines?limit=50&skip=50',
    );
  });

  it('sends only the known trigger fields, envVars in the given order', () => {
    const payload = {
      pipelineId: 'p',
      branch: 'main',
      commitHash: sha,
      message: 'go',
      envVars: [
        { key: 'B', value: '1' },
        { key: 'A', value: '$B', secret: true },
      ],
      extra: 'dropped',
    } as RunTrigger;
    expect(triggerRunRequest(payload).body).toEqual({
      pipelineId: 'p',
      branch: 'main',
      commitHash: sha,
      message: 'go',
      envVars: [
        { key: 'B', value: '1' },
        { key: 'A', value: '$B' },
      ],
    });
    expect(triggerBuildRequest({ applicationId: 'a' })).toEqual({
      method: 'POST',
      endpoint: 'POST /builds',
      path: '/builds',
      body: { applicationId: 'a' },
    });
  });
});

describe('validation before sending', () => {
  it('needs applicationId or pipelineId to list runs', () => {
    const err = rejected(() => listRunsRequest({ branch: 'main' }));
    expect(err.field).toBe('applicationId');
    expect(err.message).toMatch(/applicationId or pipelineId/);
  });

  it('needs pipelineId for a run trigger and applicationId for a build trigger', () => {
    expect(rejected(() => triggerRunRequest({} as RunTrigger)).field).toBe('pipelineId');
    expect(rejected(() => triggerBuildRequest({ applicationId: '' })).field).toBe('applicationId');
  });

  it('refuses commitHash without branch', () => {
    expect(rejected(() => triggerRunRequest({ pipelineId: 'p', commitHash: sha })).field).toBe('commitHash');
    expect(rejected(() => triggerBuildRequest({ applicationId: 'a', commitHash: sha })).field).toBe(
      'commitHash',
    );
  });

  it('checks envVars entries', () => {
    const bad = [{ key: '', value: 'x' }] as RunTrigger['envVars'];
    expect(rejected(() => triggerRunRequest({ pipelineId: 'p', envVars: bad })).field).toBe('envVars[0]');
    const notList = 'A=1' as unknown as RunTrigger['envVars'];
    expect(rejected(() => triggerRunRequest({ pipelineId: 'p', envVars: notList })).field).toBe('envVars');
  });

  it.each([
    ['runs', () => listRunsRequest({ pipelineId: 'p', limit: 21 })],
    ['runs zero', () => listRunsRequest({ pipelineId: 'p', limit: 0 })],
    ['workflows', () => listWorkflowsRequest({ applicationId: 'a', limit: 21 })],
    ['applications', () => listApplicationsRequest('acme', { limit: 101 })],
    ['applications zero', () => listApplicationsRequest('acme', { limit: 0 })],
    ['builds', () => listBuildsRequest('acme', 'legacy', { limit: 21 })],
    ['deploys', () => listDeploysRequest('acme', 'legacy', { limit: 0 })],
    ['fraction', () => listRunsRequest({ pipelineId: 'p', limit: 2.5 })],
  ])('enforces the limit range (%s)', (_name, fn) => {
    expect(rejected(fn).field).toBe('limit');
  });

  it('accepts the limits at their maxima', () => {
    expect(() => listRunsRequest({ pipelineId: 'p', limit: 20 })).not.toThrow();
    expect(() => listWorkflowsRequest({ applicationId: 'a', limit: 20 })).not.toThrow();
    expect(() => listApplicationsRequest('acme', { limit: 100 })).not.toThrow();
    expect(() => listBuildsRequest('acme', 'x', { limit: 20 })).not.toThrow();
    expect(() => listDeploysRequest('acme', 'x', { limit: 20 })).not.toThrow();
  });

  it('refuses a negative skip and an unknown sort', () => {
    expect(rejected(() => listRunsRequest({ pipelineId: 'p', skip: -1 })).field).toBe('skip');
    expect(rejected(() => listWorkflowsRequest({ applicationId: 'a', skip: -1 })).field).toBe('skip');
    const sort = 'newest' as 'creationDateAsc';
    expect(rejected(() => listRunsRequest({ pipelineId: 'p', sort })).field).toBe('sort');
  });

  it('needs a 40-character commit for the builds filter', () => {
    const err = rejected(() => listBuildsRequest('acme', 'legacy', { commit: 'abc123' }));
    expect(err.field).toBe('commit');
    expect(err.message).toMatch(/40/);
  });

  it('takes at most 10 ignored branches', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `b${i}`);
    expect(rejected(() => setIgnoredBranchesRequest('acme', 'webapp', eleven)).field).toBe('ignoredBranches');
    expect(setIgnoredBranchesRequest('acme', 'webapp', eleven.slice(0, 10)).body).toEqual({
      ignoredBranches: eleven.slice(0, 10),
    });
  });

  it('needs workflows to name an application', () => {
    expect(rejected(() => listWorkflowsRequest({} as { applicationId: string })).field).toBe('applicationId');
  });

  it('refuses empty path parts', () => {
    expect(rejected(() => getRunRequest('')).field).toBe('runId');
    expect(rejected(() => getApplicationRequest('acme', ' ')).field).toBe('application');
  });

  it('refuses path parts that are dot segments, which no encoding keeps in place', () => {
    expect(rejected(() => getRunRequest('..')).field).toBe('runId');
    expect(rejected(() => getApplicationRequest('.', 'shop')).field).toBe('owner');
    expect(getRunRequest('...').path).toBe('/runs/...');
  });
});
