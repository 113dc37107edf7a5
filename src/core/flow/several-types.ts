// One of several targets followed in one step, and how each ended: what the per-target sinks and the
// step's own sinks (outputs, summary) are handed.
import type { StateStore } from '../contract.ts';
import type { Outcome } from '../outcome.ts';
import type { Log } from '../ports.ts';
import type { StepLogFacts } from '../report/failures.ts';
import type { Settings } from '../settings.ts';
import type { Target } from '../settings/target.ts';
import type { CancelSignals } from './context.ts';
import type { Conclusion, TriggerInfo } from './events.ts';

/** One of several targets, as its own sinks see it. */
export interface TargetRun {
  index: number;
  target: Target;
  /** `e2e`: its name in the log, the summary and the GitHub reports. */
  label: string;
  /** The step's settings with this target alone. */
  settings: Settings;
  log: Log;
  /** Where its GitHub reports keep what post must finish. */
  state: StateStore;
  tails: ReadonlyMap<string, StepLogFacts>;
  cancel: CancelSignals;
}

export interface TargetEnd extends TargetRun {
  conclusion: Conclusion;
  info: TriggerInfo | undefined;
}

export interface SeveralEnd {
  outcome: Outcome;
  /** In input order. */
  targets: TargetEnd[];
  /** The target whose failure aborted the others (`fail-fast`). */
  failedFirst?: string;
}
