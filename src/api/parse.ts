// Tolerant readers for response bodies, and the one place where what a server says is checked.
// What real servers sent must fit: Go-style timestamps, `progress: null`, `pendingapproval`, steps
// named by `displayName`, settings nested under `settings`, extra fields. What no server should send
// must not get through: ids go into URL paths, outputs and saved state, URLs into links and requests,
// statuses and results into outputs and the gate. The rules:
// - a required field (ids, `url`, `status`, list bodies) that is missing, of the wrong type or
//   unusable (an id that fails isSafeId, a URL that is not http(s)) is a ContractError naming the
//   endpoint and the field, and saying what is wrong without repeating the value;
// - an optional field that is null, missing or unusable becomes undefined;
// - a status or result outside the known values becomes `unknown`, never taken for finished;
// - unknown extra fields are ignored.

import { clip } from '../text/safety.ts';
import { ContractError } from './errors.ts';
import { idFault, isSafeId } from './ids.ts';
import { identityTexts, optText, parseCommits, parseEnvVars } from './parse-texts.ts';
import { clipText, remoteLength } from './remote-text.ts';
import { parseTimestamp } from './timestamp.ts';
import {
  RESULTS,
  STATUSES,
  type Application,
  type ApplicationRef,
  type Build,
  type Deploy,
  type Pipeline,
  type PipelineRef,
  type Result,
  type Run,
  type Status,
  type Step,
  type User,
  type Workflow,
  type WorkflowItem,
} from './types.ts';
import { checkUrl } from './urls.ts';

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

/** An id as text: a string, or a whole number some servers may send for one. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return Number.isSafeInteger(value) && (value as number) >= 0 ? String(value) : undefined;
}

function requireId(o: Fields, key: string, at: At): string {
  const text = idText(o[key]);
  if (isSafeId(text)) return text;
  if (text === undefined) return fail(child(at, key), 'a non-empty string', o[key]);
  const { endpoint, path } = child(at, key);
  throw new ContractError(endpoint, path, `is not a usable id (${idFault(text, remoteLength(text))})`);
}

function optId(value: unknown): string | undefined {
  const text = idText(value);
  return isSafeId(text) ? text : undefined;
}

function requireUrl(o: Fields, key: string, at: At): string {
  const value = requireString(o, key, at);
  const checked = checkUrl(value, remoteLength(value));
  if ('href' in checked) return checked.href;
  const { endpoint, path } = child(at, key);
  throw new ContractError(endpoint, path, `is not a usable URL (${checked.fault})`);
}

function optUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const checked = checkUrl(value, remoteLength(value));
  return 'href' in checked ? checked.href : undefined;
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

/** Remote texts are clipped to 4 KiB here, with a "(cut)" note (remote-text.ts). */
const optString = optText;

function optNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Percent: a number from 0 to 100, rounded to a whole one; anything else is unusable. */
function optProgress(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 100 ? Math.round(value) : undefined;
}

function optBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function optStringList(value: unknown): string[] | undefined {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').map(clipText)
    : undefined;
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(STATUSES);
const KNOWN_RESULTS: ReadonlySet<string> = new Set(RESULTS);
const MAX_RAW_RESULT = 200;

/** `status`: a required string; one outside the known values is `unknown`. */
function readStatus(o: Fields, at: At): Status {
  const value = requireString(o, 'status', at);
  return KNOWN_STATUSES.has(value) ? (value as Status) : 'unknown';
}

/**
 * `result`: a missing, null or unknown result is `unknown`. An unknown string is kept as `rawResult`
 * for the people reading the outcome; nothing decides on it.
 */
function readResult(o: Fields): { result: Result; rawResult?: string } {
  const value = o.result;
  if (typeof value === 'string' && KNOWN_RESULTS.has(value)) return { result: value as Result };
  if (typeof value !== 'string') return { result: 'unknown' };
  // clipText first: a result cut at read is shown by its start, as a long one would be.
  return { result: 'unknown', rawResult: clip(clipText(value), MAX_RAW_RESULT) };
}

/** Where a resource is: `id` and `url`, both required. */
function readIdentity(o: Fields, at: At): { id: string; url: string } {
  return { id: requireId(o, 'id', at), url: requireUrl(o, 'url', at) };
}

/** How far a run, build, deploy or workflow item got: `status`, `result` and `progress` (percent). */
function readState(o: Fields, at: At) {
  return { status: readStatus(o, at), ...readResult(o), progress: optProgress(o.progress) };
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

const parseUser = (value: unknown): User | undefined => {
  if (!isFields(value)) return undefined;
  const meta = isFields(value.meta) ? value.meta : {};
  const userId = value.userId === null ? null : optId(value.userId);
  return compact({
    userId,
    name: optString(value.name),
    type: optString(value.type),
    username: optString(meta.username) ?? optString(value.username),
  });
};

const parsePipelineRef = objectParser<PipelineRef>((o, at) => ({
  id: requireId(o, 'id', at),
  url: optUrl(o.url),
  name: optString(o.name),
  pipelineName: optString(o.pipelineName),
  type: optString(o.type),
  permissions: optString(o.permissions),
  setScmProviderStatus: optBoolean(o.setScmProviderStatus),
  createdAt: parseTimestamp(o.createdAt),
}));

function readSourceRunId(o: Fields): string | undefined {
  if (isFields(o.sourceRun)) return optId(o.sourceRun.id);
  return optId(o.sourceRun) ?? optId(o.sourceRunId);
}

export const parseRun = objectParser<Run>((o, at) => ({
  ...readIdentity(o, at),
  ...identityTexts(o),
  ...readState(o, at),
  createdAt: parseTimestamp(o.createdAt),
  startedAt: parseTimestamp(o.startedAt),
  finishedAt: parseTimestamp(o.finishedAt),
  envVars: parseEnvVars(o.envVars),
  commits: parseCommits(o.commits),
  user: parseUser(o.user),
  pipeline: optionalObject(o, 'pipeline', at, parsePipelineRef),
  sourceRunId: readSourceRunId(o),
}));

/** `index` is the step's position in its list, used when the server sent no `order`. */
export function parseStep(value: unknown, at: At, index = 0): Step {
  const o = requireObject(value, at);
  const order = Number.isSafeInteger(o.order) && (o.order as number) >= 0 ? (o.order as number) : index + 1;
  return compact({
    id: requireId(o, 'id', at),
    url: optUrl(o.url),
    order,
    name: optString(o.step) ?? optString(o.displayName) ?? optString(o.name) ?? `step ${order}`,
    phase: optString(o.phase),
    status: readStatus(o, at),
    ...readResult(o),
    createdAt: parseTimestamp(o.createdAt),
    startedAt: parseTimestamp(o.startedAt),
    finishedAt: parseTimestamp(o.finishedAt),
    logUrl: optUrl(o.logUrl),
    artifactsUrl: o.artifactsUrl === null ? null : optUrl(o.artifactsUrl),
  });
}

export const parseApplicationRef = objectParser<ApplicationRef>((o, at) => {
  // Some servers nest privacy and stack under `settings`.
  const settings = isFields(o.settings) ? o.settings : {};
  return {
    ...readIdentity(o, at),
    name: clipText(requireString(o, 'name', at)),
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
    builds: optUrl(o.builds),
    deploys: optUrl(o.deploys),
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
  ...identityTexts(o),
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
    runId: optId(data.runId),
    pipelineId: optId(data.pipelineId),
    targetName: optString(data.targetName),
    restricted: optBoolean(data.restricted),
    currentStep: optNumber(data.currentStep),
    totalSteps: optNumber(data.totalSteps),
    stepName: optString(data.stepName),
    parentItem: optId(o.parentItem),
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
          sourceRunId: optId(data.sourceRunId),
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
    url: optUrl(o.url),
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
