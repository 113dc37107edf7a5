// The sink that lays out the summary at the end, as data, and hands it to whoever shows it: the
// job summary (as HTML) in the action, the terminal (as text) in the CLI. The ends of failed steps'
// logs come from a FailedLogs collector, so the summary can say why.
import type { Conclusion, FlowSink, TriggerInfo } from '../flow/events.ts';
import type { StepUrl, SummaryDoc } from '../report/summary-model.ts';
import { targetSummaryDoc } from '../report/target-summary.ts';
import type { Settings } from '../settings.ts';
import { collectFailedLogs, type FailedLogs, type FailedLogsOptions } from './failed-logs.ts';

export interface SummarySinkOptions extends Partial<FailedLogsOptions> {
  /** Shared with other reports; without it (and with a client), the sink reads the logs itself. */
  failedLogs?: FailedLogs;
  /** A step's page for people; by default the run's web page with `?step=`, else the step's log. */
  stepUrl?: StepUrl;
}

export function createSummarySink(
  settings: Settings,
  publish: (doc: SummaryDoc) => Promise<void>,
  options: SummarySinkOptions = {},
): FlowSink {
  let info: TriggerInfo | undefined;
  const { client } = options;
  const own = !options.failedLogs && client ? collectFailedLogs({ ...options, client }) : undefined;
  const tails = options.failedLogs?.tails ?? own?.tails;
  return {
    triggered(triggered) {
      info = triggered;
    },
    async stepFinished(step, steps, runFinished) {
      await own?.sink.stepFinished?.(step, steps, runFinished);
    },
    async concluded(conclusion: Conclusion) {
      await publish(targetSummaryDoc(settings, info, conclusion, { tails, stepUrl: options.stepUrl }));
    },
  };
}
