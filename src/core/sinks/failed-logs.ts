// Keeps the end of each failed step's log (read once for every report, step-log-reader.ts), while the
// run goes on (the first FAILURE_LIMITS.steps of them), for every report that says why the run failed:
// the job summary and the check run; a step aborted while the live log streamed it keeps what that read.
import type { FlowSink } from '../flow/events.ts';
import { FAILURE_LIMITS, failedStep, stepLogFacts, type StepLogFacts } from '../report/failures.ts';
import { createStepLogReader, type StepLogReader, type StepLogReaderOptions } from './step-log-reader.ts';

export interface FailedLogsOptions extends StepLogReaderOptions {
  /** Shared with the log sink, so that a step's log is read once and both quote the same error line. */
  reader?: StepLogReader;
}

export interface FailedLogs {
  /** Hear the flow before the sinks that read `tails`. */
  sink: FlowSink;
  /** By step id. */
  tails: ReadonlyMap<string, StepLogFacts>;
}

export function collectFailedLogs(options: FailedLogsOptions): FailedLogs {
  const tails = new Map<string, StepLogFacts>();
  /** Failed steps heard of, the first FAILURE_LIMITS.steps of which have their logs kept. */
  const heard = new Set<string>();
  const reader = options.reader ?? createStepLogReader(options);
  return {
    tails,
    sink: {
      async stepFinished(step, _steps, _runFinished, signal) {
        if (!failedStep(step) || heard.has(step.id)) return;
        heard.add(step.id);
        if (heard.size > FAILURE_LIMITS.steps) return;
        const tail = await reader.tail(step, signal);
        if (tail) tails.set(step.id, stepLogFacts(tail));
      },
      // A step aborted while the live log streamed it ends without `stepFinished`: what the live log read
      // of it stands for its log (its lines were shown), rather than a log that "could not be read".
      async concluded({ final }) {
        for (const step of final.steps) {
          const reading = failedStep(step) && !heard.has(step.id) ? reader.known(step) : undefined;
          if (!reading) continue;
          heard.add(step.id);
          if (heard.size > FAILURE_LIMITS.steps) return;
          const tail = await reading;
          if (tail) tails.set(step.id, stepLogFacts(tail));
        }
      },
    },
  };
}
