// The end of a step's log, read once per step however many reports ask for it (the live log prints it,
// the failed logs keep its facts for the summary and the check run).
import type { Step } from '../../api/types.ts';
import { messageOf } from '../../text/message.ts';
import type { CiApi } from '../api-port.ts';
import type { Log } from '../ports.ts';
import { tailLines, type Tail, type TailOptions } from '../report/tail.ts';

export interface StepLogReaderOptions {
  client: Pick<CiApi, 'openStepLog'>;
  /** Log reads stop when the job is cancelled. */
  cancel?: AbortSignal;
  tail?: TailOptions;
  log?: Pick<Log, 'debug'>;
}

/** Undefined when the step has no log or it cannot be read. */
export type StepLogReader = (step: Step) => Promise<Tail | undefined>;

export function createStepLogReader(options: StepLogReaderOptions): StepLogReader {
  const read = new Map<string, Promise<Tail | undefined>>();
  return (step) => {
    const known = read.get(step.id);
    if (known) return known;
    const reading = readTail(step, options);
    read.set(step.id, reading);
    return reading;
  };
}

async function readTail(
  step: Step,
  { client, cancel, tail, log }: StepLogReaderOptions,
): Promise<Tail | undefined> {
  if (!step.logUrl) return undefined;
  try {
    const body = await client.openStepLog(step.logUrl, cancel ? { signal: cancel } : {});
    return await tailLines(body, tail);
  } catch (error) {
    log?.debug(`Could not read the log of step ${step.order}: ${messageOf(error)}`);
    return undefined;
  }
}
