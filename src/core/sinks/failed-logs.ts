// Keeps the end of each failed step's log (read once for every report, step-log-reads.ts), while the run goes on (the first FAILURE_LIMITS.steps
// of them), for every report that says why the run failed: the job summary and the check run.
import type { CiApi } from '../api-port.ts';
import type { FlowSink } from '../flow/events.ts';
import type { Log } from '../ports.ts';
import { FAILURE_LIMITS, failedStep, stepLogFacts, type StepLogFacts } from '../report/failures.ts';
import type { TailOptions } from '../report/tail.ts';
import { readStepTail } from './step-log-reads.ts';

export interface FailedLogsOptions {
  client: Pick<CiApi, 'openStepLog'>;
  /** Log reads stop when the job is cancelled. */
  cancel?: AbortSignal;
  /** The same as the log sink's, so that both quote the same error line. */
  tail?: TailOptions;
  log?: Pick<Log, 'debug'>;
}

export interface FailedLogs {
  /** Hear the flow before the sinks that read `tails`. */
  sink: FlowSink;
  /** By step id. */
  tails: ReadonlyMap<string, StepLogFacts>;
}

export function collectFailedLogs(options: FailedLogsOptions): FailedLogs {
  const tails = new Map<string, StepLogFacts>();
  let failedSeen = 0;
  return {
    tails,
    sink: {
      async stepFinished(step, _steps, _runFinished, signal) {
        if (!failedStep(step) || ++failedSeen > FAILURE_LIMITS.steps) return;
        const tail = await readStepTail(options.client, step, {
          signal: signal ?? options.cancel,
          tail: options.tail,
          log: options.log,
        });
        if (tail) tails.set(step.id, stepLogFacts(tail));
      },
    },
  };
}
