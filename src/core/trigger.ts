// Triggers exactly once. A POST is never repeated: when its response is lost after it may have
// reached the server, we look for the run it created among the runs that appeared since a watermark
// taken just before the POST, and adopt it only when exactly one matches.
import { ApiError, TriggerOutcomeUnknownError } from '../api/errors.ts';
import { PAGE_SIZE } from '../api/paginate.ts';
import type { Build, BuildTrigger, Run, RunTrigger } from '../api/types.ts';
import type { Clock, Sleep } from '../time.ts';
import type { CiApi } from './api-port.ts';
import { matchesFingerprint, type TriggerFingerprint } from './fingerprint.ts';
import type { Log } from './ports.ts';
import { sanitizeLine } from '../text/safety.ts';

class TriggerNotFoundError extends Error {
  override name = 'TriggerNotFoundError';
}

export interface TriggerDeps {
  client: CiApi;
  log: Log;
  clock: Clock;
  sleep: Sleep;
  /** Stops waiting to send a refused trigger again. */
  cancel?: AbortSignal;
}

const REFUSED_RETRIES = 3;
const REFUSED_WAIT_CAP_MS = 30_000;

/**
 * Sends a trigger, again only when the server certainly did not take it: a 429, or a connection that
 * was never made. Anything that may have reached the server is left to the lost-response search.
 */
async function sendTrigger<T>(deps: TriggerDeps, send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        !(error instanceof TriggerOutcomeUnknownError) &&
        error.retryable &&
        (error.status === undefined || error.status === 429);
      if (!refused || attempt > REFUSED_RETRIES) throw error;
      const wait = Math.min(error.retryAfterMs ?? 1000 * 2 ** (attempt - 1), REFUSED_WAIT_CAP_MS);
      deps.log.info(
        `The trigger was not taken (${sanitizeLine(error.message, { maxLength: 300 })}); sending it again in ${Math.ceil(wait / 1000)}s.`,
      );
      try {
        await deps.sleep(wait, deps.cancel);
      } catch {
        throw new Error('Cancelled while waiting to send the trigger again; nothing was triggered.');
      }
    }
  }
}

const SEARCH_ATTEMPTS = 4;
const SEARCH_PAUSE_MS = 1000;

export async function triggerRunOnce(
  deps: TriggerDeps,
  payload: RunTrigger,
  fingerprint: TriggerFingerprint,
): Promise<Run> {
  try {
    return await sendTrigger(deps, () => deps.client.triggerRun(payload));
  } catch (error) {
    if (!(error instanceof TriggerOutcomeUnknownError)) throw error;
    deps.log.warning(
      `The response to the trigger was lost (${error.message}). The run may exist: looking for it instead of triggering again.`,
    );
    return adoptLostRun(deps, fingerprint);
  }
}

async function adoptLostRun(deps: TriggerDeps, fingerprint: TriggerFingerprint): Promise<Run> {
  let candidates: Run[] = [];
  for (let attempt = 1; attempt <= SEARCH_ATTEMPTS; attempt++) {
    candidates = await findTriggeredRuns(deps.client, fingerprint);
    if (candidates.length > 0) break;
    if (attempt < SEARCH_ATTEMPTS) await deps.sleep(SEARCH_PAUSE_MS);
  }
  if (candidates.length === 1) {
    const [run] = candidates as [Run];
    deps.log.info(`Adopted run ${run.id}, created by the trigger whose response was lost.`);
    return run;
  }
  if (candidates.length === 0) {
    throw new TriggerNotFoundError(
      'The response to the trigger was lost and no new run of the pipeline matches it, so the server most ' +
        'likely did not create one. Nothing was triggered twice; re-run the job to try again.',
    );
  }
  throw new TriggerNotFoundError(
    'The response to the trigger was lost and several new runs match it, so the action cannot tell which ' +
      `one it created and follows none: ${candidates.map((run) => sanitizeLine(run.id)).join(', ')}.`,
  );
}

/**
 * The runs above the watermark that match the trigger. List items omit env vars and the source run,
 * so each candidate is read whole to compare those too.
 */
export async function findTriggeredRuns(client: CiApi, fingerprint: TriggerFingerprint): Promise<Run[]> {
  const known = new Set(fingerprint.known);
  const newest = await client.listRuns({ pipelineId: fingerprint.pipelineId, limit: PAGE_SIZE });
  const fresh = newest.filter((run) => !known.has(run.id) && matchesFingerprint(run, fingerprint));
  const detailed = await Promise.all(fresh.map((run) => client.getRun(run.id)));
  return detailed.filter((run) => matchesFingerprint(run, fingerprint));
}

/** Builds: adopt a lost build only when the application's builds can be listed. */
export interface BuildsBefore {
  builds: Build[];
  list?: () => Promise<Build[]>;
}

export async function triggerBuildOnce(
  deps: TriggerDeps,
  payload: BuildTrigger,
  before: BuildsBefore,
): Promise<Build> {
  try {
    return await sendTrigger(deps, () => deps.client.triggerBuild(payload));
  } catch (error) {
    if (!(error instanceof TriggerOutcomeUnknownError)) throw error;
    if (!before.list) {
      throw new TriggerNotFoundError(
        `The response to the build trigger was lost (${error.message}); the build may exist. Without ` +
          '`application: owner/name` its builds cannot be listed to find it, so the action stops here ' +
          'and does not trigger twice.',
      );
    }
    deps.log.warning(`The response to the build trigger was lost (${error.message}); looking for the build.`);
    const known = new Set(before.builds.map((build) => build.id));
    for (let attempt = 1; attempt <= SEARCH_ATTEMPTS; attempt++) {
      const fresh = (await before.list()).filter(
        (build) =>
          !known.has(build.id) &&
          (payload.branch === undefined || build.branch === payload.branch) &&
          (payload.message === undefined || build.message === payload.message),
      );
      if (fresh.length === 1) {
        deps.log.info(
          `Adopted build ${sanitizeLine(fresh[0]!.id)}, created by the trigger whose response was lost.`,
        );
        return fresh[0]!;
      }
      if (fresh.length > 1) {
        throw new TriggerNotFoundError(
          `The response to the build trigger was lost and several new builds match it: ${fresh
            .map((build) => sanitizeLine(build.id))
            .join(', ')}.`,
        );
      }
      if (attempt < SEARCH_ATTEMPTS) await deps.sleep(SEARCH_PAUSE_MS);
    }
    throw new TriggerNotFoundError(
      'The response to the build trigger was lost and no new build matches it; nothing was triggered twice.',
    );
  }
}
