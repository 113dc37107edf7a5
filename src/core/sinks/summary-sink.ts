// The sink that lays out the summary at the end, as data, and hands it to whoever shows it: the
// job summary (as HTML) in the action, the terminal (as text) in the CLI. The ends of failed steps'
// logs come from a FailedLogs collector, so the summary can say why.
import { messageOf } from '../../text/message.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../flow/events.ts';
import type { Log, SummarySink } from '../ports.ts';
import type { StepLogFacts } from '../report/failures.ts';
import { kindOf, pipelineLabel } from '../report/labels.ts';
import { renderSummary } from '../report/summary-html.ts';
import { buildSummary, type StepUrl, type SummaryDoc } from '../report/summary-model.ts';
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
    async stepFinished(step, steps, runFinished, signal) {
      await own?.sink.stepFinished?.(step, steps, runFinished, signal);
    },
    async concluded(conclusion: Conclusion) {
      await publish(summaryDoc(settings, info, conclusion, { tails, stepUrl: options.stepUrl }));
    },
  };
}

/** The summary of a conclusion, as data; also what a check run shows. */
export function summaryDoc(
  settings: Settings,
  info: TriggerInfo | undefined,
  { outcome, final }: Conclusion,
  extra: { tails?: ReadonlyMap<string, StepLogFacts> | undefined; stepUrl?: StepUrl | undefined } = {},
): SummaryDoc {
  const kind = kindOf(settings, info);
  const resource = final.resource ?? info?.resource;
  const pipeline = kind === 'run' && resource ? pipelineLabel(resource, settings, info) : undefined;
  const web = final.web ?? info?.web;
  const stepUrl = extra.stepUrl ?? (web?.isPage ? web.step : undefined);
  return buildSummary({
    outcome,
    final,
    kind,
    settings,
    trigger: info,
    pipeline,
    ...(extra.tails ? { logTails: extra.tails } : {}),
    ...(stepUrl ? { stepUrl } : {}),
  });
}

/** Publishes the summary as HTML to the job summary; a failure to write is a warning, never a failure. */
export function toJobSummary(sink: SummarySink, log: Log): (doc: SummaryDoc) => Promise<void> {
  return async (doc) => {
    try {
      await sink.write(renderSummary(doc));
    } catch (error) {
      log.warning(`Could not write the job summary: ${messageOf(error)}`);
    }
  };
}
