// Several targets in one step: the single-target flow runs once per target, all at the same time, on
// one rate-limited client and the same cancel signals (plus fail-fast's), each with sinks of its own
// (its prefixed log, its failed logs, its GitHub reports). Then ONE exit: every target's end is handed
// to the step's sinks (outputs and state, summary) once, and the gate is the combined outcome.
import { messageOf } from '../../text/message.ts';
import { saveState, type Outputs, type StateStore } from '../contract.ts';
import { decide, stopsOthers, type Ending, type Outcome } from '../outcome.ts';
import { RateLimiter, rateLimited, SHARED_RATE } from '../rate-limit.ts';
import type { Settings } from '../settings.ts';
import { sharedReads } from '../shared-reads.ts';
import type { Target } from '../settings/target.ts';
import type { SeveralEnd, TargetEnd, TargetRun } from './several-types.ts';
import { collectFailedLogs } from '../sinks/failed-logs.ts';
import { createLogSink } from '../sinks/log-sink.ts';
import { prefixedLog } from '../sinks/prefixed-log.ts';
import { TargetErrors } from '../sinks/target-errors.ts';
import type { CancelSignals, FlowDeps } from './context.ts';
import type { Conclusion, FlowSink, TriggerInfo } from './events.ts';
import { execute } from './execute.ts';
import { ResolutionGate } from './resolution-gate.ts';
import { targetLabels } from './target-label.ts';
import { TargetsState } from './targets-state.ts';
import { withConclusion } from './with-conclusion.ts';

export interface SeveralDeps extends Omit<FlowDeps, 'sinks'> {
  outputs: Outputs;
  state: StateStore;
  /** A target's own sinks besides its log (GitHub reports). */
  targetSinks?: (run: TargetRun) => FlowSink[];
  /** Told once, in order, when every target has ended: outputs, summary. */
  ends: ReadonlyArray<(end: SeveralEnd) => Promise<void> | void>;
}

export async function executeSeveral(settings: Settings, deps: SeveralDeps): Promise<Outcome> {
  const labels = targetLabels(settings.targets);
  const client = sharedReads(
    rateLimited(deps.client, new RateLimiter(SHARED_RATE, deps, deps.cancel.signal)),
  );
  const failFast = new AbortController();
  const targetsState = new TargetsState(deps.state, settings.targets.length);
  const gate = new ResolutionGate(labels);
  let failedFirst: string | undefined;
  const stopOthers = (label: string) => {
    if (!settings.failFast || failFast.signal.aborted) return;
    failedFirst = label;
    deps.log.info(`${label} failed; aborting the other targets (fail-fast: true).`);
    failFast.abort(new Error(`${label} failed`));
  };
  const cancel = settings.failFast ? withFailFast(deps.cancel, failFast.signal) : deps.cancel;
  const errors = new TargetErrors();

  const runOne = async (target: Target, index: number): Promise<TargetEnd> => {
    const label = labels[index]!;
    const log = prefixedLog(deps.log, label);
    const failedLogs = collectFailedLogs({ client, cancel: cancel.signal, log });
    const run: TargetRun = {
      index,
      target,
      label,
      settings: { ...settings, target, targets: [target] },
      log,
      state: targetsState.storeFor(index),
      tails: failedLogs.tails,
      cancel,
    };
    let info: TriggerInfo | undefined;
    let conclusion: Conclusion | undefined;
    const record = recordOf(targetsState, index, {
      triggered: (triggered) => void (info = triggered),
      concluded: (ended) => {
        conclusion = ended;
        if (stopsOthers(ended.outcome)) stopOthers(label);
      },
    });
    const sinks = [
      record,
      failedLogs.sink,
      createLogSink({
        log,
        client,
        settings: run.settings,
        clock: deps.clock,
        cancel: cancel.signal,
        annotations: errors.budget,
      }),
      errors.sink(log),
      ...(deps.targetSinks?.(run) ?? []),
    ];
    // A target stopped by another's failure was aborted, not cancelled: every sink hears it so.
    const rewrite = (ended: Conclusion): Conclusion =>
      failedFirst !== undefined && !deps.cancel.signal.aborted && ended.outcome.kind === 'cancelled'
        ? { ...ended, ...decide(failFastEnding(ended, failedFirst), run.settings) }
        : ended;
    await execute(run.settings, {
      ...deps,
      client,
      log,
      cancel,
      sinks: sinks.map((sink) => withConclusion(sink, rewrite)),
      resolved: (resolving) => gate.join(index, resolving),
    });
    return { ...run, conclusion: conclusion!, info };
  };

  const targets = await Promise.all(settings.targets.map(runOne));
  errors.finish(deps.log);
  const decision = decide(targetsEnding(targets, failedFirst), settings);
  const outcome = decision.outcome;
  if (decision.settled) saveState(deps.state, 'settled', true);
  const end: SeveralEnd = { outcome, targets, ...(failedFirst !== undefined ? { failedFirst } : {}) };
  await tellEnds(deps, end);
  return outcome;
}

/** Keeps one target's part of the post entry's state, and tells `also` of its trigger and its end. */
function recordOf(
  state: TargetsState,
  index: number,
  also: Required<Pick<FlowSink, 'triggered' | 'concluded'>>,
): FlowSink {
  return {
    triggering: (pendingTrigger) => state.update(index, { pendingTrigger }),
    identified: (ref) => state.update(index, { kind: ref.kind, id: ref.id, pendingTrigger: undefined }),
    triggered: also.triggered,
    concluded: (ended) => {
      state.update(index, { settled: ended.settled });
      return also.concluded(ended);
    },
  };
}

function targetsEnding(targets: readonly TargetEnd[], failedFirst: string | undefined): Ending {
  return {
    kind: 'targets',
    targets: targets.map(({ label, conclusion }) => ({ label, decision: conclusion })),
    ...(failedFirst !== undefined ? { failedFirst } : {}),
  };
}

function failFastEnding({ outcome, settled, final }: Conclusion, failedFirst: string): Ending {
  return {
    kind: 'stopped-by-fail-fast',
    failedFirst,
    cancelled: {
      decision: { outcome, settled },
      abort: final.abort,
      steps: final.steps,
      what: final.ref?.kind === 'build' ? 'build' : 'run',
    },
  };
}

function withFailFast(cancel: CancelSignals, failFast: AbortSignal): CancelSignals {
  return { signal: AbortSignal.any([cancel.signal, failFast]), hurry: cancel.hurry, failFast };
}

/** Each of the step's sinks hears the end once; one that fails is a warning, never the outcome. */
async function tellEnds(deps: SeveralDeps, end: SeveralEnd): Promise<void> {
  for (const tell of deps.ends) {
    try {
      await tell(end);
    } catch (error) {
      deps.log.warning(`A report failed (concluded): ${messageOf(error)}`);
    }
  }
}
