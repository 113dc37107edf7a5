// What an adapter hands the composition root (step.ts) to run a step: the ports, and its own reports.
import type { ArtifactFiles } from '../artifacts/files.ts';
import type { Outputs, StateStore } from '../contract.ts';
import type { FlowPorts } from '../ports.ts';
import type { StepSummary } from '../report/step-summary.ts';
import type { StepUrl } from '../report/summary-model.ts';
import type { CancelSignals } from './cancel.ts';
import type { FlowSink, TargetRun } from './events.ts';

export interface StepDeps extends FlowPorts {
  cancel: CancelSignals;
  outputs: Outputs;
  state: StateStore;
  /** Where the step's summary goes (the job summary, the terminal); without it, none is made. */
  summary?: { publish(summary: StepSummary): Promise<void>; stepUrl?: StepUrl };
  /** The adapter's own reports of each target (the GitHub reports). */
  targetSinks?: (run: TargetRun) => FlowSink[];
  /** The adapter's own sinks that hear the step's end. */
  stepSinks?: readonly FlowSink[];
  /** Where artifacts go, when `artifacts` or `outputs-file` asks for them: its root checked already. */
  artifacts?: ArtifactFiles;
}
