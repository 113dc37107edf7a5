// The end of a step's log, read once for every report that needs it: the live log prints it, and the
// failed logs keep its facts for the summary and the check run. Without this, a server with many
// failed steps would be asked for each log as often as there are reports, one after the other. Reads
// stop when the signal they are given fires (the flow's timeout), or else when the job is cancelled.
import type { Step } from '../../api/types.ts';
import { messageOf } from '../../text/message.ts';
import type { CiApi } from '../api-port.ts';
import type { Log } from '../ports.ts';
import { failedStep } from '../report/failures.ts';
import { tailLines, type Tail, type TailOptions } from '../report/tail.ts';

/** Failed steps whose logs are read at most; the others are named, with their links, and not read. */
export const MAX_FAILED_LOG_READS = 20;
/**
 * Steps whose logs `step-logs: all` and `live` read whole at most, when they were not streamed (`live`
 * streams every step it sees running); the others are named by their result line.
 */
export const MAX_WHOLE_LOG_READS = 20;

export interface StepLogReaderOptions {
  client: Pick<CiApi, 'openStepLog'>;
  /** Log reads stop when the job is cancelled. */
  cancel?: AbortSignal;
  tail?: TailOptions;
  log?: Pick<Log, 'debug'>;
}

type Reading = Promise<Tail | undefined>;

export interface StepLogReader {
  /**
   * Undefined when the step has no log or it cannot be read. A failed step's log is read once and kept
   * for every report; a passed step's (`step-logs: all`) is read for the one report that asks.
   */
  tail(step: Step, signal?: AbortSignal): Reading;
  /** The live log reads the step's log itself: the other reports share that read. */
  share(step: Step, reading: Reading): Reading;
  /**
   * Following stopped (a cancel, the timeout) while the live log streamed the step: what it read stands for
   * the step's log, which ends aborted without the step's end being heard.
   */
  stopped(step: Step, tail: Tail): void;
  /** What was read of the step's log, or is being read, for the reports; never starts a read. */
  known(step: Step): Reading | undefined;
}

export function createStepLogReader(options: StepLogReaderOptions): StepLogReader {
  // By log address, which also tells one attempt's step from the next attempt's.
  const kept = new Map<string, Reading>();
  return {
    tail(step, signal) {
      if (!step.logUrl) return Promise.resolve(undefined);
      const known = kept.get(step.logUrl);
      if (known) return known;
      const reading = readTail(step.logUrl, step.order, {
        ...options,
        ...(signal ? { cancel: signal } : {}),
      });
      if (failedStep(step)) kept.set(step.logUrl, reading);
      return reading;
    },
    share(step, reading) {
      if (step.logUrl && failedStep(step) && !kept.has(step.logUrl)) kept.set(step.logUrl, reading);
      return reading;
    },
    stopped(step, tail) {
      if (step.logUrl && !kept.has(step.logUrl)) kept.set(step.logUrl, Promise.resolve(tail));
    },
    known(step) {
      return step.logUrl ? kept.get(step.logUrl) : undefined;
    },
  };
}

async function readTail(
  logUrl: string,
  order: number,
  { client, cancel, tail, log }: StepLogReaderOptions,
): Reading {
  try {
    const body = await client.openStepLog(logUrl, cancel ? { signal: cancel } : {});
    return await tailLines(body, tail);
  } catch (error) {
    log?.debug(`Could not read the log of step ${order}: ${messageOf(error)}`);
    return undefined;
  }
}
