// The sink that lays out the summary at the end, as data, and hands it to whoever shows it: the
// job summary (as HTML) in the action, the terminal (as text) in the CLI. While the run goes on, it keeps
// the end of each failed step's log (the first FAILURE_LIMITS.steps of them), so the summary can say why.
import type { Step } from '../../api/types.ts';
import { messageOf } from '../../text/message.ts';
import type { CiApi } from '../api-port.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../flow/events.ts';
import type { Log, SummarySink } from '../ports.ts';
import { FAILURE_LIMITS, failedStep, stepLogFacts, type StepLogFacts } from '../report/failures.ts';
import { kindOf, pipelineLabel } from '../report/labels.ts';
import { renderSummary } from '../report/summary-html.ts';
import { buildSummary, type StepUrl, type SummaryDoc } from '../report/summary-model.ts';
import { tailLines, type TailOptions } from '../report/tail.ts';
import type { Settings } from '../settings.ts';

export interface SummarySinkOptions {
  /** Where failed steps' logs are read; without it, the summary names failed steps without their logs. */
  client?: Pick<CiApi, 'openStepLog'>;
  /** Log reads stop when the job is cancelled. */
  cancel?: AbortSignal;
  /** The same as the log sink's, so that both quote the same error line. */
  tail?: TailOptions;
  /** A step's page for people; without it, steps link to their logs. */
  stepUrl?: StepUrl;
  log?: Pick<Log, 'debug'>;
}

export function createSummarySink(
  settings: Settings,
  publish: (doc: SummaryDoc) => Promise<void>,
  options: SummarySinkOptions = {},
): FlowSink {
  let info: TriggerInfo | undefined;
  const logTails = new Map<string, StepLogFacts>();
  let failedSeen = 0;
  return {
    triggered(triggered) {
      info = triggered;
    },
    async stepFinished(step) {
      if (!failedStep(step) || ++failedSeen > FAILURE_LIMITS.steps) return;
      const facts = await readLogFacts(step, options);
      if (facts) logTails.set(step.id, facts);
    },
    async concluded({ outcome, final }: Conclusion) {
      const kind = kindOf(settings, info);
      const resource = final.resource ?? info?.resource;
      const pipeline = kind === 'run' && resource ? pipelineLabel(resource, settings, info) : undefined;
      await publish(
        buildSummary({
          outcome,
          final,
          kind,
          settings,
          trigger: info,
          pipeline,
          logTails,
          ...(options.stepUrl ? { stepUrl: options.stepUrl } : {}),
        }),
      );
    },
  };
}

/** The end of a step's log, as the summary keeps it; undefined when it cannot be read. */
async function readLogFacts(step: Step, options: SummarySinkOptions): Promise<StepLogFacts | undefined> {
  const { client, cancel } = options;
  if (!client || !step.logUrl) return undefined;
  try {
    const body = await client.openStepLog(step.logUrl, cancel ? { signal: cancel } : {});
    return stepLogFacts(await tailLines(body, options.tail));
  } catch (error) {
    options.log?.debug(`Could not read the log of step ${step.order} for the summary: ${messageOf(error)}`);
    return undefined;
  }
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
