// The sink that hands one target's summary, at its end, to whoever lays it out and shows it: the job
// summary (as HTML) in the action, the terminal (as text) in the CLI. It only gathers the facts, so
// that the layout can load later (the action loads it while the first request is in flight).
import type { FlowSink, TargetFacts, TriggerInfo } from '../flow/events.ts';
import type { StepUrl } from '../report/summary-model.ts';
import type { TargetSummaryFacts } from '../report/target-summary.ts';
import type { Settings } from '../settings.ts';

export interface SummarySinkOptions {
  /** What the sinks before it made: the ends of failed steps' logs (failed-logs.ts). */
  facts: TargetFacts;
  /** A step's page for people; by default the run's web page with `?step=`, else the step's log. */
  stepUrl?: StepUrl;
}

export function createSummarySink(
  settings: Settings,
  publish: (facts: TargetSummaryFacts) => Promise<void>,
  { facts, stepUrl }: SummarySinkOptions,
): FlowSink {
  let info: TriggerInfo | undefined;
  return {
    triggered(triggered) {
      info = triggered;
    },
    async concluded(conclusion) {
      await publish({
        settings,
        info,
        conclusion,
        tails: facts.tails,
        ...(facts.artifacts ? { artifacts: facts.artifacts } : {}),
        ...(facts.tests ? { tests: facts.tests } : {}),
        ...(stepUrl ? { stepUrl } : {}),
      });
    },
  };
}
