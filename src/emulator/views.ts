// What the API shows of each record, per context (list item, single object, trigger, abort...).
// The response schemas (response-schemas.ts) then enforce each field set.
import { digest } from './model/ids.ts';
import { goTime, iso } from './model/time.ts';
import { applicationEmbeddedView, applicationInWorkflowView, scmOf, userView } from './shaped-views.ts';
import type { ExecutionState, Phase, PlannedStep, StepState } from './timeline.ts';
import type { Quirks } from './types.ts';
import type { ViewContext } from './view-context.ts';

export type { ViewContext } from './view-context.ts';
import type {
  BuildRecord,
  DeployRecord,
  PipelineRecord,
  RunRecord,
  WorkflowItemRecord,
  WorkflowRecord,
} from './world-records.ts';

type Json = Record<string, unknown>;

const api = (ctx: ViewContext, path: string) => `${ctx.base}/api/v3${path}`;
const times = (state: ExecutionState): Json => ({
  ...(state.startedAt !== undefined ? { startedAt: iso(state.startedAt) } : {}),
  ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
});

export function statusOf(phase: Phase, quirks: Quirks): string {
  if (phase === 'queued') return quirks.pendingApproval ? 'pendingapproval' : 'notstarted';
  return phase;
}

export function pipelineView(ctx: ViewContext, pipeline: PipelineRecord): Json {
  return {
    id: pipeline.id,
    url: api(ctx, `/pipelines/${pipeline.id}`),
    createdAt: iso(pipeline.createdAt),
    name: pipeline.name,
    pipelineName: pipeline.name,
    permissions: pipeline.permissions,
    setScmProviderStatus: pipeline.setScmProviderStatus,
    type: pipeline.type,
  };
}

export function pipelineSingleView(ctx: ViewContext, pipeline: PipelineRecord): Json {
  return { ...pipelineView(ctx, pipeline), application: applicationEmbeddedView(ctx, pipeline.app) };
}

export type RunContext = 'list' | 'single' | 'trigger' | 'abort';

export function runView(ctx: ViewContext, run: RunRecord, context: RunContext): Json {
  const state = ctx.world.stateOf(run, ctx.now);
  const base: Json = {
    id: run.id,
    url: api(ctx, `/runs/${run.id}`),
    branch: run.branch,
    commitHash: run.commitHash,
    createdAt: iso(run.plan.createdAt),
    message: run.message,
    ...(run.tag !== undefined ? { tag: run.tag } : {}),
    // A run a push started (or chained from one) shows whoever pushed as recorded traffic did.
    user: userView(ctx, run.user, run.commits !== undefined),
    pipeline: pipelineView(ctx, run.pipeline),
  };
  if (context === 'trigger') {
    // The spec's trigger response: the run as created, before anything happened to it.
    return { ...base, envVars: run.envVars, progress: 0, result: 'unknown', status: 'notstarted' };
  }
  const live = {
    ...base,
    ...times(state),
    // null on finished runs only: the runs that showed it (igor's fixtures, 2018) had all finished.
    progress: ctx.quirks.nullProgress && state.phase === 'finished' ? null : state.progress,
    result: state.result,
    status: statusOf(state.phase, ctx.quirks),
  };
  if (context === 'list') return live;
  return {
    ...live,
    envVars: run.envVars,
    commits: (run.commits ?? []).map((commit) => ({ ...commit })),
    pullRequest: {},
    ...(run.sourceRun ? { sourceRun: runView(ctx, run.sourceRun, 'list') } : {}),
  };
}

/** The trigger response of the real Go backend: trimmed, Go timestamps, no serviceEmployee. */
export function goTriggerRunView(ctx: ViewContext, run: RunRecord): Json {
  const user = userView(ctx, run.user);
  return {
    id: run.id,
    url: api(ctx, `/runs/${run.id}`),
    branch: run.branch,
    commitHash: run.commitHash,
    createdAt: goTime(run.plan.createdAt, Number.parseInt(digest(run.id, 5), 16) % 1_000_000),
    message: run.message,
    ...(run.tag !== undefined ? { tag: run.tag } : {}),
    result: 'unknown',
    status: 'notstarted',
    user: {
      ...user,
      meta: { username: run.user.username, type: run.user.members ? 'organization' : 'user' },
    },
    pipeline: { ...pipelineView(ctx, run.pipeline), createdAt: goTime(run.pipeline.createdAt) },
  };
}

function stepName(ctx: ViewContext, step: PlannedStep): Json {
  return ctx.quirks.displayNameSteps && step.order >= 3
    ? { displayName: step.name, phase: 'mainSteps' }
    : { step: step.name };
}

/**
 * A step that has not started yet. Real servers created a run's steps before running them, so a
 * started run lists them all, and clients can tell how many there are.
 */
export function pendingStepView(ctx: ViewContext, run: RunRecord, step: PlannedStep): Json {
  return {
    id: step.id,
    url: api(ctx, `/runsteps/${step.id}`),
    artifactsUrl: null,
    createdAt: iso(run.plan.startAt),
    logUrl: api(ctx, `/runsteps/${step.id}/log`),
    order: step.order,
    result: 'unknown',
    status: 'notstarted',
    ...stepName(ctx, step),
  };
}

