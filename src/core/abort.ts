// One abort path for every reason to stop a remote run: cancellation, the action's own timeout,
// and the post-step backstop. It has its own budget, independent of the (already aborted) polling.
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Build, Run } from '../api/types.ts';
import type { Clock, Sleep } from '../time.ts';
import type { Log } from './ports.ts';

export interface RemoteRef {
  kind: 'run' | 'build';
  id: string;
  url: string;
}

export interface AbortResult {
  /** The server confirmed a final state (aborted, or finished on its own before the abort). */
  confirmed: boolean;
  /** It had finished before we asked: no abort was sent. */
  alreadyFinished?: boolean;
  resource?: Run | Build;
  /** One sentence for the log and the summary. */
  message: string;
}

export interface AbortOptions {
  budgetMs: number;
  clock: Clock;
  sleep: Sleep;
  log: Log;
  /** Aborts the abort itself (a second signal: exit now). */
  signal?: AbortSignal;
  /** Pause between tries while a run has not started yet. */
  retryEveryMs?: number;
}

export async function abortRemote(
  client: ApiClient,
  ref: RemoteRef,
  options: AbortOptions,
): Promise<AbortResult> {
  return ref.kind === 'run' ? abortRun(client, ref, options) : abortBuild(client, ref, options);
}

const PEEK_MS = 1500;

async function abortRun(client: ApiClient, ref: RemoteRef, options: AbortOptions): Promise<AbortResult> {
  const { clock, sleep, log } = options;
  const deadline = clock.now() + options.budgetMs;
  const retryEveryMs = options.retryEveryMs ?? 500;
  let saidNotStarted = false;
  let lastProblem = 'no answer from the server';

  // A run that finished on its own needs no abort; one quick read tells, and costs little.
  const current = await tryGetRun(
    client,
    ref.id,
    Math.min(deadline, clock.now() + PEEK_MS),
    clock,
    options.signal,
  );
  if (current?.status === 'finished') {
    return {
      confirmed: true,
      alreadyFinished: true,
      resource: current,
      message: `Run ${ref.id} had already finished (result: ${current.result}); nothing to abort.`,
    };
  }

  while (clock.now() < deadline && !options.signal?.aborted) {
    const call = callOptions(deadline, clock, options.signal);
    try {
      const run = await client.abortRun(ref.id, call);
      if (run.status === 'finished') {
        return {
          confirmed: true,
          resource: run,
          message: `Run ${ref.id} was aborted (result: ${run.result}).`,
        };
      }
      // Some servers answer before the state has moved; read it back once the budget allows.
      const again = await client.getRun(ref.id, callOptions(deadline, clock, options.signal));
      if (again.status === 'finished') {
        return {
          confirmed: true,
          resource: again,
          message: `Run ${ref.id} was aborted (result: ${again.result}).`,
        };
      }
      lastProblem = `the server accepted the abort but the run is still ${again.status}`;
    } catch (error) {
      if (options.signal?.aborted) break;
      if (!(error instanceof ApiError)) throw error;
      lastProblem = error.serverMessage ?? error.message;
      if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
        // Refused: find out why from the run itself rather than from the server's wording.
        const current = await tryGetRun(client, ref.id, deadline, clock, options.signal);
        if (current?.status === 'finished') {
          return {
            confirmed: true,
            alreadyFinished: true,
            resource: current,
            message: `Run ${ref.id} had already finished (result: ${current.result}); nothing to abort.`,
          };
        }
        if (current && current.status !== 'running') {
          if (!saidNotStarted) {
            log.info(
              `Run ${ref.id} has not started yet (${current.status}); retrying the abort until it starts.`,
            );
            saidNotStarted = true;
          }
        } else if (error.status === 401 || error.status === 403 || error.status === 404) {
          break;
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
    confirmed: false,
    message: `Run ${ref.id} could not be aborted within ${Math.round(options.budgetMs / 1000)}s: ${lastProblem}.`,
  };
}

async function abortBuild(client: ApiClient, ref: RemoteRef, options: AbortOptions): Promise<AbortResult> {
  const { clock } = options;
  const deadline = clock.now() + options.budgetMs;
  try {
    const build = await client.abortBuild(
      { id: ref.id, url: ref.url },
      callOptions(deadline, clock, options.signal),
    );
    return {
      confirmed: build.status === 'finished',
      resource: build,
      message: `Build ${ref.id} was aborted (status: ${build.status}, result: ${build.result}).`,
    };
  } catch (error) {
    if (error instanceof ApiError && error.unsupported) {
      return {
        confirmed: false,
        message: `Build ${ref.id} could not be aborted: the server offers no abort for builds. Stop it on the server.`,
      };
    }
    const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
    return { confirmed: false, message: `Build ${ref.id} could not be aborted: ${reason}.` };
  }
}

async function tryGetRun(
  client: ApiClient,
  id: string,
  deadline: number,
  clock: Clock,
  signal: AbortSignal | undefined,
): Promise<Run | undefined> {
  try {
    return await client.getRun(id, callOptions(deadline, clock, signal));
  } catch {
    return undefined;
  }
}

function callOptions(deadline: number, clock: Clock, signal: AbortSignal | undefined) {
  const remaining = Math.max(1, deadline - clock.now());
  const timeout = AbortSignal.timeout(remaining);
  return { deadline, signal: signal ? AbortSignal.any([signal, timeout]) : timeout };
}
