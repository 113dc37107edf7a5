// The composition root: one entry runs a step whatever the number of targets (one target is N = 1), and
// one function says which sinks hear it, each target's and the step's own. The action, the CLI and the
// in-process tests all come through here, so a sink added in `sinksOf` is heard on every path.
import { saveState } from '../contract.ts';
import { decide, stopsOthers, type Ending } from '../outcome.ts';
import type { StepSummary } from '../report/step-summary.ts';
import type { Settings } from '../settings.ts';
import { createLogSink } from '../sinks/log-sink.ts';
import { createRecordSink } from '../sinks/record-sink.ts';
import { writeSeveralOutputs } from '../sinks/several-outputs.ts';
import { createSummarySink } from '../sinks/summary-sink.ts';
import { messageOf } from '../../text/message.ts';
import { TargetErrors } from '../sinks/target-errors.ts';
import type { FlowSink } from './events.ts';
import { execute } from './execute.ts';
import { fanOut } from './fan-out.ts';
import type { StepEnd, TargetEnd, TargetRun } from './events.ts';
import type { StepDeps } from './step-deps.ts';
import { targetsOf, type Targets, type TargetSetup } from './targets.ts';
import type { TargetsState } from './targets-state.ts';

export async function runStep(settings: Settings, deps: StepDeps): Promise<StepEnd> {
  const targets = targetsOf(settings, deps);
  const sinks = sinksOf(settings, deps, targets);
  const ended = await Promise.all(
    targets.setups.map(async (setup): Promise<TargetEnd> => {
      const { run } = setup;
      const conclusion = await execute(run.settings, {
        client: targets.client,
        clock: deps.clock,
        sleep: deps.sleep,
        log: run.log,
        cancel: run.cancel,
        sinks: sinks.target(setup),
        ...(setup.resolved ? { resolved: setup.resolved } : {}),
        ...(setup.stoppedBy ? { stoppedBy: setup.stoppedBy } : {}),
      });
      return { ...run, conclusion, info: conclusion.final.trigger };
    }),
  );
  const failedFirst = targets.failedFirst();
  const end: StepEnd = {
    ...decide(targetsEnding(ended, failedFirst), settings),
    targets: ended,
    ...(failedFirst !== undefined ? { failedFirst } : {}),
  };
  await fanOut(sinks.step, deps.log).stepEnded(end);
  return end;
}

interface StepSinks {
  target(setup: TargetSetup): FlowSink[];
  step: FlowSink[];
}

/**
 * The one place that says which sinks hear a step. One target: the record (outputs and state), the live
 * log, the failed logs, the summary, then the adapter's reports. Several: each target keeps its part of
 * the state, logs with its label and says why it ended in an error; the step's outputs and summary are
 * written once, when every target has ended.
 */
function sinksOf(settings: Settings, deps: StepDeps, targets: Targets): StepSinks {
  const { summary } = deps;
  const logSink = ({ run, reader }: TargetSetup, errors?: TargetErrors) =>
    createLogSink({
      reader,
      log: run.log,
      client: targets.client,
      settings: run.settings,
      clock: deps.clock,
      sleep: deps.sleep,
      cancel: run.cancel.signal,
      // Several targets: each live log line starts with its target's label, and they share annotations.
      ...(errors ? { annotations: errors.budget, label: run.label } : {}),
    });
  const adapters = (run: TargetRun) => deps.targetSinks?.(run) ?? [];
  // A summary that cannot be written is a warning, never the outcome.
  const publish = async (written: StepSummary) => {
    try {
      await summary?.publish(written);
    } catch (error) {
      deps.log.warning(`Could not write the job summary: ${messageOf(error)}`);
    }
  };
  if (!targets.several) {
    return {
      target: (setup) => [
        createRecordSink(setup.run.outputs, deps.state),
        logSink(setup),
        setup.failedLogs.sink,
        ...(summary
          ? [
              createSummarySink(setup.run.settings, (facts) => publish({ kind: 'target', facts }), {
                tails: setup.failedLogs.tails,
                ...(summary.stepUrl ? { stepUrl: summary.stepUrl } : {}),
              }),
            ]
          : []),
        ...adapters(setup.run),
      ],
      step: [...(deps.stepSinks ?? [])],
    };
  }
  const errors = new TargetErrors();
  return {
    target: (setup) => [
      targetRecord(targets.state!, setup.run, targets),
      // The log before the failed logs: a live log's read of a failed step is then shared, not repeated.
      logSink(setup, errors),
      setup.failedLogs.sink,
      errors.sink(setup.run.log),
      ...adapters(setup.run),
    ],
    step: [
      { stepEnded: () => errors.finish(deps.log) },
      {
        stepEnded: (end) => {
          if (end.settled) saveState(deps.state, 'settled', true);
          writeSeveralOutputs(deps.outputs, end);
        },
      },
      ...(summary ? [{ stepEnded: (end: StepEnd) => publish({ kind: 'targets', end }) }] : []),
      ...(deps.stepSinks ?? []),
    ],
  };
}

/** Keeps one target's part of the post entry's state; a target that fails stops the others (`fail-fast`). */
function targetRecord(state: TargetsState, { index, label }: TargetRun, targets: Targets): FlowSink {
  return {
    triggering: (pendingTrigger) => state.update(index, { pendingTrigger }),
    identified: (ref) => state.update(index, { kind: ref.kind, id: ref.id, pendingTrigger: undefined }),
    concluded: (ended) => {
      state.update(index, { settled: ended.settled });
      if (stopsOthers(ended.outcome)) targets.stopOthers(label);
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
