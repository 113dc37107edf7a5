// JSON schemas: request schemas enforce the spec's rules; response schemas enforce the exact field
// set of each context (fastify serialises only the properties listed, and fails on missing required ones).

type Schema = Record<string, unknown>;

/** A closed object: `required` fields must be present, `optional` ones may be, nothing else passes. */
function closed(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(required),
    properties: { ...required, ...optional },
  };
}

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const nullableInt: Schema = { type: ['integer', 'null'] };
const timestamp: Schema = { type: 'string', format: 'date-time' };

export const STATUSES = ['notstarted', 'started', 'finished', 'running'];
export const RESULTS = ['aborted', 'unknown', 'passed', 'failed'];
export const CREATION_SORTS = ['creationDateAsc', 'creationDateDesc'];
export const APPLICATION_SORTS = [
  'nameAsc',
  'nameDesc',
  'createdAtAsc',
  'createdAtDesc',
  'updatedAtAsc',
  'updatedAtDesc',
];

// ---- responses ----

export const userSchema = closed({
  meta: closed({ username: str, serviceEmployee: bool }),
  userId: str,
  avatar: closed({ gravatar: str }),
  name: str,
  type: str,
});

const pipelineFields = {
  id: str,
  url: str,
  createdAt: timestamp,
  name: str,
  pipelineName: str,
  permissions: str,
  setScmProviderStatus: bool,
  type: str,
};
export const pipelineSchema = closed(pipelineFields);

const envVarsSchema: Schema = { type: 'array', items: closed({ key: str, value: str }) };

const runCommon = {
  id: str,
  url: str,
  branch: str,
  commitHash: str,
  createdAt: timestamp,
  message: str,
  progress: nullableInt,
  result: str,
  status: str,
  user: userSchema,
  pipeline: pipelineSchema,
};
const runTimes = { startedAt: timestamp, finishedAt: timestamp };

export const runListItemSchema = closed(runCommon, runTimes);
export const runSchema = closed(
  {
    ...runCommon,
    envVars: envVarsSchema,
    commits: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  { ...runTimes, sourceRun: runListItemSchema },
);
export const runTriggerSchema = closed({ ...runCommon, envVars: envVarsSchema });

export const stepSchema = closed(
  {
    id: str,
    url: str,
    artifactsUrl: { type: ['string', 'null'] },
    createdAt: timestamp,
    logUrl: str,
    order: int,
    result: str,
    status: str,
  },
  { startedAt: timestamp, finishedAt: timestamp, step: str, displayName: str, phase: str },
);

const applicationCore = {
  id: str,
  url: str,
  name: str,
  owner: userSchema,
  createdAt: timestamp,
  privacy: str,
  stack: int,
};
export const applicationListItemSchema = closed(applicationCore);
export const applicationEmbeddedSchema = closed(applicationCore);
export const applicationInWorkflowSchema = closed({ ...applicationCore, updatedAt: timestamp });
export const applicationSchema = closed({
  ...applicationCore,
  builds: str,
  deploys: str,
  scm: closed({ repository: str, owner: str, type: str }),
  ignoredBranches: { type: 'array', items: str },
});

const buildCommon = {
  id: str,
  url: str,
  branch: str,
  createdAt: timestamp,
  message: str,
  progress: nullableInt,
  result: str,
  status: str,
};
export const buildListItemSchema = closed(buildCommon, runTimes);
export const buildSchema = closed(
  { ...buildCommon, commitHash: str, application: applicationEmbeddedSchema },
  runTimes,
);
export const buildTriggerSchema = closed({
  ...buildCommon,
  commitHash: str,
  application: applicationEmbeddedSchema,
});

const deployCommon = { id: str, url: str, progress: int, createdAt: timestamp, result: str, status: str };
export const deployListItemSchema = closed(deployCommon);
export const deploySchema = closed({
  ...deployCommon,
  build: buildListItemSchema,
  application: applicationEmbeddedSchema,
});

export const pipelineWithApplicationSchema = closed({
  ...pipelineFields,
  application: applicationEmbeddedSchema,
});

const workflowItemSchema = closed(
  {
    id: str,
    type: str,
    status: str,
    result: str,
    progress: int,
    updatedAt: timestamp,
    data: closed(
      { targetName: str, pipelineId: str, restricted: bool },
      { runId: str, currentStep: int, totalSteps: int, stepName: str },
    ),
  },
  { parentItem: str },
);
const workflowCommon = {
  id: str,
  url: str,
  createdAt: timestamp,
  updatedAt: timestamp,
  trigger: str,
  data: closed({ branch: str, message: str }, { commitHash: str, sourceRunId: str }),
  items: { type: 'array', items: workflowItemSchema },
  user: userSchema,
};
export const workflowListItemSchema = closed(workflowCommon, { startedAt: timestamp });
export const workflowSchema = closed(
  { ...workflowCommon, application: applicationInWorkflowSchema },
  { startedAt: timestamp },
);

export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

// ---- requests ----

const limit = (max: number, fallback?: number): Schema => ({
  type: 'integer',
  minimum: 1,
  maximum: max,
  ...(fallback !== undefined ? { default: fallback } : {}),
});
const skip: Schema = { type: 'integer', minimum: 0, default: 0 };
const stackFilter: Schema = { type: 'integer', enum: [1, 5, 6] };

/** Query strings stay open: `token` and unknown parameters pass, as real servers let them. */
const query = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties: { token: str, ...properties },
  required,
});

