// The whole flow, shared by the action and the CLI:
// settings → resolve → trigger (exactly once) → follow → (workflow) → outcome, reported as it goes.
import type { ApiClient } from '../api/client.ts';
import type { Build, Run, Step, Workflow } from '../api/types.ts';
import { isFinished } from '../api/types.ts';
import type { AbortResult, RemoteRef } from './abort.ts';
import { abortAll } from './abort.ts';
import type { FollowObserver, Remote } from './follow.ts';
import { follow } from './follow.ts';
import { decideOutcome, errorOutcome, type Outcome } from './outcome.ts';
import { createPollPolicy } from './polling.ts';
import type { Ports } from './ports.ts';
import { stepsOutput } from './report/steps-output.ts';
import { resolveTarget, resolveWorkflowApplicationId, type Resolved } from './resolve.ts';
import type { Settings } from './settings.ts';
import { STATE } from './state-keys.ts';
import { fingerprintOf, triggerBuildOnce, triggerRunOnce, type TriggerFingerprint } from './trigger.ts';
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
  const { clock, reporter } = deps;
  const startedAt = clock.now();
  const deadline = settings.timeoutMs !== undefined ? startedAt + settings.timeoutMs : undefined;

  let started: Started;
  try {
    const prepared = await prepare(settings, deps);
    if (!prepared) {
      const outcome: Outcome = {
        kind: 'cancelled',
        success: false,
        message: 'Cancelled before anything was triggered.',
      };
      deps.state.save(STATE.settled, 'true');
      await reporter.finish(outcome, { steps: [] });
      return outcome;
    }
    started = { ...prepared, ...(await triggerOrAttach(settings, deps, prepared.resolved, prepared.before)) };
  } catch (error) {
    // Nothing runs remotely (or nothing could be found): still a summary that says why.
    const outcome = errorOutcome(error);
    await reporter.finish(outcome, { steps: [] });
    return outcome;
  }
  const { ref, resource: triggered, resolved, before, workflowApplicationId } = started;
  deps.state.save(STATE.kind, ref.kind);
  deps.state.save(STATE.id, ref.id);
  deps.state.save(STATE.url, ref.url);
  deps.outputs.set('type', ref.kind);
  deps.outputs.set('id', ref.id);
  deps.outputs.set(ref.kind === 'run' ? 'run-id' : 'build-id', ref.id);
  deps.outputs.set('url', ref.url);

  const view: View = { resource: triggered, steps: [] };
  try {
    return await followTriggered(settings, deps, {
      ref,
      resolved,
      deadline,
      workflowApplicationId,
      history: before.history,
      view,
    });
  } catch (error) {
    // Whatever goes wrong once a run exists, the outputs and the summary still tell what is known.
    const outcome = errorOutcome(error);
    writeFinalOutputs(deps, view.resource, view.steps, view.workflow);
    await reporter.finish(outcome, view);
    return outcome;
  }
}

interface Prepared {
  resolved: Resolved;
  before: Before;
  workflowApplicationId: string | undefined;
}

interface Started extends Prepared {
  ref: RemoteRef;
  resource: Remote;
}

/** Everything that can be checked is checked before the trigger, so a mistake costs no run. */
async function prepare(settings: Settings, deps: ExecuteDeps): Promise<Prepared | undefined> {
  const { client, cancel } = deps;
  const resolved = await resolveTarget(client, settings);
  const workflowApplicationId =
    settings.wait && settings.waitFor === 'workflow'
      ? await resolveWorkflowApplicationId(client, settings)
      : undefined;
  const before = await lookBefore(client, settings, resolved);
  if (cancel.signal.aborted && resolved.kind !== 'attach') return undefined;
  return { resolved, before, workflowApplicationId };
}

/** What is known of the remote work so far; kept current so an error path can still report it. */
interface View {
  resource: Remote | undefined;
  steps: readonly Step[];
  workflow?: Workflow;
}

interface Followed {
  ref: RemoteRef;
  resolved: Resolved;
  deadline: number | undefined;
  workflowApplicationId: string | undefined;
  /** Durations of the pipeline's recent finished runs, which pace the polling. */
  history: number[];
  view: View;
}

