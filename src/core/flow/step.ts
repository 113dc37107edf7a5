// The composition root: one entry runs a step whatever the number of targets (one target is N = 1). Which
// sinks hear it, each target's and the step's own, is the one sink table (sink-table.ts), read here for
// one target or for several. The action, the CLI and the in-process tests all come through here.
import { decide, type Ending } from '../outcome.ts';
import type { StepSummary } from '../report/step-summary.ts';
import type { Settings } from '../settings.ts';
import { TargetErrors } from '../sinks/target-errors.ts';
import { messageOf } from '../../text/message.ts';
import type { FlowSink, StepEnd, TargetEnd } from './events.ts';
import { execute } from './execute.ts';
import { fanOut } from './fan-out.ts';
import { SINK_TABLE, sinksIn, type SinkTable } from './sink-table.ts';
import type { StepDeps } from './step-deps.ts';
import { targetsOf, type Targets, type TargetSetup } from './targets.ts';

/** `table`: the sink table, which a test may extend by a row; the action and the CLI use `SINK_TABLE`. */
export async function runStep(
  settings: Settings,
  deps: StepDeps,
  table: SinkTable = SINK_TABLE,
): Promise<StepEnd> {
  const targets = targetsOf(settings, deps);
  const sinks = sinksOf(table, deps, targets);
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
        facts: run.facts,
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

/** The table's column for this step: one target, or several. */
function sinksOf(table: SinkTable, deps: StepDeps, targets: Targets): StepSinks {
  const column = targets.several ? 'several' : 'one';
  const errors = targets.several ? new TargetErrors() : undefined;
  // A summary that cannot be written is a warning, never the outcome.
  const publish = async (written: StepSummary) => {
    try {
      await deps.summary?.publish(written);
    } catch (error) {
      deps.log.warning(`Could not write the job summary: ${messageOf(error)}`);
    }
  };
  const shared = { deps, publish, ...(errors ? { errors } : {}) };
  return {
    target: (setup) => sinksIn(table.target, column, { ...shared, setup, targets }),
    step: sinksIn(table.step, column, shared),
  };
}

function targetsEnding(targets: readonly TargetEnd[], failedFirst: string | undefined): Ending {
  return {
    kind: 'targets',
    targets: targets.map(({ label, conclusion }) => ({ label, decision: conclusion })),
    ...(failedFirst !== undefined ? { failedFirst } : {}),
  };
}
