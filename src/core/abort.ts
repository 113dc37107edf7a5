// One abort path for every reason to stop remote work: cancellation, the action's own timeout, and
// the post-step backstop. It has its own budget, independent of the (already aborted) polling.
import type { CiApi } from './api-port.ts';
import { describeFailure, type Failure, type FailureWord } from '../api/errors.ts';
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
  /** The same as a clause, without its final period, for a line that goes on (the outcome's). */
  clause: string;
}

/** What came of an abort, said once as a clause and as the sentence it ends. */
function said(clause: string): Pick<AbortResult, 'message' | 'clause'> {
  return { clause, message: `${clause}.` };
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
  /**
   * Ask for the abort before reading the run: when racing the runner's kill, a round trip saved counts
   * for every target. A run that finished meanwhile still ends as `alreadyFinished`: the server refuses
   * the abort (then the run is read) or answers with the finished run.
   */
  askFirst?: boolean;
}

const PEEK_MS = 1500;

/** Failures of an abort that are tried again without reading the work first. */
const RETRY_AT_ONCE: ReadonlySet<FailureWord> = new Set([
  'no-answer',
  'aborted',
  'transient',
  'throttled',
  'other',
]);

interface Operations {
  read(call: CallWindow): Promise<Run | Build>;
  abort(call: CallWindow): Promise<Run | Build>;
}

type CallWindow = { deadline: number; signal: AbortSignal };

function operations(client: CiApi, ref: RemoteRef): Operations {
  return ref.kind === 'run'
    ? { read: (call) => client.getRun(ref.id, call), abort: (call) => client.abortRun(ref.id, call) }
    : { read: (call) => client.getBuild(ref.id, call), abort: (call) => client.abortBuild(ref.id, call) };
}

export async function abortRemote(
  client: CiApi,
  ref: RemoteRef,
  options: AbortOptions,
): Promise<AbortResult> {
  const { clock, sleep } = options;
  const attempt = new AbortAttempt(client, ref, options);
  if (!options.askFirst) {
    // A run that finished on its own needs no abort; one quick read tells, and costs little.
    const first = await attempt.read(Math.min(attempt.deadline, clock.now() + PEEK_MS));
    if (first?.status === 'finished') return attempt.finished(first, true);
  }

  while (clock.now() < attempt.deadline && !options.signal?.aborted) {
    const done = await attempt.step();
    if (done) return done;
    const pause = Math.min(options.retryEveryMs ?? 500, attempt.deadline - clock.now());
    if (pause <= 0) break;
    try {
      await sleep(pause, options.signal);
    } catch {
      break;
    }
  }
  return attempt.gaveUp();
}

/** One abort in progress: what it has tried, and what the server said last. */
class AbortAttempt {
  readonly deadline: number;
  readonly noun: string;
  #lastProblem = 'no answer from the server';
  #accepted = false;
  #saidNotStarted = false;
  readonly #ops: Operations;
  readonly #ref: RemoteRef;
  readonly #options: AbortOptions;

  constructor(client: CiApi, ref: RemoteRef, options: AbortOptions) {
    this.#ops = operations(client, ref);
    this.#ref = ref;
    this.#options = options;
    this.noun = ref.kind === 'run' ? 'Run' : 'Build';
    this.deadline = options.clock.now() + options.budgetMs;
  }

  async read(until = this.deadline): Promise<Run | Build | undefined> {
    try {
      return await this.#ops.read(callWindow(until, this.#options.clock, this.#options.signal));
    } catch {
      return undefined;
    }
  }

  finished(resource: Run | Build, alreadyFinished: boolean): AbortResult {
    const { noun } = this;
    const id = this.#ref.id;
    return {
      ref: this.#ref,
      confirmed: true,
      ...(alreadyFinished ? { alreadyFinished } : {}),
      resource,
      ...said(
        alreadyFinished
          ? `${noun} ${id} had already finished (result: ${clean(resource.result)}); nothing to abort`
          : `${noun} ${id} was aborted (result: ${clean(resource.result)})`,
      ),
    };
  }

  /** Asks once (or, once accepted, looks once); a result when the abort is over, else undefined. */
  async step(): Promise<AbortResult | undefined> {
    if (this.#accepted) {
      // The server took the abort; wait for the state to show it rather than asking again.
      const current = await this.read();
      if (current?.status === 'finished') return this.finished(current, false);
      this.#lastProblem = `the abort was accepted but the ${this.#ref.kind} is still ${clean(current?.status ?? 'unreadable')}`;
      return undefined;
    }
    try {
      const answer = await this.#ops.abort(
        callWindow(this.deadline, this.#options.clock, this.#options.signal),
      );
      if (answer.status === 'finished') return this.finished(answer, answer.result !== 'aborted');
      this.#accepted = true;
      return this.step();
    } catch (error) {
      if (this.#options.signal?.aborted) return this.gaveUp();
      const failure = describeFailure(error);
      // Not a failure of the call (an unusable answer, a bug): nothing to ask again.
      if (failure.word === 'internal' || failure.word === 'unusable-answer') throw error;
      return this.#refused(failure);
    }
  }

  async #refused(failure: Failure): Promise<AbortResult | undefined> {
    const { noun } = this;
    const id = this.#ref.id;
    if (failure.word === 'unsupported') {
      return {
        ref: this.#ref,
        confirmed: false,
        ...said(
          `${noun} ${id} could not be aborted: the server offers no abort for it. Stop it on the server`,
        ),
      };
    }
    this.#lastProblem = clean(failure.serverMessage ?? failure.message);
    // No answer, or one worth asking again for: try again.
    if (RETRY_AT_ONCE.has(failure.word)) {
      return undefined;
    }
    // Refused: find out why from the resource itself rather than from the server's wording.
    const current = await this.read();
    if (current?.status === 'finished') return this.finished(current, true);
    if (current && current.status !== 'running') {
      if (!this.#saidNotStarted) {
        this.#options.log.info(
          `${noun} ${id} has not started yet (${clean(current.status)}); retrying the abort until it starts.`,
        );
        this.#saidNotStarted = true;
      }
      return undefined;
    }
    return failure.word === 'denied' || failure.word === 'not-found' ? this.gaveUp() : undefined;
  }

  gaveUp(): AbortResult {
    return {
      ref: this.#ref,
      confirmed: false,
      ...said(
        `${this.noun} ${this.#ref.id} could not be aborted within ${Math.round(this.#options.budgetMs / 1000)}s: ${this.#lastProblem}`,
      ),
    };
  }
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
