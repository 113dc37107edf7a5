// What each response holds, per context (list item, single object, trigger...), as valibot schemas:
// the serialiser (validation.ts) sends exactly these fields, in this order, and fails on a missing one.
import * as v from 'valibot';

type Entries = v.ObjectEntries;

/** `required` fields must be there, `optional` ones may be; anything else a view holds is not sent. */
function fields<R extends Entries, O extends Entries = Record<never, never>>(required: R, optional?: O) {
  const optionalEntries = Object.fromEntries(
    Object.entries(optional ?? {}).map(([key, schema]) => [key, v.optional(schema)]),
  ) as { [K in keyof O]: v.OptionalSchema<O[K], undefined> };
  return v.object({ ...required, ...optionalEntries });
}

const str = v.string();
const int = v.number();
const bool = v.boolean();
const nullableInt = v.nullable(v.number());
const timestamp = v.string();

export const arrayOf = <T extends v.GenericSchema>(item: T) => v.array(item);

const userSchema = fields({
  // serviceEmployee in the spec shape, werckerEmployee in the real ones; no type in 2016; neither flag on
  // whoever pushed in 2017.
  meta: fields({ username: str }, { type: str, serviceEmployee: bool, werckerEmployee: bool }),
  userId: str,
  avatar: fields({ gravatar: str }),
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
export const pipelineSchema = fields(pipelineFields);

const envVarsSchema = v.array(fields({ key: str, value: str }));

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

export const runListItemSchema = fields(runCommon, { ...runTimes, tag: str });
export const runSchema = fields(
  {
    ...runCommon,
    envVars: envVarsSchema,
    commits: v.array(fields({ _id: str, commit: str, message: str, by: str })),
    pullRequest: v.looseObject({}),
  },
  { ...runTimes, tag: str, sourceRun: runListItemSchema },
);
export const runTriggerSchema = fields({ ...runCommon, envVars: envVarsSchema }, { tag: str });

export const stepSchema = fields(
  {
    id: str,
    url: str,
    artifactsUrl: v.nullable(str),
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
export const applicationListItemSchema = fields(applicationCore, { updatedAt: timestamp, theme: str });
const applicationEmbeddedSchema = fields(applicationCore, { updatedAt: timestamp });
const applicationInWorkflowSchema = fields({ ...applicationCore, updatedAt: timestamp }, { theme: str });
export const applicationSchema = fields({
  ...applicationCore,
  builds: str,
  deploys: str,
  scm: fields({ repository: str, owner: str, type: str, domain: str }),
  ignoredBranches: v.array(str),
  // Not in the 2016 shape.
  badgeKey: v.optional(str),
  theme: v.optional(str),
  allowedActions: v.optional(v.array(str)),
  settings: v.optional(fields({ privacy: str, stack: int, ignoredBranches: v.array(str) })),
  updatedAt: v.optional(timestamp),
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
export const buildListItemSchema = fields(buildCommon, { ...runTimes, commitHash: str });
export const buildSchema = fields(
  { ...buildCommon, commitHash: str, envVars: envVarsSchema, application: applicationEmbeddedSchema },
  runTimes,
);
export const buildTriggerSchema = fields({
  ...buildCommon,
  commitHash: str,
  envVars: envVarsSchema,
  application: applicationEmbeddedSchema,
});

const deployCommon = { id: str, url: str, progress: int, createdAt: timestamp, result: str, status: str };
export const deployListItemSchema = fields(deployCommon);
export const deploySchema = fields({
  ...deployCommon,
  build: fields({ ...buildCommon, commitHash: str }, runTimes),
  application: applicationEmbeddedSchema,
});

export const pipelineWithApplicationSchema = fields({
  ...pipelineFields,
  application: applicationEmbeddedSchema,
});

const workflowItemSchema = fields(
  {
    id: str,
    type: str,
    status: str,
    result: str,
    progress: int,
    updatedAt: timestamp,
    data: fields(
      { targetName: str, pipelineId: str, restricted: bool },
      { runId: v.nullable(str), currentStep: int, totalSteps: int, stepName: str },
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
  data: fields(
    { branch: str, message: str },
    {
      commitHash: str,
      sourceRunId: str,
      scm: fields({ type: str, owner: str, domain: str, repository: str }),
    },
  ),
  items: v.array(workflowItemSchema),
  user: userSchema,
};
export const workflowListItemSchema = fields(workflowCommon, { startedAt: timestamp });
export const workflowSchema = fields(
  { ...workflowCommon, application: applicationInWorkflowSchema },
  { startedAt: timestamp },
);
