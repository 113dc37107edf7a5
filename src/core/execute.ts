// The whole flow, shared by the action and the CLI:
// settings → resolve → trigger (exactly once) → follow → (workflow) → outcome, reported as it goes.
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Build, Run, Step, Workflow } from '../api/types.ts';
import type { AbortResult, RemoteRef } from './abort.ts';
import { abortRemote } from './abort.ts';
import type { FollowEnd, FollowObserver, Remote } from './follow.ts';
import { follow } from './follow.ts';
import { decideOutcome, type Outcome } from './outcome.ts';
import type { PollPolicy } from './polling.ts';
import { createPollPolicy } from './polling.ts';
import type { Ports } from './ports.ts';
import { resolveTarget, resolveWorkflowApplicationId, type Resolved } from './resolve.ts';
import type { Settings } from './settings.ts';
import { STATE } from './state-keys.ts';
import { stepsOutput } from './report/steps-output.ts';
import { triggerBuildOnce, triggerRunOnce } from './trigger.ts';
import { followWorkflow, worstResult } from './workflow.ts';

export interface CancelSignals {
  /** The first SIGINT/SIGTERM/SIGBREAK: stop following, abort the remote run, report, exit. */
  signal: AbortSignal;
  /** A second signal: stop waiting for anything, write what we have and exit now. */
  hurry: AbortSignal;
}

export interface TriggerInfo {
  ref: RemoteRef;
  resource: Remote;
  attached: boolean;
  pipelineName?: string;
  application?: string;
}

export interface FinalView {
  resource?: Remote;
  steps: readonly Step[];
  workflow?: Workflow;
  abort?: AbortResult;
}

export interface Reporter extends FollowObserver {
  triggered(info: TriggerInfo): void;
  workflowChanged(workflow: Workflow): void;
  finish(outcome: Outcome, final: FinalView): Promise<void>;
}

export interface ExecuteDeps extends Ports {
  client: ApiClient;
  cancel: CancelSignals;
  reporter: Reporter;
}

/** Time left for the abort after a signal: the runner sends SIGTERM 7.5 s after SIGINT. */
export const CANCEL_ABORT_BUDGET_MS = 4500;
const TIMEOUT_ABORT_BUDGET_MS = 15_000;
const HISTORY_RUNS = 20;

export async function execute(settings: Settings, deps: ExecuteDeps): Promise<Outcome> {
  const { client, log, clock, cancel, reporter } = deps;
  const startedAt = clock.now();
  const deadline = settings.timeoutMs !== undefined ? startedAt + settings.timeoutMs : undefined;

  const resolved = await resolveTarget(client, settings);
  const before = await lookBefore(client, settings, resolved);
  if (cancel.signal.aborted && resolved.kind !== 'attach') {
    const outcome: Outcome = {
      kind: 'cancelled',
      success: false,
      message: 'Cancelled before anything was triggered.',
    };
    deps.state.save(STATE.settled, 'true');
    await reporter.finish(outcome, { steps: [] });
    return outcome;
  }

  const { ref, resource: triggered } = await triggerOrAttach(settings, deps, resolved, before);
  deps.state.save(STATE.kind, ref.kind);
  deps.state.save(STATE.id, ref.id);
  deps.state.save(STATE.url, ref.url);
  deps.outputs.set('type', ref.kind);
  deps.outputs.set('id', ref.id);
  deps.outputs.set(ref.kind === 'run' ? 'run-id' : 'build-id', ref.id);
  deps.outputs.set('url', ref.url);

  // Real servers answered the trigger with a trimmed body (and a non-ISO date): read it again.
  const initial = resolved.kind === 'attach' ? triggered : await reread(client, ref, triggered);
  reporter.triggered({
    ref,
    resource: initial,
    attached: resolved.kind === 'attach',
    ...(resolved.kind === 'run' && resolved.pipelineName ? { pipelineName: resolved.pipelineName } : {}),
  });

  if (!settings.wait) {
    deps.state.save(STATE.settled, 'true');
    const outcome: Outcome = {
      kind: 'triggered',
      success: true,
      message: `Triggered ${ref.kind} ${ref.id}; not waiting for it (wait: false).`,
    };
    writeFinalOutputs(deps, initial, [], undefined);
    await reporter.finish(outcome, { resource: initial, steps: [] });
    return outcome;
  }

  const policy = createPollPolicy({ interval: settings.pollInterval, history: before.history });
  const end = await follow(
    { client, clock, sleep: deps.sleep, log },
    { ref, policy, cancel: cancel.signal, initial, ...(deadline !== undefined ? { deadline } : {}) },
    reporter,
  );

  if (end.reason === 'finished' && settings.waitFor === 'workflow' && ref.kind === 'run') {
    return finishWithWorkflow(settings, deps, ref, end, policy, deadline);
  }
  return conclude(settings, deps, ref, end);
}

