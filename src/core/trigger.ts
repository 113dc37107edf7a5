// Triggers exactly once. When a POST's answer is lost after it may have reached the server, we look
// for what it created among the runs that appeared since a watermark taken just before it, and adopt
// it only when exactly one matches. Only when nothing appears, even after a settle time, is the POST
// sent again: the server did not take it. A 2xx whose body was unusable is different: the server
// took the trigger, so we look for what it created but never send the trigger again.
import { describeFailure, type Failure } from '../api/errors.ts';
import { sameText } from '../api/remote-text.ts';
import type { Build, BuildTrigger, Run, RunTrigger } from '../api/types.ts';
import type { CallOptions, CiApi } from './api-port.ts';
import { matchesFingerprint, type FingerprintKey, type TriggerFingerprint } from './fingerprint.ts';
import type { FlowPorts } from './ports.ts';
import { messageOf } from '../text/message.ts';
import { sanitizeLine } from '../text/safety.ts';

/** A lost trigger answer the action cannot look behind: without `application` its builds cannot be listed. */
class TriggerUnverifiableError extends Error {
  override name = 'TriggerUnverifiableError';
}

/** A trigger whose answer was lost every time it was sent, with no trace of it: nothing was created. */
class TriggerNotTakenError extends Error {
  override name = 'TriggerNotTakenError';
}

/** Several new runs match a trigger whose answer was lost or unusable: the action cannot tell its own. */
class TriggerAmbiguousError extends Error {
  override name = 'TriggerAmbiguousError';
}

/** The server took the trigger (a 2xx), but what it created cannot be found to be followed. */
class TakenButNotFoundError extends Error {
  override name = 'TakenButNotFoundError';
}

/** A cancel while the trigger waited: the flow ends cancelled, not in error. */
export class TriggerCancelledError extends Error {
  override name = 'TriggerCancelledError';
  /** Nothing can exist (the trigger was refused), so post has nothing to look for. */
  readonly nothingTriggered: boolean;
  /** What the trigger was waiting for: to be sent again, or for a lost trigger's run to be found. */
  readonly during: 'resend-wait' | 'lost-search';

  constructor(during: 'resend-wait' | 'lost-search', nothingTriggered: boolean) {
    super(
      during === 'resend-wait'
        ? 'Cancelled while waiting to send the trigger again.'
        : 'Cancelled while checking whether the lost trigger was taken.',
    );
    this.during = during;
    this.nothingTriggered = nothingTriggered;
  }
}

export interface TriggerDeps extends FlowPorts {
  /** Stops waiting to send a refused trigger again. */
  cancel?: AbortSignal;
  /**
   * A cancel that comes while a lost trigger's work is looked for cuts the look short: one last look
   * then goes out on this port (not bounded by the cancel), within `budgetMs` and until `hurry` fires, so
   * that the flow can still name the run it created and abort it, rather than leave that to post.
   */
  lastLook?: { client: CiApi; budgetMs: number; hurry?: AbortSignal };
}

const REFUSED_RETRIES = 3;
const REFUSED_WAIT_CAP_MS = 30_000;

/**
 * Sends a trigger, again only when the server certainly did not take it: throttled, or a connection that
 * was never made. Anything that may have reached the server is left to the lost-response search.
 */
async function sendTrigger<T>(deps: TriggerDeps, send: () => Promise<T>, sendsBefore: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const failure = describeFailure(error);
      const refused = failure.retryable && (failure.word === 'no-answer' || failure.word === 'throttled');
      if (!refused || attempt > REFUSED_RETRIES) throw error;
      const wait = Math.min(failure.retryAfterMs ?? 1000 * 2 ** (attempt - 1), REFUSED_WAIT_CAP_MS);
      deps.log.info(
        `The trigger was not taken (${sanitizeLine(failure.message, { maxLength: 300 })}); sending it again in ${Math.ceil(wait / 1000)}s.`,
      );
      try {
        await deps.sleep(wait, deps.cancel);
      } catch {
        throw new TriggerCancelledError('resend-wait', sendsBefore === 0);
      }
    }
  }
}

const SEARCH_ATTEMPTS = 4;
const SEARCH_PAUSE_MS = 1000;
/** After a search found nothing: one more look this much later, before sending again. */
const SETTLE_MS = 5000;
/** Sends after the first, each only once no trace of the earlier ones was found. */
const RESENDS = 2;

