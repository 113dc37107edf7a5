// The sink that lays out the summary at the end, as data, and hands it to whoever shows it: the
// job summary (as HTML) in the action, the terminal (as text) in the CLI.
import { messageOf } from '../../text/message.ts';
import type { Conclusion, FlowSink, TriggerInfo } from '../flow/events.ts';
import type { Log, SummarySink } from '../ports.ts';
import { kindOf, pipelineLabel } from '../report/labels.ts';
import { renderSummary } from '../report/summary-html.ts';
import { buildSummary, type SummaryDoc } from '../report/summary-model.ts';
import type { Settings } from '../settings.ts';

export function createSummarySink(settings: Settings, publish: (doc: SummaryDoc) => Promise<void>): FlowSink {
  let info: TriggerInfo | undefined;
  return {
    triggered(triggered) {
      info = triggered;
    },
    async concluded(conclusion: Conclusion) {
      await publish(summaryDoc(settings, info, conclusion));
    },
  };
}

/** The summary of a conclusion, as data; also what a check run shows. */
export function summaryDoc(
  settings: Settings,
  info: TriggerInfo | undefined,
  { outcome, final }: Conclusion,
): SummaryDoc {
  const kind = kindOf(settings, info);
  const resource = final.resource ?? info?.resource;
  const pipeline = kind === 'run' && resource ? pipelineLabel(resource, settings, info) : undefined;
  return buildSummary({ outcome, final, kind, settings, trigger: info, pipeline });
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
