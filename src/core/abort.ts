// One abort path for every reason to stop remote work: cancellation, the action's own timeout, and
// the post-step backstop. It has its own budget, independent of the (already aborted) polling.
import type { CiApi } from './api-port.ts';
import { ApiError } from '../api/errors.ts';
import type { Build, Run } from '../api/types.ts';
import type { Clock, Sleep } from '../time.ts';
import type { Log } from './ports.ts';
import type { RemoteRef } from './refs.ts';
import { sanitizeLine } from '../text/safety.ts';

export interface AbortResult {
  ref: RemoteRef;
  /** The server confirmed a final state (aborted, or finished on its own before the abort). */
  confirmed: boolean;
  /** It had finished before we asked: no abort was needed. */
  alreadyFinished?: boolean;
  resource?: Run | Build;
  /** One sentence for the log and the summary; remote text in it is sanitised. */
  message: string;
}

export interface AbortOptions {
  budgetMs: number;
  clock: Clock;
  sleep: Sleep;
  log: Log;
  /** Aborts the abort itself (a second signal: exit now). */
  signal?: AbortSignal;
  /** Pause between tries while the run has not started, or while an accepted abort settles. */
  retryEveryMs?: number;
}

const PEEK_MS = 1500;

interface Operations {
  read(call: CallWindow): Promise<Run | Build>;
  abort(call: CallWindow): Promise<Run | Build>;
}

type CallWindow = { deadline: number; signal: AbortSignal };

function operations(client: CiApi, ref: RemoteRef): Operations {
  return ref.kind === 'run'
    ? { read: (call) => client.getRun(ref.id, call), abort: (call) => client.abortRun(ref.id, call) }
    : {
        read: (call) => client.getBuild(ref.id, call),
        abort: (call) => client.abortBuild({ id: ref.id, url: ref.url }, call),
      };
}

export async function abortRemote(
  client: CiApi,
  ref: RemoteRef,
  options: AbortOptions,
): Promise<AbortResult> {
  const { clock, sleep, log } = options;
  const ops = operations(client, ref);
  const noun = ref.kind === 'run' ? 'Run' : 'Build';
  const deadline = clock.now() + options.budgetMs;
  const retryEveryMs = options.retryEveryMs ?? 500;
  const window = (until = deadline) => callWindow(until, clock, options.signal);
  const read = async (until = deadline) => {
    try {
      return await ops.read(window(until));
    } catch {
      return undefined;
    }
  };
  const finished = (resource: Run | Build, alreadyFinished: boolean): AbortResult => ({
    ref,
    confirmed: true,
    ...(alreadyFinished ? { alreadyFinished } : {}),
    resource,
    message: alreadyFinished
      ? `${noun} ${ref.id} had already finished (result: ${clean(resource.result)}); nothing to abort.`
      : `${noun} ${ref.id} was aborted (result: ${clean(resource.result)}).`,
  });

  // A run that finished on its own needs no abort; one quick read tells, and costs little.
  const first = await read(Math.min(deadline, clock.now() + PEEK_MS));
  if (first?.status === 'finished') return finished(first, true);

  let accepted = false;
  let saidNotStarted = false;
  let lastProblem = 'no answer from the server';
  while (clock.now() < deadline && !options.signal?.aborted) {
    if (accepted) {
      // The server took the abort; wait for the state to show it rather than asking again.
      const current = await read();
      if (current?.status === 'finished') return finished(current, false);
      lastProblem = `the abort was accepted but the ${ref.kind} is still ${clean(current?.status ?? 'unreadable')}`;
    } else {
      try {
        const answer = await ops.abort(window());
        if (answer.status === 'finished') return finished(answer, false);
        accepted = true;
        continue;
      } catch (error) {
        if (options.signal?.aborted) break;
        if (!(error instanceof ApiError)) throw error;
        if (error.unsupported) {
          return {
            ref,
            confirmed: false,
            message: `${noun} ${ref.id} could not be aborted: the server offers no abort for it. Stop it on the server.`,
          };
        }
        lastProblem = clean(error.serverMessage ?? error.message);
        if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
          // Refused: find out why from the resource itself rather than from the server's wording.
          const current = await read();
          if (current?.status === 'finished') return finished(current, true);
          if (current && current.status !== 'running') {
            if (!saidNotStarted) {
              log.info(
                `${noun} ${ref.id} has not started yet (${clean(current.status)}); retrying the abort until it starts.`,
              );
              saidNotStarted = true;
            }
          } else if (error.status === 401 || error.status === 403 || error.status === 404) {
            break;
          }
        }
      }
    }
    const pause = Math.min(retryEveryMs, deadline - clock.now());
    if (pause <= 0) break;
    try {
      await sleep(pause, options.signal);
    } catch {
      break;
    }
  }
  return {
    ref,
    confirmed: false,
    message: `${noun} ${ref.id} could not be aborted within ${Math.round(options.budgetMs / 1000)}s: ${lastProblem}.`,
  };
}

/** Aborts several at once, so that together they take no longer than one. */
export function abortAll(
  client: CiApi,
  refs: readonly RemoteRef[],
  options: AbortOptions,
): Promise<AbortResult[]> {
  return Promise.all(refs.map((ref) => abortRemote(client, ref, options)));
}

function callWindow(deadline: number, clock: Clock, signal: AbortSignal | undefined): CallWindow {
  const timeout = AbortSignal.timeout(Math.max(1, deadline - clock.now()));
  return { deadline, signal: signal ? AbortSignal.any([signal, timeout]) : timeout };
}

function clean(text: string): string {
  return sanitizeLine(text, { maxLength: 300 }).replace(/\.+$/, '');
}
