// Follows one run or build until it finishes, the deadline passes or cancellation is requested.
// Each poll reads the resource; steps are read only when something moved, so a quiet run costs one
// request per poll. Transient failures that outlive the client's own retries are ridden out here.
import type { CiApi } from './api-port.ts';
import { ApiError, ContractError } from '../api/errors.ts';
import type { Build, Run, Step } from '../api/types.ts';
import { isFinished } from '../api/types.ts';
import type { Clock, Sleep } from '../time.ts';
import type { RemoteRef } from './refs.ts';
import type { PollPolicy } from './polling.ts';
import type { Log } from './ports.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';

export type Remote = Run | Build;

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

export interface FollowDeps {
  client: CiApi;
  clock: Clock;
  sleep: Sleep;
  log: Log;
}

const PERMANENT = new Set([400, 401, 403, 404, 410, 422]);
/** A Retry-After longer than this is not honoured to the letter while following. */
const MAX_HOLD_OFF_MS = 60_000;

export async function follow(
  deps: FollowDeps,
  options: FollowOptions,
  observer: FollowObserver,
): Promise<FollowEnd> {
  const { client, clock, sleep, log } = deps;
  const { ref, policy, deadline, cancel } = options;
  let resource = options.initial;
  let steps: Step[] = [];
  let reported = 0;
  let lastKey = '';
  let failures = 0;
  let stepsKey = '';
  /** A server's Retry-After that outlasted the client's own retries: the next poll waits at least this. */
  let holdOffMs = 0;

  const reportFinishedSteps = async () => {
    const ordered = [...steps].sort((a, b) => a.order - b.order);
    for (const step of ordered.slice(reported)) {
      if (!isFinished(step)) break;
      reported += 1;
      await observer.stepFinished(step, ordered, resource !== undefined && isFinished(resource));
    }
  };

  if (resource) {
    lastKey = changeKey(resource, steps);
    observer.update(resource, steps);
  }

  for (let first = resource === undefined; ; first = false) {
    if (!first) {
      const paced = policy.nextDelay({
        at: clock.now(),
        status: resource?.status ?? 'notstarted',
        ...(resource?.progress !== undefined ? { progress: resource.progress } : {}),
        ...(resource?.createdAt ? { createdAt: resource.createdAt.getTime() } : {}),
        ...(resource?.startedAt ? { startedAt: resource.startedAt.getTime() } : {}),
        ...(steps.length > 0
          ? { currentStep: steps.filter((step) => step.status !== 'notstarted').length }
          : {}),
        ...(steps.length > 0 ? { totalSteps: steps.length } : {}),
      });
      const delay = Math.max(paced, holdOffMs);
      holdOffMs = 0;
      const wait = deadline === undefined ? delay : Math.min(delay, deadline - clock.now());
      if (wait > 0) {
        try {
          await sleep(wait, cancel);
        } catch {
          return { reason: 'cancelled', resource, steps };
        }
      }
    }
    if (cancel.aborted) return { reason: 'cancelled', resource, steps };
    if (deadline !== undefined && clock.now() >= deadline) return { reason: 'timeout', resource, steps };

    const call = { signal: cancel, ...(deadline !== undefined ? { deadline } : {}) };
    try {
      resource = ref.kind === 'run' ? await client.getRun(ref.id, call) : await client.getBuild(ref.id, call);
      const key = `${resource.status}|${resource.progress ?? '?'}`;
      if (
        ref.kind === 'run' &&
        (key !== stepsKey || resource.progress === undefined || isFinished(resource))
      ) {
        steps = await client.getRunSteps(ref.id, call);
        stepsKey = key;
      }
      failures = 0;
    } catch (error) {
      if (cancel.aborted) return { reason: 'cancelled', resource, steps };
      // One malformed answer is not a reason to give up on a run: treat it like a transient failure.
      const transient =
        error instanceof ContractError ||
        (error instanceof ApiError && (error.status === undefined || !PERMANENT.has(error.status)));
      if (!transient) throw error;
      failures += 1;
      holdOffMs = Math.min(error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0, MAX_HOLD_OFF_MS);
      if (failures === 1 || failures % 10 === 0) {
        const reason = sanitizeLine(messageOf(error), {
          maxLength: 300,
        });
        log.warning(`Could not read ${ref.kind} ${ref.id} (${reason}); still waiting for it.`);
      }
      continue;
    }

    // Finished steps first, then where the run is now: the log then reads in the order things happened.
    await reportFinishedSteps();
    const key = changeKey(resource, steps);
    if (key !== lastKey) {
      lastKey = key;
      observer.update(resource, steps);
    }
    if (isFinished(resource)) return { reason: 'finished', resource, steps };
  }
}

function changeKey(resource: Remote, steps: readonly Step[]): string {
  const running = steps.filter((step) => !isFinished(step)).map((step) => step.order);
  return `${resource.status}|${resource.result}|${resource.progress ?? '?'}|${steps.length}|${running.join(',')}`;
}