async function followTriggered(settings: Settings, deps: ExecuteDeps, context: Followed): Promise<Outcome> {
  const { client, clock, log, cancel, reporter } = deps;
  const { ref, resolved, deadline, view } = context;
  // Real servers answered the trigger with a trimmed body (and a non-ISO date): read it again.
  const initial = resolved.kind === 'attach' ? view.resource! : await reread(client, ref, view.resource!);
  view.resource = initial;
  reporter.triggered({
    ref,
    resource: initial,
    attached: resolved.kind === 'attach',
    ...(resolved.kind === 'run' && resolved.pipelineName ? { pipelineName: resolved.pipelineName } : {}),
  });

  if (cancel.signal.aborted) return stop(settings, deps, 'cancelled', [ref], view);
  if (!settings.wait) {
    deps.state.save(STATE.settled, 'true');
    const outcome: Outcome = {
      kind: 'triggered',
      success: true,
      message: `Triggered ${ref.kind} ${ref.id}; not waiting for it (wait: false).`,
    };
    writeFinalOutputs(deps, initial, [], undefined);
    await reporter.finish(outcome, view);
    return outcome;
  }

  const policy = createPollPolicy({ interval: settings.pollInterval, history: context.history });
  const end = await follow(
    { client, clock, sleep: deps.sleep, log },
    { ref, policy, cancel: cancel.signal, initial, ...(deadline !== undefined ? { deadline } : {}) },
    {
      update: (resource, steps) => {
        view.resource = resource;
        view.steps = steps;
        reporter.update(resource, steps);
      },
      stepFinished: (step, steps, runFinished) => reporter.stepFinished(step, steps, runFinished),
    },
  );
  view.resource = end.resource ?? view.resource;
  view.steps = end.steps;
  if (end.reason !== 'finished') return stop(settings, deps, end.reason, [ref], view);

  if (context.workflowApplicationId === undefined || ref.kind !== 'run') {
    return settle(settings, deps, end.resource.result, ref.kind, view);
  }

  log.info('Waiting for the rest of the workflow…');
  const tracked = new Set<string>();
  const wf = await followWorkflow(
    { client, clock, sleep: deps.sleep, log },
    {
      applicationId: context.workflowApplicationId,
      runId: ref.id,
      policy: createPollPolicy({ interval: settings.pollInterval }),
      cancel: cancel.signal,
      onChange: (workflow) => {
        view.workflow = workflow;
        deps.outputs.set('workflow-id', workflow.id);
        // The post entry must know of every run the workflow starts, to abort them if main cannot.
        const others = workflow.items.flatMap((item) =>
          item.runId && item.runId !== ref.id ? [item.runId] : [],
        );
        if (others.some((id) => !tracked.has(id))) {
          for (const id of others) tracked.add(id);
          deps.state.save(STATE.workflowRuns, JSON.stringify([...tracked]));
        }
        reporter.workflowChanged(workflow);
      },
      ...(deadline !== undefined ? { deadline } : {}),
    },
  );
  if (wf.reason === 'finished')
    return settle(settings, deps, worstResult(wf.workflow.items), 'workflow', view);
  const running = (wf.workflow?.items ?? []).flatMap((item) =>
    item.runId && !isFinished(item)
      ? [
          {
            kind: 'run' as const,
            id: item.runId,
            url: `${client.apiUrl}/runs/${encodeURIComponent(item.runId)}`,
          },
        ]
      : [],
  );
  return stop(settings, deps, wf.reason, running, view, 'workflow');
}

/** The remote work finished: gate on its result. */
async function settle(
  settings: Settings,
  deps: ExecuteDeps,
  result: string,
  what: 'run' | 'build' | 'workflow',
  view: View,
): Promise<Outcome> {
  deps.state.save(STATE.settled, 'true');
  const outcome = decideOutcome({ finished: true, result, steps: view.steps }, settings, what);
  writeFinalOutputs(deps, view.resource, view.steps, view.workflow);
  await deps.reporter.finish(outcome, view);
  return outcome;
}