export function stepView(ctx: ViewContext, run: RunRecord, state: StepState): Json {
  const { step } = state;
  const named = stepName(ctx, step);
  return {
    id: step.id,
    url: api(ctx, `/runsteps/${step.id}`),
    artifactsUrl: ctx.artifacts.artifactsUrl(ctx.base, ctx.quirks, state, ctx.now),
    createdAt: iso(run.plan.startAt),
    startedAt: iso(step.startAt),
    ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
    logUrl: api(ctx, `/runsteps/${step.id}/log`),
    order: step.order,
    result: state.result,
    status: state.finished ? 'finished' : 'running',
    ...named,
  };
}

/** Builds and deploys know no approval step: queued is always `notstarted`. */
export function classicStatusOf(phase: Phase): string {
  return phase === 'queued' ? 'notstarted' : phase;
}

/** What the list items of builds and deploys both show, with the state they show it from. */
function classicItem(
  ctx: ViewContext,
  exec: BuildRecord | DeployRecord,
  collection: 'builds' | 'deploys',
): { state: ExecutionState; view: Json } {
  const state = ctx.world.stateOf(exec, ctx.now);
  const view = {
    id: exec.id,
    url: api(ctx, `/${collection}/${exec.id}`),
    createdAt: iso(exec.plan.createdAt),
    status: classicStatusOf(state.phase),
    result: state.result,
  };
  return { state, view };
}

export function buildListView(ctx: ViewContext, build: BuildRecord): Json {
  const { state, view } = classicItem(ctx, build, 'builds');
  return {
    ...view,
    branch: build.branch,
    // Captured list items carry it (wercker4j's fixtures); the spec's list of fields does not.
    ...(ctx.quirks.shape !== 'spec' ? { commitHash: build.commitHash } : {}),
    message: build.message,
    ...times(state),
    progress: state.phase === 'queued' ? null : state.progress,
  };
}

export function buildView(
  ctx: ViewContext,
  build: BuildRecord,
  context: 'single' | 'trigger' | 'abort',
): Json {
  const view: Json = {
    ...buildListView(ctx, build),
    commitHash: build.commitHash,
    envVars: build.envVars.map((envVar) => ({ ...envVar })),
    application: applicationEmbeddedView(ctx, build.app, true),
  };
  if (context === 'trigger') {
    delete view.startedAt;
    delete view.finishedAt;
    return { ...view, progress: null, status: 'notstarted', result: 'unknown' };
  }
  return view;
}

export function deployListView(ctx: ViewContext, deploy: DeployRecord): Json {
  const { state, view } = classicItem(ctx, deploy, 'deploys');
  return { ...view, progress: state.progress };
}

export function deployView(ctx: ViewContext, deploy: DeployRecord): Json {
  return {
    ...deployListView(ctx, deploy),
    build: { ...buildListView(ctx, deploy.build), commitHash: deploy.build.commitHash },
    application: applicationEmbeddedView(ctx, deploy.app, true),
  };
}

function workflowItemView(ctx: ViewContext, workflow: WorkflowRecord, item: WorkflowItemRecord): Json {
  const data: Json = { targetName: item.pipeline.name, pipelineId: item.pipeline.id, restricted: false };
  const common = {
    id: item.id,
    type: 'run',
    ...(item.parentItemId ? { parentItem: item.parentItemId } : {}),
  };
  if (!item.run) {
    // A captured stub omits runId; recorded traffic (the 2017 shape) sends it as null.
    return {
      ...common,
      status: 'notstarted',
      result: 'unknown',
      progress: 0,
      updatedAt: iso(workflow.createdAt),
      data: ctx.quirks.shape === '2017' ? { ...data, runId: null } : data,
    };
  }
  const state = ctx.world.stateOf(item.run, ctx.now);
  const current = state.steps[state.steps.length - 1];
  return {
    ...common,
    status: statusOf(state.phase, ctx.quirks),
    result: state.result,
    progress: state.progress,
    updatedAt: iso(state.changedAt),
    data: {
      ...data,
      runId: item.run.id,
      ...(current
        ? {
            totalSteps: item.run.plan.steps.length,
            currentStep: current.step.order,
            stepName: current.step.name,
          }
        : {}),
    },
  };
}

export function workflowView(ctx: ViewContext, workflow: WorkflowRecord, single: boolean): Json {
  const started = workflow.items
    .map((item) => (item.run ? ctx.world.stateOf(item.run, ctx.now) : undefined))
    .filter((state): state is ExecutionState => state !== undefined);
  const startedAt = started.map((state) => state.startedAt).filter((at): at is number => at !== undefined);
  const updatedAt = Math.max(workflow.createdAt, ...started.map((state) => state.changedAt));
  return {
    id: workflow.id,
    url: api(ctx, `/workflows/${workflow.id}`),
    createdAt: iso(workflow.createdAt),
    ...(startedAt.length > 0 ? { startedAt: iso(Math.min(...startedAt)) } : {}),
    updatedAt: iso(updatedAt),
    trigger: workflow.trigger,
    data: {
      ...workflow.data,
      ...(workflow.trigger === 'git' ? { scm: scmOf(workflow.app) } : {}),
    },
    items: workflow.items.map((item) => workflowItemView(ctx, workflow, item)),
    user: userView(ctx, workflow.user, workflow.items[0]?.run?.commits !== undefined),
    ...(single ? { application: applicationInWorkflowView(ctx, workflow.app) } : {}),
  };
}
