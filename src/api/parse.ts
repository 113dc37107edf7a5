// Tolerant readers for response bodies. What real servers sent must fit: Go-style timestamps,
// `progress: null`, unknown status values, steps named by `displayName`, settings nested under
// `settings`, extra fields. The rules:
// - a required field (ids, `url`, `status`, list bodies) that is missing or of the wrong type is a
//   ContractError naming the endpoint and the field;
// - an optional field that is null, missing or unusable becomes undefined;
// - unknown extra fields are ignored.

import { ContractError } from './errors.ts';
import type {
  Application,
  ApplicationRef,
  Build,
  Deploy,
  EnvVar,
  Pipeline,
  PipelineRef,
  Run,
  Step,
  User,
  Workflow,
  WorkflowItem,
} from './types.ts';

type Fields = Record<string, unknown>;

/** Where a value sits: the endpoint (for messages) and the field path inside the body. */
interface At {
  endpoint: string;
  path: string;
}

export type Parser<T> = (value: unknown, at: At) => T;

function child(at: At, key: string | number): At {
  const path = typeof key === 'number' ? `${at.path}[${key}]` : at.path ? `${at.path}.${key}` : key;
  return { endpoint: at.endpoint, path };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fail(at: At, expected: string, value: unknown): never {
  const problem =
    value === undefined ? `is missing (expected ${expected})` : `is not ${expected} (got ${typeName(value)})`;
  throw new ContractError(at.endpoint, at.path || '(body)', problem);
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireObject(value: unknown, at: At): Fields {
  if (!isFields(value)) fail(at, 'an object', value);
  return value;
}

function requireId(o: Fields, key: string, at: At): string {
  const value = o[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fail(child(at, key), 'a non-empty string', value);
}

function requireString(o: Fields, key: string, at: At): string {
  const value = o[key];
  if (typeof value !== 'string') fail(child(at, key), 'a string', value);
  return value;
}

/** A nested object parsed by `parser` (its errors name the field); anything else becomes undefined. */
function optionalObject<T>(o: Fields, key: string, at: At, parser: Parser<T>): T | undefined {
  const value = o[key];
  return isFields(value) ? parser(value, child(at, key)) : undefined;
}

function optString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function optNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function optBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function optStringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** `status`: required; any string is kept, known or not. */
function readStatus(o: Fields, at: At): string {
  return requireString(o, 'status', at);
}

/** `result`: a missing or null result means the outcome is not known yet. */
function readResult(o: Fields, at: At): string {
  const value = o.result;
  if (value === undefined || value === null) return 'unknown';
  if (typeof value !== 'string') fail(child(at, 'result'), 'a string', value);
  return value;
}

/** Where a resource is: `id` and `url`, both required. */
function readIdentity(o: Fields, at: At): { id: string; url: string } {
  return { id: requireId(o, 'id', at), url: requireString(o, 'url', at) };
}

/** How far a run, build, deploy or workflow item got: `status`, `result` and `progress` (percent). */
function readState(o: Fields, at: At): { status: string; result: string; progress: number | undefined } {
  return { status: readStatus(o, at), result: readResult(o, at), progress: optNumber(o.progress) };
}

/** Drops undefined properties so parsed objects compare and print cleanly. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/** A parser of a required object: `read` takes its fields, and those left undefined are dropped. */
function objectParser<T extends object>(read: (o: Fields, at: At) => T): Parser<T> {
  return (value, at) => compact(read(requireObject(value, at), at));
}

// `2017-07-04 22:43:55.359468446 +0000 UTC`, optionally followed by Go's monotonic reading `m=+0.01`.
const GO_TIME =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))? ([+-]\d{2}):?(\d{2})(?: [A-Za-z]{1,5})?(?: m=[+-][\d.]+)?$/;
// ISO 8601 date-time; a missing zone means UTC (the API only speaks UTC).
const ISO_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function milliseconds(fraction: string | undefined): string {
  return (fraction ?? '').padEnd(3, '0').slice(0, 3);
}

/** ISO 8601 or Go `time.String()` text (fractions truncated to milliseconds); undefined when neither. */
export function parseTimestamp(value: unknown): Date | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let normalised: string | undefined;
  const go = GO_TIME.exec(text);
  const iso = go ? null : ISO_TIME.exec(text);
  if (go) {
    normalised = `${go[1]}T${go[2]}.${milliseconds(go[3])}${go[4]}:${go[5]}`;
  } else if (iso) {
    const time = iso[2]?.length === 5 ? `${iso[2]}:00` : iso[2];
    let zone = (iso[4] ?? 'Z').toUpperCase();
    if (/^[+-]\d{2}$/.test(zone)) zone += ':00';
    else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    normalised = `${iso[1]}T${time}.${milliseconds(iso[3])}${zone}`;
  } else if (ISO_DATE.test(text)) {
    normalised = text;
  }
  if (normalised === undefined) return undefined;
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

const parseUser = (value: unknown): User | undefined => {
  if (!isFields(value)) return undefined;
  const meta = isFields(value.meta) ? value.meta : {};
  const userId = value.userId === null ? null : optString(value.userId);
  return compact({
    userId,
    name: optString(value.name),
    type: optString(value.type),
    username: optString(meta.username) ?? optString(value.username),
  });
};

function parseEnvVars(value: unknown): EnvVar[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(isFields)
    .filter((item) => typeof item.key === 'string')
    .map((item) => ({
      key: item.key as string,
      value: typeof item.value === 'string' ? item.value : String(item.value ?? ''),
    }));
}

const parsePipelineRef = objectParser<PipelineRef>((o, at) => ({
  id: requireId(o, 'id', at),
  url: optString(o.url),
  name: optString(o.name),
  pipelineName: optString(o.pipelineName),
  type: optString(o.type),
  permissions: optString(o.permissions),
  setScmProviderStatus: optBoolean(o.setScmProviderStatus),
  createdAt: parseTimestamp(o.createdAt),
}));

function readSourceRunId(o: Fields): string | undefined {
  if (isFields(o.sourceRun)) return optString(o.sourceRun.id);
  return optString(o.sourceRun) ?? optString(o.sourceRunId);
}

export const parseRun = objectParser<Run>((o, at) => ({
  ...readIdentity(o, at),
  branch: optString(o.branch),
  commitHash: optString(o.commitHash),
  message: optString(o.message),
  ...readState(o, at),
  createdAt: parseTimestamp(o.createdAt),
  startedAt: parseTimestamp(o.startedAt),
  finishedAt: parseTimestamp(o.finishedAt),
  envVars: parseEnvVars(o.envVars),
  commits: Array.isArray(o.commits) ? o.commits : undefined,
  user: parseUser(o.user),
  pipeline: optionalObject(o, 'pipeline', at, parsePipelineRef),
  sourceRunId: readSourceRunId(o),
}));

/** `index` is the step's position in its list, used when the server sent no `order`. */
export function parseStep(value: unknown, at: At, index = 0): Step {
  const o = requireObject(value, at);
  const order = optNumber(o.order) ?? index + 1;
  return compact({
    id: requireId(o, 'id', at),
    url: optString(o.url),
    order,
    name: optString(o.step) ?? optString(o.displayName) ?? optString(o.name) ?? `step ${order}`,
    phase: optString(o.phase),
    status: readStatus(o, at),
    result: readResult(o, at),
    createdAt: parseTimestamp(o.createdAt),
    startedAt: parseTimestamp(o.startedAt),
    finishedAt: parseTimestamp(o.finishedAt),
    logUrl: optString(o.logUrl),
    artifactsUrl: o.artifactsUrl === null ? null : optString(o.artifactsUrl),
  });
}

export const parseApplicationRef = objectParser<ApplicationRef>((o, at) => {
  // Some servers nest privacy and stack under `settings`.
  const settings = isFields(o.settings) ? o.settings : {};
  return {
    ...readIdentity(o, at),
    name: requireString(o, 'name', at),
    owner: parseUser(o.owner),
    privacy: optString(o.privacy) ?? optString(settings.privacy),
    stack: optNumber(o.stack) ?? optNumber(settings.stack),
    createdAt: parseTimestamp(o.createdAt),
    updatedAt: parseTimestamp(o.updatedAt),
  };
});

export const parseApplication: Parser<Application> = (value, at) => {
  const ref = parseApplicationRef(value, at);
  const o = value as Fields;
  const settings = isFields(o.settings) ? o.settings : {};
  const scm = isFields(o.scm) ? o.scm : undefined;
  return compact({
    ...ref,
    builds: optString(o.builds),
    deploys: optString(o.deploys),
    scm: scm
      ? compact({
          repository: optString(scm.repository),
          owner: optString(scm.owner),
          type: optString(scm.type),
        })
      : undefined,
    ignoredBranches: optStringList(o.ignoredBranches) ?? optStringList(settings.ignoredBranches),
  });
};

export const parseBuild = objectParser<Build>((o, at) => ({
  ...readIdentity(o, at),
  ...readState(o, at),
  branch: optString(o.branch),
  commitHash: optString(o.commitHash),
  message: optString(o.message),
  createdAt: parseTimestamp(o.createdAt),
  startedAt: parseTimestamp(o.startedAt),
  finishedAt: parseTimestamp(o.finishedAt),
  application: optionalObject(o, 'application', at, parseApplicationRef),
}));

export const parseDeploy = objectParser<Deploy>((o, at) => ({
  ...readIdentity(o, at),
  ...readState(o, at),
  createdAt: parseTimestamp(o.createdAt),
}));

/** Flattens the item's `data` object (runId, pipelineId, step counters) into the item. */
const parseWorkflowItem = objectParser<WorkflowItem>((o, at) => {
  const data = isFields(o.data) ? o.data : {};
  return {
    id: requireId(o, 'id', at),
    type: optString(o.type),
    ...readState(o, at),
    updatedAt: parseTimestamp(o.updatedAt),
    runId: optString(data.runId),
    pipelineId: optString(data.pipelineId),
    targetName: optString(data.targetName),
    restricted: optBoolean(data.restricted),
    currentStep: optNumber(data.currentStep),
    totalSteps: optNumber(data.totalSteps),
    stepName: optString(data.stepName),
    parentItem: optString(o.parentItem),
  };
});

export const parseWorkflow = objectParser<Workflow>((o, at) => {
  const data = isFields(o.data) ? o.data : undefined;
  let items: WorkflowItem[] = [];
  if (o.items !== undefined && o.items !== null) {
    items = parseListAt(o.items, child(at, 'items'), parseWorkflowItem);
  }
  return {
    ...readIdentity(o, at),
    trigger: optString(o.trigger),
    createdAt: parseTimestamp(o.createdAt),
    startedAt: parseTimestamp(o.startedAt),
    updatedAt: parseTimestamp(o.updatedAt),
    data: data
      ? compact({
          branch: optString(data.branch),
          commitHash: optString(data.commitHash),
          message: optString(data.message),
          sourceRunId: optString(data.sourceRunId),
        })
      : undefined,
    items,
    user: parseUser(o.user),
    application: optionalObject(o, 'application', at, parseApplicationRef),
  };
});

export const parsePipeline = objectParser<Pipeline>((o, at) => {
  const name = optString(o.name) ?? optString(o.pipelineName);
  if (name === undefined) fail(child(at, 'name'), 'a string', o.name);
  return {
    id: requireId(o, 'id', at),
    url: optString(o.url),
    name,
    pipelineName: optString(o.pipelineName),
    type: optString(o.type),
    permissions: optString(o.permissions),
    createdAt: parseTimestamp(o.createdAt),
  };
});

export const parsePipelineWithApplication: Parser<Pipeline & { application?: ApplicationRef }> = (
  value,
  at,
) => {
  const pipeline = parsePipeline(value, at);
  const application = optionalObject(value as Fields, 'application', at, parseApplicationRef);
  return application ? { ...pipeline, application } : pipeline;
};

function parseListAt<T>(value: unknown, at: At, item: (value: unknown, at: At, index: number) => T): T[] {
  if (!Array.isArray(value)) fail(at, 'an array', value);
  return value.map((entry, index) => item(entry, child(at, index), index));
}

/** Parses a single-object body of `endpoint` (e.g. `GET /runs/:runId`). */
export function parseBody<T>(body: unknown, endpoint: string, parser: Parser<T>): T {
  return parser(body, { endpoint, path: '' });
}

/** Parses a list body (a bare array) of `endpoint`; items are named `[i].field` in errors. */
export function parseListBody<T>(
  body: unknown,
  endpoint: string,
  item: (value: unknown, at: At, index: number) => T,
): T[] {
  return parseListAt(body, { endpoint, path: '' }, item);
}