/** Cancelled or timed out: abort what is still running (or leave it, as configured), then report. */
async function stop(
  settings: Settings,
  deps: ExecuteDeps,
  reason: 'cancelled' | 'timeout',
  refs: readonly RemoteRef[],
  view: View,
  what: 'run' | 'build' | 'workflow' = refs[0]?.kind ?? 'run',
): Promise<Outcome> {
  const { client, log } = deps;
  const shouldAbort = reason === 'cancelled' ? settings.abortOnCancel : settings.onTimeout === 'abort';
  const label = refs.map((ref) => `${ref.kind} ${ref.id}`).join(', ');
  let abort: AbortResult | undefined;
  if (!shouldAbort) {
    log.info(
      reason === 'cancelled'
        ? `Cancelled: ${label || 'the remote work'} is left running (abort-on-cancel: false).`
        : `Timed out: ${label || 'the remote work'} is left running (on-timeout: leave).`,
    );
    deps.state.save(STATE.settled, 'true');
  } else if (refs.length > 0) {
    log.info(`${reason === 'cancelled' ? 'Cancelled' : 'Timed out'}: aborting ${label}…`);
    const results = await abortAll(client, refs, {
      budgetMs: reason === 'cancelled' ? CANCEL_ABORT_BUDGET_MS : TIMEOUT_ABORT_BUDGET_MS,
      clock: deps.clock,
      sleep: deps.sleep,
      log,
      signal: deps.cancel.hurry,
    });
    for (const result of results) log.info(result.message);
    abort = combine(results);
    if (abort.confirmed) deps.state.save(STATE.settled, 'true');
    const main = results[0];
    if (what !== 'workflow' && main?.resource) {
      view.resource = main.resource;
      view.steps = await refreshSteps(deps, main.ref, view.steps);
    }
  }
  const outcome = decideOutcome({ finished: false, reason, abort }, settings, what);
  writeFinalOutputs(deps, view.resource, view.steps, view.workflow);
  await deps.reporter.finish(outcome, { ...view, ...(abort ? { abort } : {}) });
  return outcome;
}

function combine(results: readonly AbortResult[]): AbortResult {
  return {
    ref: results[0]!.ref,
    confirmed: results.every((result) => result.confirmed),
    ...(results.every((result) => result.alreadyFinished) ? { alreadyFinished: true } : {}),
    ...(results[0]?.resource ? { resource: results[0].resource } : {}),
    message: results.map((result) => result.message).join(' '),
  };
}

/** After an abort the steps changed; one short read, skipped when a second signal asks to hurry. */
async function refreshSteps(
  deps: ExecuteDeps,
  ref: RemoteRef,
  steps: readonly Step[],
): Promise<readonly Step[]> {
  if (ref.kind !== 'run' || deps.cancel.hurry.aborted) return steps;
  try {
    return await deps.client.getRunSteps(ref.id, {
      signal: AbortSignal.any([deps.cancel.hurry, AbortSignal.timeout(1000)]),
      retry: { maxAttempts: 1 },
    });
  } catch {
    return steps;
  }
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
  const triggerDeps = {
    client: deps.client,
    log: deps.log,
    clock: deps.clock,
    sleep: deps.sleep,
    cancel: deps.cancel.signal,
  };
  const common = {
    ...(settings.branch !== undefined ? { branch: settings.branch } : {}),
    ...(settings.commit !== undefined ? { commitHash: settings.commit } : {}),
    ...(settings.message !== undefined ? { message: settings.message } : {}),
    ...(settings.envVars.length > 0 ? { envVars: settings.envVars } : {}),
  };
  switch (resolved.kind) {
    case 'attach': {
      const run = await deps.client.getRun(resolved.runId);
      return { ref: { kind: 'run', id: run.id, url: run.url }, resource: run };
    }
    case 'run': {
      const payload = {
        pipelineId: resolved.pipelineId,
        ...(settings.sourceRunId !== undefined ? { sourceRunId: settings.sourceRunId } : {}),
        ...common,
      };
      const fingerprint: TriggerFingerprint = fingerprintOf(payload, before.runs);
      deps.state.save(STATE.pendingTrigger, JSON.stringify(fingerprint));
      const run = await triggerRunOnce(triggerDeps, payload, fingerprint);
      deps.state.save(STATE.pendingTrigger, '');
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

/** The trigger's own body stands in when the re-read fails: the run exists either way. */
async function reread(client: ApiClient, ref: RemoteRef, fallback: Remote): Promise<Remote> {
  try {
    return ref.kind === 'run' ? await client.getRun(ref.id) : await client.getBuild(ref.id);
  } catch {
    return fallback;
  }
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
