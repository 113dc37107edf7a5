// Triggers exactly once. A POST is never repeated: when its response is lost after it may have
// reached the server, we look for the run it created among the runs that appeared since a watermark
// taken just before the POST, and adopt it only when exactly one matches.
import type { ApiClient } from '../api/client.ts';
import { TriggerOutcomeUnknownError } from '../api/errors.ts';
import type { Build, BuildTrigger, EnvVar, Run, RunTrigger } from '../api/types.ts';
import type { Clock, Sleep } from '../time.ts';
import type { Log } from './ports.ts';

/** What the runs list showed just before the trigger: newest first. */
export interface RunsBefore {
  runs: Run[];
}

export class TriggerNotFoundError extends Error {
  override name = 'TriggerNotFoundError';
}

export interface TriggerDeps {
  client: ApiClient;
  log: Log;
  clock: Clock;
  sleep: Sleep;
}

const SEARCH_ATTEMPTS = 4;
const SEARCH_PAUSE_MS = 1000;

export async function triggerRunOnce(
  deps: TriggerDeps,
  payload: RunTrigger,
  before: RunsBefore,
): Promise<Run> {
  try {
    return await deps.client.triggerRun(payload);
  } catch (error) {
    if (!(error instanceof TriggerOutcomeUnknownError)) throw error;
    deps.log.warning(
      `The response to the trigger was lost (${error.message}). The run may exist: looking for it instead of triggering again.`,
    );
    return adoptLostRun(deps, payload, before);
  }
}

async function adoptLostRun(deps: TriggerDeps, payload: RunTrigger, before: RunsBefore): Promise<Run> {
  const known = new Set(before.runs.map((run) => run.id));
  let candidates: Run[] = [];
  for (let attempt = 1; attempt <= SEARCH_ATTEMPTS; attempt++) {
    const newest = await deps.client.listRuns({ pipelineId: payload.pipelineId, limit: 20 });
    const fresh = newest.filter((run) => !known.has(run.id) && matchesTrigger(run, payload));
    candidates = await narrowByDetails(deps.client, fresh, payload);
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
      `one it created and follows none: ${candidates.map((run) => `${run.id} (${run.url})`).join(', ')}.`,
  );
}

function matchesTrigger(run: Run, payload: RunTrigger): boolean {
  if (payload.branch !== undefined && run.branch !== payload.branch) return false;
  if (
    payload.commitHash !== undefined &&
    run.commitHash?.toLowerCase() !== payload.commitHash.toLowerCase()
  ) {
    return false;
  }
  if (payload.message !== undefined && run.message !== payload.message) return false;
  return true;
}

/** List items omit envVars and the source run; read the candidates to compare them too. */
async function narrowByDetails(client: ApiClient, runs: Run[], payload: RunTrigger): Promise<Run[]> {
  const wantsDetails = (payload.envVars?.length ?? 0) > 0 || payload.sourceRunId !== undefined;
  if (!wantsDetails || runs.length === 0) return runs;
  const detailed = await Promise.all(runs.slice(0, 10).map((run) => client.getRun(run.id)));
  return detailed.filter(
    (run) =>
      sameEnvVars(run.envVars, payload.envVars) &&
      (payload.sourceRunId === undefined ||
        run.sourceRunId === undefined ||
        run.sourceRunId === payload.sourceRunId),
  );
}

function sameEnvVars(actual: EnvVar[] | undefined, expected: EnvVar[] | undefined): boolean {
  if (actual === undefined) return true;
  const wanted = expected ?? [];
  return (
    actual.length === wanted.length &&
    actual.every((pair, index) => pair.key === wanted[index]?.key && pair.value === wanted[index]?.value)
  );
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
    return await deps.client.triggerBuild(payload);
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
        deps.log.info(`Adopted build ${fresh[0]!.id}, created by the trigger whose response was lost.`);
        return fresh[0]!;
      }
      if (fresh.length > 1) {
        throw new TriggerNotFoundError(
          `The response to the build trigger was lost and several new builds match it: ${fresh
            .map((build) => build.id)
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
