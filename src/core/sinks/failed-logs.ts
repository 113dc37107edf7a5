// Reads the end of each failed step's log once, while the run goes on (the first FAILURE_LIMITS.steps
// of them), for every report that says why the run failed: the job summary and the check run.
import type { Step } from '../../api/types.ts';
import { messageOf } from '../../text/message.ts';
import type { CiApi } from '../api-port.ts';
import type { FlowSink } from '../flow/events.ts';
import type { Log } from '../ports.ts';
import { FAILURE_LIMITS, failedStep, stepLogFacts, type StepLogFacts } from '../report/failures.ts';
import { tailLines, type TailOptions } from '../report/tail.ts';

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
      async stepFinished(step) {
        if (!failedStep(step) || ++failedSeen > FAILURE_LIMITS.steps) return;
        const facts = await readLogFacts(step, options);
        if (facts) tails.set(step.id, facts);
      },
    },
  };
}

/** The end of a step's log, as the reports keep it; undefined when it cannot be read. */
async function readLogFacts(step: Step, options: FailedLogsOptions): Promise<StepLogFacts | undefined> {
  const { client, cancel } = options;
  if (!step.logUrl) return undefined;
  try {
    const body = await client.openStepLog(step.logUrl, cancel ? { signal: cancel } : {});
    return stepLogFacts(await tailLines(body, options.tail));
  } catch (error) {
    options.log?.debug(`Could not read the log of step ${step.order}: ${messageOf(error)}`);
    return undefined;
  }
}