/** What the exactly-once rule needs to know of one kind of remote work. */
interface Triggerable<T> {
  noun: 'run' | 'build';
  send(): Promise<T>;
  /**
   * The candidates above the watermark that match the trigger; undefined when they cannot be listed. On
   * the port given (the flow's by default) with the options given.
   */
  find?: (client?: CiApi, call?: CallOptions) => Promise<T[]>;
  idOf(item: T): string;
}

/**
 * Sends the trigger. When its answer is lost, looks for what it created; when nothing appears, even
 * after a settle time, the server did not take it, and it is sent again (at most RESENDS times).
 */
async function triggerOnce<T>(deps: TriggerDeps, target: Triggerable<T>): Promise<T> {
  const { noun } = target;
  for (let sends = 1; ; sends++) {
    let lost: Failure;
    try {
      return await sendTrigger(deps, target.send, sends - 1);
    } catch (error) {
      lost = describeFailure(error);
      if (lost.word !== 'outcome-unknown') throw error;
    }
    if (!target.find) {
      throw new TriggerUnverifiableError(
        `${lostAnswer(noun, lost)}; the ${noun} ${lost.taken ? 'exists' : 'may exist'}. Without ` +
          '`application: owner/name` its builds cannot be listed to find it, so the action stops here ' +
          'and does not trigger twice.',
      );
    }
    if (lost.taken) return findTaken(deps, target, target.find, lost, sends);
    deps.log.warning(
      `The response to the ${noun} trigger was lost (${lost.message}). The ${noun} may exist: looking for it instead of triggering again.`,
    );
    const found = await lookOrLastLook(deps, target.find, sends <= RESENDS);
    if (found.length > 0) return adoptOne(deps, target, found, 'was lost');
    if (sends > RESENDS) {
      throw new TriggerNotTakenError(
        `The response to the ${noun} trigger was lost ${sends} times and no new ${noun} matches it, so the ` +
          'server most likely did not create one. Nothing was triggered twice; re-run the job to try again.',
      );
    }
    deps.log.info(`No ${noun} of that trigger appeared, so the server did not take it: sending it again.`);
  }
}

/** What became of the trigger's answer, with the error's own words. */
function lostAnswer(noun: string, lost: Failure): string {
  const why = sanitizeLine(lost.message, { maxLength: 500 });
  return lost.taken
    ? `The server created the ${noun}, but its answer to the trigger was unusable (${why})`
    : `The response to the ${noun} trigger was lost (${why})`;
}

/** The one match, adopted; several are refused, for the action cannot tell which one it created. */
function adoptOne<T>(deps: TriggerDeps, target: Triggerable<T>, found: T[], answer: string, after = ''): T {
  const { noun } = target;
  if (found.length > 1) {
    throw new TriggerAmbiguousError(
      `The response to the ${noun} trigger ${answer} and several new ${noun}s match it, so the action cannot ` +
        `tell which one it created and follows none: ${found.map((item) => sanitizeLine(target.idOf(item))).join(', ')}.${after}`,
    );
  }
  deps.log.info(
    `Adopted ${noun} ${sanitizeLine(target.idOf(found[0]!))}, created by the trigger whose response ${answer}.`,
  );
  return found[0]!;
}

/**
 * The server answered 2xx, so it created the run or build, but the answer could not be used (an
 * unusable id, say). The work is looked for like a lost one; the trigger is never sent again.
 */
async function findTaken<T>(
  deps: TriggerDeps,
  target: Triggerable<T>,
  find: () => Promise<T[]>,
  lost: Failure,
  sends: number,
): Promise<T> {
  const { noun } = target;
  const whatHappened = lostAnswer(noun, lost);
  // After the first send, earlier ones went out too: each lost, then looked for and found nowhere.
  const noSecondSend = sends === 1 ? 'nothing was triggered twice' : 'the trigger is not sent again';
  deps.log.warning(`${whatHappened}. Looking for the ${noun} it created; the trigger is not sent again.`);
  let found: T[];
  try {
    found = await lookOrLastLook(deps, find, true);
  } catch (error) {
    throw new TakenButNotFoundError(
      `${whatHappened}, and looking for the ${noun} failed too (${sanitizeLine(messageOf(error), { maxLength: 500 })}). ` +
        `The ${noun} exists but cannot be followed; ${noSecondSend}.`,
    );
  }
  if (found.length > 0) {
    return adoptOne(deps, target, found, 'was unusable', ` The ${noun} exists; ${noSecondSend}.`);
  }
  throw new TakenButNotFoundError(
    `${whatHappened}, and no new ${noun} matches it. The server created a ${noun} that cannot be followed; ${noSecondSend}.`,
  );
}