interface Before {
  history: number[];
  runs: Run[];
  builds: Build[];
  listBuilds?: () => Promise<Build[]>;
}

/**
 * One read before the trigger serves twice: the newest runs are the watermark that makes a lost
 * trigger response recoverable, and their durations pace the polling.
 */
async function lookBefore(client: ApiClient, settings: Settings, resolved: Resolved): Promise<Before> {
  if (resolved.kind === 'run') {
    const runs = await client.listRuns({ pipelineId: resolved.pipelineId, limit: HISTORY_RUNS });
    return { runs, builds: [], history: durations(runs) };
  }
  if (resolved.kind === 'build') {
    const target = settings.target;
    if (target.kind !== 'application') return { runs: [], builds: [], history: [] };
    const list = () => client.listBuilds(target.owner, target.application, { limit: 20 });
    const builds = await list();
    return { runs: [], builds, history: durations(builds), listBuilds: list };
  }
  return { runs: [], builds: [], history: [] };
}

function durations(resources: Array<Run | Build>): number[] {
  return resources
    .filter((resource) => resource.status === 'finished' && resource.startedAt && resource.finishedAt)
    .map((resource) => resource.finishedAt!.getTime() - resource.startedAt!.getTime())
    .filter((ms) => ms > 0);
}

async function triggerOrAttach(
  settings: Settings,
  deps: ExecuteDeps,
  resolved: Resolved,
  before: Before,
): Promise<{ ref: RemoteRef; resource: Remote }> {
  const triggerDeps = { client: deps.client, log: deps.log, clock: deps.clock, sleep: deps.sleep };
  const common = {
    ...(settings.branch !== undefined ? { branch: settings.branch } : {}),
    ...(settings.commit !== undefined ? { commitHash: settings.commit } : {}),
    ...(settings.message !== undefined ? { message: settings.message } : {}),
    ...(settings.envVars.length > 0 ? { envVars: settings.envVars } : {}),
  };
  switch (resolved.kind) {
    case 'attach': {
      const run = await deps.client.getRun(resolved.runId);
      deps.log.info(`Following run ${run.id} (${run.status}) at ${run.url}`);
      return { ref: { kind: 'run', id: run.id, url: run.url }, resource: run };
    }
    case 'run': {
      const run = await triggerRunOnce(
        triggerDeps,
        {
          pipelineId: resolved.pipelineId,
          ...(settings.sourceRunId !== undefined ? { sourceRunId: settings.sourceRunId } : {}),
          ...common,
        },
        { runs: before.runs },
      );
      return { ref: { kind: 'run', id: run.id, url: run.url }, resource: run };
    }
    case 'build': {
      const build = await triggerBuildOnce(
        triggerDeps,
        { applicationId: resolved.applicationId, ...common },
        { builds: before.builds, ...(before.listBuilds ? { list: before.listBuilds } : {}) },
      );
      return { ref: { kind: 'build', id: build.id, url: build.url }, resource: build };
    }
  }
}

async function reread(client: ApiClient, ref: RemoteRef, fallback: Remote): Promise<Remote> {
  try {
    return ref.kind === 'run' ? await client.getRun(ref.id) : await client.getBuild(ref.id);
  } catch (error) {
    if (error instanceof ApiError && error.retryable) return fallback;
    throw error;
  }
}

