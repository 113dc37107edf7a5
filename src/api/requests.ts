// Builds each endpoint's method, path, query and payload after checking the API's rules
// (spec §4 and §8), so that a request that breaks them is never sent.

import { RequestValidationError } from './errors.ts';
import { APPLICATION_SORTS, CREATION_SORTS } from '../spec/api-v3.ts';
import {
  type ApplicationListOptions,
  type BuildFilters,
  type BuildTrigger,
  type DeployFilters,
  type EnvVar,
  type PageOptions,
  type RunFilters,
  type RunTrigger,
  type WorkflowFilters,
} from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

export interface RequestSpec {
  method: HttpMethod;
  /** Endpoint template for messages, e.g. `GET /runs/:runId`. */
  endpoint: string;
  /** Path below the API root (`/runs/abc?limit=5`), every dynamic part URL-encoded. */
  path: string;
  body?: unknown;
}

const MAX_IGNORED_BRANCHES = 10;

type QueryValue = string | number | undefined;

function query(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function segment(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RequestValidationError(field, `${field} must be a non-empty string`);
  }
  // The last line against a path that climbs: `.` and `..` stay dot segments however they are encoded.
  if (value === '.' || value === '..') {
    throw new RequestValidationError(field, `${field} may not be "." or ".."`);
  }
  return encodeURIComponent(value);
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new RequestValidationError(field, `${field} must be a non-empty string when given`);
  }
  return value;
}

function integerIn(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new RequestValidationError(field, `${field} must be an integer ${range} (got ${String(value)})`);
  }
  return value;
}

function limit(value: unknown, min: number, max: number): number | undefined {
  return integerIn(value, 'limit', min, max);
}

function skip(value: unknown): number | undefined {
  return integerIn(value, 'skip', 0, Number.MAX_SAFE_INTEGER);
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new RequestValidationError(
      field,
      `${field} must be one of ${allowed.join(', ')} (got ${String(value)})`,
    );
  }
  return value as T;
}

/** `limit` (1 to 20), `skip` and `sort` by creation date, shared by the run-like lists. */
function sortedPage(page: { limit?: unknown; skip?: unknown; sort?: unknown }) {
  return {
    limit: limit(page.limit, 1, 20),
    skip: skip(page.skip),
    sort: oneOf(page.sort, 'sort', CREATION_SORTS),
  };
}

function stack(value: unknown): number | undefined {
  return integerIn(value, 'stack', 1, Number.MAX_SAFE_INTEGER);
}

function envVars(value: unknown): EnvVar[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new RequestValidationError('envVars', 'envVars must be an array of {key, value}');
  return value.map((item: unknown, index) => {
    const entry = item as Partial<EnvVar> | null;
    if (typeof entry?.key !== 'string' || entry.key === '' || typeof entry.value !== 'string') {
      throw new RequestValidationError(
        `envVars[${index}]`,
        `envVars[${index}] must have a non-empty string key and a string value`,
      );
    }
    // Only key and value are sent, in the caller's order (later entries may use earlier ones).
    return { key: entry.key, value: entry.value };
  });
}

/** Shared by run and build triggers: `commitHash` needs `branch`. */
function commonTrigger(payload: {
  branch?: unknown;
  commitHash?: unknown;
  message?: unknown;
  envVars?: unknown;
}) {
  const branch = optionalText(payload.branch, 'branch');
  const commitHash = optionalText(payload.commitHash, 'commitHash');
  if (commitHash !== undefined && branch === undefined) {
    throw new RequestValidationError(
      'commitHash',
      'commitHash requires branch: give the branch the commit is on',
    );
  }
  if (payload.message !== undefined && typeof payload.message !== 'string') {
    throw new RequestValidationError('message', 'message must be a string');
  }
  return withoutUndefined({
    branch,
    commitHash,
    message: payload.message as string | undefined,
    envVars: envVars(payload.envVars),
  });
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}

/**
 * The request named `endpoint` (`GET /runs/:runId`): its method, and its path with each `:name` filled
 * with `params[name]`, checked and encoded.
 */
function request(endpoint: `${HttpMethod} /${string}`, params: Record<string, unknown> = {}): RequestSpec {
  const [method, template] = endpoint.split(' ') as [HttpMethod, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => segment(params[name], name));
  return { method, endpoint, path };
}

function withQuery(spec: RequestSpec, params: Record<string, QueryValue>): RequestSpec {
  return { ...spec, path: spec.path + query(params) };
}

/** A trigger: its body holds the required id (checked first), its `own` fields, then those of both triggers. */
function triggerRequest<T extends RunTrigger | BuildTrigger>(
  endpoint: 'POST /runs' | 'POST /builds',
  field: keyof T & string,
  payload: T,
  own: (payload: T) => Record<string, unknown> = () => ({}),
): RequestSpec {
  const id = (payload as Partial<T> | undefined)?.[field];
  if (typeof id !== 'string' || id === '') {
    throw new RequestValidationError(
      field,
      `a ${endpoint === 'POST /runs' ? 'run' : 'build'} trigger needs ${field}`,
    );
  }
  return {
    ...request(endpoint),
    body: withoutUndefined({ [field]: id, ...own(payload), ...commonTrigger(payload) }),
  };
}