export const runsQuery = query({
  applicationId: str,
  pipelineId: str,
  limit: limit(20),
  skip,
  sort: { type: 'string', enum: CREATION_SORTS, default: 'creationDateDesc' },
  status: { type: 'string', enum: STATUSES },
  result: { type: 'string', enum: RESULTS },
  branch: str,
  tag: str,
  commit: str,
  sourceRun: str,
  author: str,
});

// Body fields use `jsType` (strict-types.ts) instead of `type`, so that nothing is coerced.
const bodyStr: Schema = { jsType: 'string' };
const nonEmpty: Schema = { jsType: 'string', minLength: 1 };
const envVarsBody: Schema = {
  jsType: 'array',
  items: closed({ key: nonEmpty, value: bodyStr }),
};

export const runTriggerBody = closed(
  { pipelineId: nonEmpty },
  {
    sourceRunId: nonEmpty,
    branch: nonEmpty,
    commitHash: nonEmpty,
    message: bodyStr,
    envVars: envVarsBody,
    tag: nonEmpty,
  },
);

export const buildTriggerBody = closed(
  { applicationId: nonEmpty },
  { branch: nonEmpty, commitHash: nonEmpty, message: bodyStr, envVars: envVarsBody },
);

export const applicationsQuery = query({
  stack: stackFilter,
  limit: limit(100, 20),
  skip,
  sort: { type: 'string', enum: APPLICATION_SORTS, default: 'nameAsc' },
});

export const buildsQuery = query({
  branch: str,
  commit: { type: 'string', minLength: 40, maxLength: 40 },
  result: { type: 'string', enum: RESULTS },
  stack: stackFilter,
  status: { type: 'string', enum: STATUSES },
  limit: limit(20, 10),
  skip,
  sort: { type: 'string', enum: CREATION_SORTS, default: 'creationDateDesc' },
});

export const deploysQuery = query({
  buildId: str,
  result: { type: 'string', enum: RESULTS },
  stack: stackFilter,
  status: { type: 'string', enum: STATUSES },
  limit: limit(20, 10),
  skip,
  sort: { type: 'string', enum: CREATION_SORTS, default: 'creationDateDesc' },
});

export const workflowsQuery = query(
  {
    applicationId: { type: 'string', minLength: 1 },
    limit: limit(20, 10),
    skip,
    sort: { type: 'string', enum: CREATION_SORTS, default: 'creationDateDesc' },
  },
  ['applicationId'],
);

export const pipelinesQuery = query({ limit: limit(100, 20), skip });

export const patchApplicationBody = closed({
  ignoredBranches: { jsType: 'array', maxItems: 10, items: bodyStr },
});