async function finishWithWorkflow(
  settings: Settings,
  deps: ExecuteDeps,
  ref: RemoteRef,
  runEnd: Extract<FollowEnd, { reason: 'finished' }>,
  policy: PollPolicy,
  deadline: number | undefined,
): Promise<Outcome> {
  const { client, clock, log, cancel, reporter } = deps;
  const applicationId = await resolveWorkflowApplicationId(client, settings);
  log.info('Waiting for the rest of the workflow…');
  const end = await followWorkflow(
    { client, clock, sleep: deps.sleep, log },
    {
      applicationId,
      runId: ref.id,
      policy,
      cancel: cancel.signal,
      onChange: (workflow) => reporter.workflowChanged(workflow),
      ...(deadline !== undefined ? { deadline } : {}),
    },
  );
  const workflow = end.workflow;
  if (workflow) deps.outputs.set('workflow-id', workflow.id);

  if (end.reason === 'finished') {
    deps.state.save(STATE.settled, 'true');
    const worst = worstResult(end.workflow.items);
    const outcome = decideOutcome({ finished: true, result: worst }, settings, 'workflow');
    writeFinalOutputs(deps, runEnd.resource, runEnd.steps, workflow);
    await reporter.finish(outcome, {
      resource: runEnd.resource,
      steps: runEnd.steps,
      workflow: end.workflow,
    });
    return outcome;
  }

  // Timeout or cancel while later runs of the workflow are going: stop those.
  const running = (workflow?.items ?? []).filter((item) => item.runId && item.status !== 'finished');
  const shouldAbort = end.reason === 'cancelled' ? settings.abortOnCancel : settings.onTimeout === 'abort';
  let abort: AbortResult | undefined;
  if (shouldAbort) {
    for (const item of running) {
      abort = await abortRemote(
        client,
        { kind: 'run', id: item.runId!, url: `${client.apiUrl}/runs/${item.runId}` },
        abortOptions(deps, end.reason),
      );
      log.info(abort.message);
    }
  }
  deps.state.save(STATE.settled, 'true');
  const outcome = decideOutcome({ finished: false, reason: end.reason, abort }, settings, 'workflow');
  writeFinalOutputs(deps, runEnd.resource, runEnd.steps, workflow);
  await reporter.finish(outcome, {
    resource: runEnd.resource,
    steps: runEnd.steps,
    ...(workflow ? { workflow } : {}),
    ...(abort ? { abort } : {}),
  });
  return outcome;
}

async function conclude(
  settings: Settings,
  deps: ExecuteDeps,
  ref: RemoteRef,
  end: FollowEnd,
): Promise<Outcome> {
  const { log, reporter } = deps;
  if (end.reason === 'finished') {
    deps.state.save(STATE.settled, 'true');
    const outcome = decideOutcome(
      { finished: true, result: end.resource.result, steps: end.steps },
      settings,
      ref.kind,
    );
    writeFinalOutputs(deps, end.resource, end.steps, undefined);
    await reporter.finish(outcome, { resource: end.resource, steps: end.steps });
    return outcome;
  }

  let abort: AbortResult | undefined;
  let resource = end.resource;
  const shouldAbort = end.reason === 'cancelled' ? settings.abortOnCancel : settings.onTimeout === 'abort';
  if (shouldAbort) {
    if (end.reason === 'cancelled') log.info(`Cancelled: aborting ${ref.kind} ${ref.id}…`);
    else log.info(`Timed out: aborting ${ref.kind} ${ref.id}…`);
    abort = await abortRemote(deps.client, ref, abortOptions(deps, end.reason));
    log.info(abort.message);
    if (abort.resource) resource = abort.resource;
    if (abort.confirmed) deps.state.save(STATE.settled, 'true');
  } else {
    log.info(
      end.reason === 'cancelled'
        ? `Cancelled: ${ref.kind} ${ref.id} is left running (abort-on-cancel: false).`
        : `Timed out: ${ref.kind} ${ref.id} is left running (on-timeout: leave).`,
    );
    deps.state.save(STATE.settled, 'true');
  }
  const outcome = decideOutcome({ finished: false, reason: end.reason, abort }, settings, ref.kind);
  writeFinalOutputs(deps, resource, end.steps, undefined);
  await reporter.finish(outcome, {
    ...(resource ? { resource } : {}),
    steps: end.steps,
    ...(abort ? { abort } : {}),
  });
  return outcome;
}

function abortOptions(deps: ExecuteDeps, reason: 'cancelled' | 'timeout') {
  return {
    budgetMs: reason === 'cancelled' ? CANCEL_ABORT_BUDGET_MS : TIMEOUT_ABORT_BUDGET_MS,
    clock: deps.clock,
    sleep: deps.sleep,
    log: deps.log,
    signal: deps.cancel.hurry,
  };
}

export function writeFinalOutputs(
  deps: Pick<Ports, 'outputs'>,
  resource: Remote | undefined,
  steps: readonly Step[],
  workflow: Workflow | undefined,
): void {
  const { outputs } = deps;
  if (resource) {
    outputs.set('status', resource.status);
    outputs.set('result', resource.result);
    outputs.set('progress', resource.progress === undefined ? '' : String(resource.progress));
    outputs.set('started-at', resource.startedAt?.toISOString() ?? '');
    outputs.set('finished-at', resource.finishedAt?.toISOString() ?? '');
    outputs.set(
      'duration',
      resource.startedAt && resource.finishedAt
        ? String(Math.round((resource.finishedAt.getTime() - resource.startedAt.getTime()) / 1000))
        : '',
    );
  }
  if (workflow) outputs.set('workflow-id', workflow.id);
  outputs.set('steps', stepsOutput(steps));
}
