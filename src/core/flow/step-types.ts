// A step and its targets as the sinks see them: each target's own ports (what it was handed), how it
// ended, and the step's end, which the step's own sinks hear once.
import type { Outputs, StateStore } from '../contract.ts';
import type { Decision } from '../outcome.ts';
import type { Log } from '../ports.ts';
import type { StepLogFacts } from '../report/failures.ts';
import type { Settings } from '../settings.ts';
import type { Target } from '../settings/target.ts';
import type { CancelSignals } from './context.ts';
import type { Conclusion, TriggerInfo } from './events.ts';

/** One target of a step, as its own sinks see it; with one target, the step's own ports. */
export interface TargetRun {
  index: number;
  target: Target;
  /** `e2e`: its name in the log, the summary and the GitHub reports when there are several. */
  label: string;
  /** The step's settings with this target alone. */
  settings: Settings;
  log: Log;
  /** The step's outputs with one target; among several, each target's are in the step's `runs` output. */
  outputs: Outputs;
  /** Where its reports keep what post must finish. */
  state: StateStore;
  /** A report's name for this target: the name itself with one target, holding the label among several. */
  nameFor(name: string): string;
  /** The ends of its failed steps' logs, by step id, read once. */
  tails: ReadonlyMap<string, StepLogFacts>;
  cancel: CancelSignals;
}

export interface TargetEnd extends TargetRun {
  conclusion: Conclusion;
  info: TriggerInfo | undefined;
}

/** How the step ended: decided over its targets (one target: as it ended). */
export interface StepEnd extends Decision {
  /** In input order. */
  targets: TargetEnd[];
  /** The target whose failure aborted the others (`fail-fast`). */
  failedFirst?: string;
}
