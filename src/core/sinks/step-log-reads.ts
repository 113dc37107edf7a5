// A step's log, read once for every report that needs it: the live log, the summary and the check run
// all quote the end of a failed step's log, and a server with many failed steps would otherwise be
// asked for each log as often as there are reports, one after the other. Reads stop when the signal
// they are given fires (the job's cancel, the flow's timeout).
import type { Step } from '../../api/types.ts';
import { messageOf } from '../../text/message.ts';
import type { CiApi } from '../api-port.ts';
import type { Log } from '../ports.ts';
import { tailLines, type Tail, type TailOptions } from '../report/tail.ts';

/** Failed steps whose logs are read at most; the others are named, with their links, and not read. */
export const MAX_FAILED_LOG_READS = 20;

export interface StepLogRead {
  signal?: AbortSignal | undefined;
  tail?: TailOptions | undefined;
  log?: Pick<Log, 'debug'> | undefined;
}

type Reads = Map<string, Promise<Tail | undefined>>;

// By client: the sinks of one flow (or of several targets on one client) share their reads.
const shared = new WeakMap<object, Reads>();

/** The end of the step's log; undefined when it has none or it cannot be read. */
export function readStepTail(
  client: Pick<CiApi, 'openStepLog'>,
  step: Pick<Step, 'order' | 'logUrl'>,
  read: StepLogRead,
): Promise<Tail | undefined> {
  const { logUrl } = step;
  if (!logUrl) return Promise.resolve(undefined);
  let reads = shared.get(client);
  if (!reads) shared.set(client, (reads = new Map()));
  const key = `${JSON.stringify(read.tail ?? {})} ${logUrl}`;
  const known = reads.get(key);
  if (known) return known;
  const reading = readStepTailUnshared(client, step, read);
  reads.set(key, reading);
  return reading;
}

/** The same, read for one report only and not kept (a passed step's log, with `step-logs: all`). */
export async function readStepTailUnshared(
  client: Pick<CiApi, 'openStepLog'>,
  { order, logUrl }: Pick<Step, 'order' | 'logUrl'>,
  { signal, tail, log }: StepLogRead,
): Promise<Tail | undefined> {
  if (!logUrl) return undefined;
  try {
    const body = await client.openStepLog(logUrl, signal ? { signal } : {});
    return await tailLines(body, tail);
  } catch (error) {
    log?.debug(`Could not read the log of step ${order}: ${messageOf(error)}`);
    return undefined;
  }
}
