// The targets of a step and what each is handed. One target is followed with the step's own ports.
// Several are followed all at once, on one rate-limited client with shared reads and the same cancel
// signals (plus fail-fast's), each with a prefixed log, its part of the post entry's state, and reports
// named for it; each waits, once resolved, until every target is (resolution-gate.ts).
import { openReportsIn } from '../contract.ts';
import { RateLimiter, rateLimited, SHARED_RATE } from '../rate-limit.ts';
import type { Resolved } from '../resolve.ts';
import type { Settings } from '../settings.ts';
import { sharedReads } from '../shared-reads.ts';
import { collectFailedLogs, type FailedLogs } from '../sinks/failed-logs.ts';
import { createStepLogReader, type StepLogReader } from '../sinks/step-log-reader.ts';
import { prefixedLog } from '../sinks/prefixed-log.ts';
import type { CancelSignals } from './cancel.ts';
import { ResolutionGate } from './resolution-gate.ts';
import type { StepDeps } from './step-deps.ts';
import type { TargetRun } from './events.ts';
import { nameForTarget, targetLabels } from './target-label.ts';
import { TargetsState } from './targets-state.ts';

/** One target as the step runs it: what its sinks are handed, and its flow's own hooks. */
export interface TargetSetup {
  run: TargetRun;
  failedLogs: FailedLogs;
  /** Each step's log, read once for the live log and the failed logs. */
  reader: StepLogReader;
  resolved?: (resolving: Promise<Resolved>) => Promise<void>;
  stoppedBy?: () => string | undefined;
}

export interface Targets {
  several: boolean;
  client: StepDeps['client'];
  setups: TargetSetup[];
  /** With several: each target's part of the post entry's state. */
  state?: TargetsState;
  /** Under `fail-fast`: stops the others, once, because `label` failed. */
  stopOthers(label: string): void;
  /** The target whose failure aborted the others, if one did. */
  failedFirst(): string | undefined;
}

export function targetsOf(settings: Settings, deps: StepDeps): Targets {
  return settings.targets.length > 1 ? severalTargets(settings, deps) : oneTarget(settings, deps);
}

function oneTarget(settings: Settings, deps: StepDeps): Targets {
  const { log, cancel, client } = deps;
  const reader = createStepLogReader({ client, cancel: cancel.signal, log });
  const failedLogs = collectFailedLogs({ client, cancel: cancel.signal, log, reader });
  const run: TargetRun = {
    index: 0,
    target: settings.target,
    label: targetLabels(settings.targets)[0]!,
    settings,
    log,
    outputs: deps.outputs,
    openReports: openReportsIn(deps.state),
    nameFor: (name) => name,
    facts: { tails: failedLogs.tails },
    cancel,
  };
  return {
    several: false,
    client,
    setups: [{ run, failedLogs, reader }],
    stopOthers: () => undefined,
    failedFirst: () => undefined,
  };
}

function severalTargets(settings: Settings, deps: StepDeps): Targets {
  const labels = targetLabels(settings.targets);
  const client = sharedReads(
    rateLimited(deps.client, new RateLimiter(SHARED_RATE, deps, deps.cancel.signal)),
  );
  const failFast = new AbortController();
  const state = new TargetsState(deps.state, settings.targets.length);
  const gate = new ResolutionGate(labels);
  let failedFirst: string | undefined;
  const cancel = settings.failFast ? withFailFast(deps.cancel, failFast.signal) : deps.cancel;
  const setups = settings.targets.map((target, index): TargetSetup => {
    const label = labels[index]!;
    const log = prefixedLog(deps.log, label);
    const reader = createStepLogReader({ client, cancel: cancel.signal, log });
    const failedLogs = collectFailedLogs({ client, cancel: cancel.signal, log, reader });
    const run: TargetRun = {
      index,
      target,
      label,
      settings: { ...settings, target, targets: [target] },
      log,
      outputs: { set: () => undefined },
      openReports: state.openReportsOf(index),
      nameFor: (name) => nameForTarget(name, label),
      facts: { tails: failedLogs.tails },
      cancel,
    };
    return {
      run,
      failedLogs,
      reader,
      resolved: (resolving) => gate.join(index, resolving),
      // Not when the whole step was cancelled: then every target was.
      stoppedBy: () => (deps.cancel.signal.aborted ? undefined : failedFirst),
    };
  });
  return {
    several: true,
    client,
    setups,
    state,
    stopOthers(label) {
      if (!settings.failFast || failFast.signal.aborted) return;
      failedFirst = label;
      deps.log.info(`${label} failed; aborting the other targets (fail-fast: true).`);
      failFast.abort(new Error(`${label} failed`));
    },
    failedFirst: () => failedFirst,
  };
}

function withFailFast(cancel: CancelSignals, failFast: AbortSignal): CancelSignals {
  return { signal: AbortSignal.any([cancel.signal, failFast]), hurry: cancel.hurry, failFast };
}