export function listApplicationsRequest(owner: string, options: ApplicationListOptions = {}): RequestSpec {
  return withQuery(request('GET /applications/:owner', { owner }), {
    stack: stack(options.stack),
    limit: limit(options.limit, 1, 100),
    skip: skip(options.skip),
    sort: oneOf(options.sort, 'sort', APPLICATION_SORTS),
  });
}

export function getApplicationRequest(owner: string, name: string): RequestSpec {
  return request('GET /applications/:owner/:application', { owner, application: name });
}

export function setIgnoredBranchesRequest(owner: string, name: string, branches: string[]): RequestSpec {
  if (!Array.isArray(branches) || branches.some((branch) => typeof branch !== 'string' || branch === '')) {
    throw new RequestValidationError(
      'ignoredBranches',
      'ignoredBranches must be an array of non-empty strings',
    );
  }
  if (branches.length > MAX_IGNORED_BRANCHES) {
    throw new RequestValidationError(
      'ignoredBranches',
      `ignoredBranches takes at most ${MAX_IGNORED_BRANCHES} entries (got ${branches.length})`,
    );
  }
  return {
    ...request('PATCH /applications/:owner/:application', { owner, application: name }),
    body: { ignoredBranches: [...branches] },
  };
}

export function listBuildsRequest(owner: string, name: string, filters: BuildFilters = {}): RequestSpec {
  const commit = optionalText(filters.commit, 'commit');
  if (commit !== undefined && commit.length !== 40) {
    throw new RequestValidationError(
      'commit',
      `commit must be a full 40-character hash (got ${commit.length} characters)`,
    );
  }
  return withQuery(request('GET /applications/:owner/:application/builds', { owner, application: name }), {
    branch: optionalText(filters.branch, 'branch'),
    commit,
    result: optionalText(filters.result, 'result'),
    stack: stack(filters.stack),
    status: optionalText(filters.status, 'status'),
    ...sortedPage(filters),
  });
}

export function getBuildRequest(id: string): RequestSpec {
  return request('GET /builds/:buildId', { buildId: id });
}

export function triggerBuildRequest(payload: BuildTrigger): RequestSpec {
  return triggerRequest('POST /builds', 'applicationId', payload);
}

export function listDeploysRequest(owner: string, name: string, filters: DeployFilters = {}): RequestSpec {
  return withQuery(request('GET /applications/:owner/:application/deploys', { owner, application: name }), {
    buildId: optionalText(filters.buildId, 'buildId'),
    result: optionalText(filters.result, 'result'),
    stack: stack(filters.stack),
    status: optionalText(filters.status, 'status'),
    ...sortedPage(filters),
  });
}

export function listRunsRequest(filters: RunFilters): RequestSpec {
  const applicationId = optionalText(filters?.applicationId, 'applicationId');
  const pipelineId = optionalText(filters?.pipelineId, 'pipelineId');
  if (applicationId === undefined && pipelineId === undefined) {
    throw new RequestValidationError('applicationId', 'listing runs needs applicationId or pipelineId');
  }
  return withQuery(request('GET /runs'), {
    applicationId,
    pipelineId,
    ...sortedPage(filters),
    status: optionalText(filters.status, 'status'),
    result: optionalText(filters.result, 'result'),
    branch: optionalText(filters.branch, 'branch'),
    tag: optionalText(filters.tag, 'tag'),
    commit: optionalText(filters.commit, 'commit'),
    sourceRun: optionalText(filters.sourceRun, 'sourceRun'),
    author: optionalText(filters.author, 'author'),
  });
}

export function getRunRequest(id: string): RequestSpec {
  return request('GET /runs/:runId', { runId: id });
}

export function getRunStepsRequest(id: string): RequestSpec {
  return request('GET /runs/:runId/steps', { runId: id });
}

export function triggerRunRequest(payload: RunTrigger): RequestSpec {
  return triggerRequest('POST /runs', 'pipelineId', payload, (run) => ({
    sourceRunId: optionalText(run.sourceRunId, 'sourceRunId'),
  }));
}

export function abortRunRequest(id: string): RequestSpec {
  // Clients of the real service sent an empty JSON object as the abort body.
  return { ...request('PUT /runs/:runId/abort', { runId: id }), body: {} };
}

export function listWorkflowsRequest(filters: WorkflowFilters): RequestSpec {
  const applicationId = optionalText(filters?.applicationId, 'applicationId');
  if (applicationId === undefined) {
    throw new RequestValidationError('applicationId', 'listing workflows needs applicationId');
  }
  return withQuery(request('GET /workflows'), { applicationId, ...sortedPage(filters) });
}

export function getWorkflowRequest(id: string): RequestSpec {
  return request('GET /workflows/:workflowId', { workflowId: id });
}

export function listPipelinesRequest(owner: string, name: string, page: PageOptions = {}): RequestSpec {
  return withQuery(request('GET /applications/:owner/:application/pipelines', { owner, application: name }), {
    limit: limit(page.limit, 1, Number.MAX_SAFE_INTEGER),
    skip: skip(page.skip),
  });
}

export function getPipelineRequest(id: string): RequestSpec {
  return request('GET /pipelines/:pipelineId', { pipelineId: id });
}
