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
 * was never made. When the response is lost after the trigger may have reached the server, `lost`
 * looks for what it created instead.
 */
async function triggerOnce<T>(
  deps: TriggerDeps,
  send: () => Promise<T>,
  lost: (error: TriggerOutcomeUnknownError) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (error instanceof TriggerOutcomeUnknownError) return lost(error);
      const refused =
        error instanceof ApiError && error.retryable && (error.status === undefined || error.status === 429);
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

/** How to look for what a lost trigger created, and what to say when not exactly one thing is found. */
interface LostSearch<T> {
  noun: 'run' | 'build';
  find: () => Promise<T[]>;
  none: string;
  several: (ids: string) => string;
}

/** Searches a few times, a pause apart, until something matches; adopts it only when it is alone. */
async function adoptLost<T extends { id: string }>(deps: TriggerDeps, search: LostSearch<T>): Promise<T> {
  let found: T[] = [];
  for (let attempt = 1; attempt <= SEARCH_ATTEMPTS && found.length === 0; attempt++) {
    if (attempt > 1) await deps.sleep(SEARCH_PAUSE_MS);
    found = await search.find();
  }
  const [only] = found;
  if (only !== undefined && found.length === 1) {
    deps.log.info(
      `Adopted ${search.noun} ${sanitizeLine(only.id)}, created by the trigger whose response was lost.`,
    );
    return only;
  }
  throw new TriggerNotFoundError(
    found.length === 0 ? search.none : search.several(found.map((item) => sanitizeLine(item.id)).join(', ')),
  );
}

export async function triggerRunOnce(
  deps: TriggerDeps,
  payload: RunTrigger,
  fingerprint: TriggerFingerprint,
): Promise<Run> {
  return triggerOnce(deps, () => deps.client.triggerRun(payload), lostRun(deps, fingerprint));
}

function lostRun(deps: TriggerDeps, fingerprint: TriggerFingerprint) {
  return (error: TriggerOutcomeUnknownError): Promise<Run> => {
    deps.log.warning(
      `The response to the trigger was lost (${error.message}). The run may exist: looking for it instead of triggering again.`,
    );
    return adoptLost(deps, {
      noun: 'run',
      find: () => findTriggeredRuns(deps.client, fingerprint),
      none:
        'The response to the trigger was lost and no new run of the pipeline matches it, so the server most ' +
        'likely did not create one. Nothing was triggered twice; re-run the job to try again.',
      several: (ids) =>
        'The response to the trigger was lost and several new runs match it, so the action cannot tell ' +
        `which one it created and follows none: ${ids}.`,
    });
  };
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
  return triggerOnce(deps, () => deps.client.triggerBuild(payload), lostBuild(deps, payload, before));
}

function lostBuild(deps: TriggerDeps, payload: BuildTrigger, { builds, list }: BuildsBefore) {
  return (error: TriggerOutcomeUnknownError): Promise<Build> => {
    if (!list) {
      throw new TriggerNotFoundError(
        `The response to the build trigger was lost (${error.message}); the build may exist. Without ` +
          '`application: owner/name` its builds cannot be listed to find it, so the action stops here ' +
          'and does not trigger twice.',
      );
    }
    deps.log.warning(`The response to the build trigger was lost (${error.message}); looking for the build.`);
    const known = new Set(builds.map((build) => build.id));
    return adoptLost(deps, {
      noun: 'build',
      find: async () =>
        (await list()).filter(
          (build) =>
            !known.has(build.id) &&
            (payload.branch === undefined || build.branch === payload.branch) &&
            (payload.message === undefined || build.message === payload.message),
        ),
      none: 'The response to the build trigger was lost and no new build matches it; nothing was triggered twice.',
      several: (ids) => `The response to the build trigger was lost and several new builds match it: ${ids}.`,
    });
  };
}
