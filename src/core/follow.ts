// Follows one run or build until it finishes, the deadline passes or cancellation is requested.
// Each poll reads the resource; steps are read only when something moved, so a quiet run costs one
// request per poll. Transient failures that outlive the client's own retries are ridden out here.
import { describeFailure, type FailureWord } from '../api/errors.ts';
import type { Step } from '../api/types.ts';
import type { Remote } from './model.ts';
import { isFinished } from '../api/types.ts';
import { isCutOff } from './deadline.ts';
import type { RemoteRef } from './refs.ts';
import type { PollPolicy } from './polling.ts';
import type { FlowPorts } from './ports.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';

export interface FollowObserver {
  /** The resource's status, progress or current step changed (called for the first read too). */
  update(resource: Remote, steps: readonly Step[]): void;
  /** A step finished: called once per step, in order; `runFinished` once the whole run is over. */
  stepFinished(step: Step, steps: readonly Step[], runFinished: boolean): Promise<void>;
}

export type FollowEnd =
  | { reason: 'finished'; resource: Remote; steps: Step[] }
  | { reason: 'timeout'; resource: Remote | undefined; steps: Step[] }
  | { reason: 'cancelled'; resource: Remote | undefined; steps: Step[] };

export interface FollowOptions {
  ref: RemoteRef;
  policy: PollPolicy;
  /** Epoch ms; undefined means no limit. */
  deadline?: number;
  cancel: AbortSignal;
  /** Already read (the re-read after the trigger); the first poll is then scheduled from it. */
  initial?: Remote;
}

/** Failures that reading again will not mend; every other one is ridden out. */
const PERMANENT: ReadonlySet<FailureWord> = new Set(['invalid', 'denied', 'not-found', 'gone']);
/**
 * Unusable answers (`unusable-answer`) without a usable one between them before following stops: one is
 * no reason to give up, but a server that only sends those would otherwise be polled forever.
 */
const MAX_CONTRACT_ERRORS = 5;
/** A Retry-After longer than this is not honoured to the letter while following. */
const MAX_HOLD_OFF_MS = 60_000;

export async function follow(
  deps: FlowPorts,
  options: FollowOptions,
  observer: FollowObserver,
): Promise<FollowEnd> {
  const { clock, sleep } = deps;
  const { deadline, cancel } = options;
  const state: FollowState = {
    resource: options.initial,
    steps: [],
    reported: 0,
    lastKey: '',
    stepsKey: '',
    failures: 0,
    contractErrors: 0,
    holdOffMs: 0,
  };
  if (state.resource) {
    state.lastKey = changeKey(state.resource, state.steps);
    observer.update(state.resource, state.steps);
  }
  const ended = (reason: 'cancelled' | 'timeout'): FollowEnd => ({
    reason,
    resource: state.resource,
    steps: state.steps,
  });

  for (let first = state.resource === undefined; ; first = false) {
    if (!first) {
      const delay = Math.max(nextDelay(options.policy, state, clock.now()), state.holdOffMs);
      state.holdOffMs = 0;
      const wait = deadline === undefined ? delay : Math.min(delay, deadline - clock.now());
      if (wait > 0) {
        try {
          await sleep(wait, cancel);
        } catch {
          return ended('cancelled');
        }
      }
    }
    if (cancel.aborted) return ended('cancelled');
    if (deadline !== undefined && clock.now() >= deadline) return ended('timeout');
    if (!(await poll(deps, options, state))) {
      if (cancel.aborted) return ended('cancelled');
      continue;
    }
    const resource = state.resource!;
    // Finished steps first, then where the run is now: the log then reads in the order things happened.
    await reportFinishedSteps(state, observer);
    const key = changeKey(resource, state.steps);
    if (key !== state.lastKey) {
      state.lastKey = key;
      observer.update(resource, state.steps);
    }
    if (isFinished(resource)) return { reason: 'finished', resource, steps: state.steps };
  }
}

interface FollowState {
  resource: Remote | undefined;
  steps: Step[];
  /** Steps already reported as finished, in order. */
  reported: number;
  lastKey: string;
  /** Status and progress when the steps were last read. */
  stepsKey: string;
  failures: number;
  /** Unusable answers since the last usable one. */
  contractErrors: number;
  /** A server's Retry-After that outlasted the client's own retries: the next poll waits at least this. */
  holdOffMs: number;
}

function nextDelay(policy: PollPolicy, { resource, steps }: FollowState, at: number): number {
  return policy.nextDelay({
    at,
    status: resource?.status ?? 'notstarted',
    ...(resource?.progress !== undefined ? { progress: resource.progress } : {}),
    ...(resource?.createdAt ? { createdAt: resource.createdAt.getTime() } : {}),
    ...(resource?.startedAt ? { startedAt: resource.startedAt.getTime() } : {}),
    ...(steps.length > 0
      ? {
          currentStep: steps.filter((step) => step.status !== 'notstarted').length,
          totalSteps: steps.length,
        }
      : {}),
  });
}

/** One read of the resource (and its steps when something moved); false after a transient failure. */
async function poll(deps: FlowPorts, options: FollowOptions, state: FollowState): Promise<boolean> {
  const { client, log } = deps;
  const { ref, cancel, deadline } = options;
  const call = { signal: cancel, ...(deadline !== undefined ? { deadline } : {}) };
  try {
    const resource =
      ref.kind === 'run' ? await client.getRun(ref.id, call) : await client.getBuild(ref.id, call);
    state.resource = resource;
    const key = `${resource.status}|${resource.progress ?? '?'}`;
    if (
      ref.kind === 'run' &&
      (key !== state.stepsKey || resource.progress === undefined || isFinished(resource))
    ) {
      state.steps = await client.getRunSteps(ref.id, call);
      state.stepsKey = key;
    }
    state.failures = 0;
    state.contractErrors = 0;
    return true;
  } catch (error) {
    // Cut off by the flow's bounds: the loop tells a cancel from the timeout.
    if (cancel.aborted || isCutOff(error)) return false;
    // One malformed answer is not a reason to give up on a run: treat it like a transient failure.
    const failure = describeFailure(error);
    const transient = failure.word !== 'internal' && !PERMANENT.has(failure.word);
    if (!transient) throw error;
    state.failures += 1;
    if (failure.word === 'unusable-answer' && ++state.contractErrors >= MAX_CONTRACT_ERRORS) {
      log.warning(
        `Stopped following ${ref.kind} ${ref.id}: ${state.contractErrors} answers since the last usable one could not be used.`,
      );
      throw error;
    }
    state.holdOffMs = Math.min(failure.retryAfterMs ?? 0, MAX_HOLD_OFF_MS);
    if (state.failures === 1 || state.failures % 10 === 0) {
      const reason = sanitizeLine(messageOf(error), { maxLength: 300 });
      log.warning(`Could not read ${ref.kind} ${ref.id} (${reason}); still waiting for it.`);
    }
    return false;
  }
}

async function reportFinishedSteps(state: FollowState, observer: FollowObserver): Promise<void> {
  const ordered = [...state.steps].sort((a, b) => a.order - b.order);
  const runFinished = state.resource !== undefined && isFinished(state.resource);
  for (const step of ordered.slice(state.reported)) {
    if (!isFinished(step)) break;
    state.reported += 1;
    await observer.stepFinished(step, ordered, runFinished);
  }
}

function changeKey(resource: Remote, steps: readonly Step[]): string {
  const running = steps.filter((step) => !isFinished(step)).map((step) => step.order);
  return `${resource.status}|${resource.result}|${resource.progress ?? '?'}|${steps.length}|${running.join(',')}`;
}