const LAST_LOOK_RETRY = { maxAttempts: 4, baseMs: 100, capMs: 400, retryAfterCapMs: 500 };

/** The search below; when a cancel cuts it short, one last look, and the one match it finds if it does. */
async function lookOrLastLook<T>(
  deps: TriggerDeps,
  find: NonNullable<Triggerable<T>['find']>,
  settle: boolean,
): Promise<T[]> {
  try {
    return await search(deps, () => find(), settle);
  } catch (error) {
    const { lastLook } = deps;
    if (!lastLook || !deps.cancel?.aborted) throw error;
    // A look that fails on its way (a reset, a 5xx) is tried again at once, within the budget: one lost
    // answer would otherwise leave main without the id of a run that exists.
    const call = {
      deadline: deps.clock.now() + lastLook.budgetMs,
      retry: LAST_LOOK_RETRY,
      ...(lastLook.hurry ? { signal: lastLook.hurry } : {}),
    };
    const found = await find(lastLook.client, call).catch(() => []);
    if (found.length !== 1) throw error;
    return found;
  }
}

/** Looks a few times, then (when `settle`) once more after a pause, for what a lost trigger created. */
async function search<T>(deps: TriggerDeps, find: () => Promise<T[]>, settle: boolean): Promise<T[]> {
  for (let attempt = 1; attempt <= SEARCH_ATTEMPTS; attempt++) {
    const found = await find();
    if (found.length > 0) return found;
    if (attempt < SEARCH_ATTEMPTS) await deps.sleep(SEARCH_PAUSE_MS);
  }
  if (!settle) return [];
  try {
    await deps.sleep(SETTLE_MS, deps.cancel);
  } catch {
    throw new TriggerCancelledError('lost-search', false);
  }
  return find();
}

export function triggerRunOnce(
  deps: TriggerDeps,
  payload: RunTrigger,
  fingerprint: TriggerFingerprint,
  key: FingerprintKey,
): Promise<Run> {
  return triggerOnce(deps, {
    noun: 'run',
    send: () => deps.client.triggerRun(payload),
    find: (client = deps.client, call) => findTriggeredRuns(client, fingerprint, key, call),
    idOf: (run) => run.id,
  });
}

/**
 * The runs above the watermark that match the trigger. List items omit env vars and the source run,
 * so each candidate is read whole to compare those too.
 */
export async function findTriggeredRuns(
  client: CiApi,
  fingerprint: TriggerFingerprint,
  key: FingerprintKey,
  call?: CallOptions,
): Promise<Run[]> {
  const known = new Set(fingerprint.known);
  const newest = await client.listRuns({ pipelineId: fingerprint.pipelineId, limit: client.pageSize }, call);
  const fresh = newest.filter((run) => !known.has(run.id) && matchesFingerprint(run, fingerprint, key));
  const detailed = await Promise.all(fresh.map((run) => client.getRun(run.id, call)));
  return detailed.filter((run) => matchesFingerprint(run, fingerprint, key));
}

/** Builds: a lost build can be found only when the application's builds can be listed. */
export interface BuildsBefore {
  builds: Build[];
  list?: (client?: CiApi, call?: CallOptions) => Promise<Build[]>;
}

export function triggerBuildOnce(
  deps: TriggerDeps,
  payload: BuildTrigger,
  before: BuildsBefore,
): Promise<Build> {
  const known = new Set(before.builds.map((build) => build.id));
  const list = before.list;
  return triggerOnce(deps, {
    noun: 'build',
    send: () => deps.client.triggerBuild(payload),
    ...(list
      ? {
          find: async (client, call) =>
            (await list(client, call)).filter(
              (build) =>
                !known.has(build.id) &&
                // Texts cut at parse are compared by the length and SHA-256 of the whole.
                (payload.branch === undefined ||
                  sameText(build.branch, build.whole?.branch, payload.branch)) &&
                (payload.message === undefined ||
                  sameText(build.message, build.whole?.message, payload.message)),
            ),
        }
      : {}),
    idOf: (build) => build.id,
  });
}
