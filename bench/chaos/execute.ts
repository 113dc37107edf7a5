// One chaos run, as the runner would run the step: main with its own fault proxy, a runner-like cancel
// when the plan says so, then (post-if: always()) the post entry, with the emulator's state read a
// short while after each.
import { readFileSync } from 'node:fs';
import type { Emulator, EmulatorRunView } from '../../src/emulator/index.ts';
import type { FakeGitHub } from '../../tools/fake-github/index.ts';
import { cancelLikeRunner, launch, makeStepFiles, readFileCommands, type Exit } from '../support/action.ts';
import { createRandom } from '../support/random.ts';
import { join } from 'node:path';
import { readServedArchives, readTree, type ArtifactEvidence } from './artifact-evidence.ts';
import { BENCH_APPLICATION } from '../support/world.ts';
import type { RunEvidence } from './check.ts';
import { prepareGitHubRun, type GitHubEvidence, type GitHubRun } from './github-run.ts';
import type { ServerLogs } from './check-live-logs.ts';
import { chaosTargets, planEnvVars, stepLogsInput, streamsLive, type ChaosPlan } from './plan.ts';
import { startFaultProxy, type InjectedFault } from './proxy.ts';

export interface ChaosContext {
  emulator: Emulator;
  token: string;
  main: string;
  post: string;
  /** The fake GitHub every run reports to, with the token the action is given for it. */
  github?: { fake: FakeGitHub; token: string };
}

export interface ExecutedRun {
  evidence: RunEvidence;
  faults: InjectedFault[];
  requests: number;
  /** Step log reads among them. */
  logReads: number;
  /** Reads of a step's artifacts among them. */
  artifactReads: number;
  /** What GitHub holds for the run, when it asked for reports. */
  github?: GitHubEvidence;
}

/** Main is cancelled like the runner cancels a job that outlives this. */
export const MAIN_WATCHDOG_MS = 90_000;
export const POST_WATCHDOG_MS = 30_000;
/** The "short while" after an exit before the emulator is asked what runs. */
const SETTLE_AFTER_MAIN_MS = 1000;
const SETTLE_AFTER_POST_MS = 300;

export async function executeRun(context: ChaosContext, plan: ChaosPlan): Promise<ExecutedRun> {
  const proxy = await startFaultProxy({
    target: context.emulator.url,
    random: createRandom(plan.seed ^ 0x5bd1e995),
    rate: plan.faultRate,
    ...(plan.logFaultRate !== undefined ? { logRate: plan.logFaultRate } : {}),
    ...(plan.artifactFaultRate !== undefined ? { artifactRate: plan.artifactFaultRate } : {}),
    token: context.token,
  });
  const files = makeStepFiles();
  let github: GitHubRun | undefined;
  try {
    if (context.github && plan.github) {
      github = await prepareGitHubRun(context.github.fake, context.github.token, plan.github, files.dir);
    }
    const targets = chaosTargets(plan);
    // Inside RUNNER_TEMP, where an absolute artifacts-path may be; removed with the step's files.
    const artifactsRoot = join(files.dir, 'artifacts');
    const byName = targets.filter((target) => target.byName);
    const inputs = {
      'base-url': proxy.url,
      token: context.token,
      'pipeline-id': targets
        .filter((target) => !target.byName)
        .map((target) => target.pipelineId)
        .join('\n'),
      ...(byName.length > 0
        ? { pipeline: byName.map((target) => `${BENCH_APPLICATION}/${target.pipeline}`).join('\n') }
        : {}),
      ...(plan.failFast ? { 'fail-fast': 'true' } : {}),
      'env-vars': planEnvVars(plan),
      'poll-interval': plan.pollInterval,
      'step-logs': stepLogsInput(plan),
      ...(plan.timeoutSeconds !== undefined ? { timeout: `${plan.timeoutSeconds}s` } : {}),
      ...(plan.retries > 0 ? { retries: String(plan.retries) } : {}),
      ...(plan.artifacts !== undefined ? { artifacts: plan.artifacts, 'artifacts-path': artifactsRoot } : {}),
      ...github?.inputs,
    };
    const main = launch({ entry: context.main, files, inputs, env: github?.env });
    let cancelled = false;
    let hung = false;
    let cancellation: ReturnType<typeof cancelLikeRunner> | undefined;
    const cancel = () => {
      if (!main.running() || cancellation) return;
      cancellation = cancelLikeRunner(main);
    };
    const cancelTimer =
      plan.cancelAtMs !== undefined
        ? setTimeout(() => {
            cancelled = main.running();
            cancel();
          }, plan.cancelAtMs)
        : undefined;
    const watchdog = setTimeout(() => {
      hung = main.running();
      cancel();
    }, MAIN_WATCHDOG_MS);
    let mainExit: Exit;
    try {
      mainExit = await main.exited;
    } finally {
      clearTimeout(cancelTimer);
      clearTimeout(watchdog);
    }
    const signals = cancellation ? await cancellation : undefined;
    await pause(SETTLE_AFTER_MAIN_MS);
    const runsAfterMain = runsOf(context, plan.index);
    const partialsAfterMain = readTree(artifactsRoot).partials;
    const state = readFileCommands(files.state);

    const post = launch({ entry: context.post, files, inputs, state, env: github?.env });
    const postWatchdog = setTimeout(() => post.child.kill('SIGKILL'), POST_WATCHDOG_MS);
    const postExit = await post.exited.finally(() => clearTimeout(postWatchdog));
    await pause(SETTLE_AFTER_POST_MS);
    const runsAfterPost = runsOf(context, plan.index);
    const serverLogs = streamsLive(plan) ? await readServerLogs(context, runsAfterPost) : undefined;
    let artifacts: ArtifactEvidence | undefined;
    if (plan.artifacts !== undefined) {
      const { tree, partials } = readTree(artifactsRoot);
      const served = await readServedArchives(context.emulator, context.token, runsAfterPost);
      artifacts = { root: artifactsRoot, tree, partialsAfterMain, partialsAfterPost: partials, served };
    }

    const evidence: RunEvidence = {
      plan,
      token: context.token,
      main: {
        ...processEvidence(mainExit),
        cancelled,
        sigterm: signals?.sigtermSent ?? false,
        sigkill: signals?.sigkillSent ?? false,
        hung,
      },
      post: processEvidence(postExit),
      outputs: readFileCommands(files.output),
      files: {
        output: readText(files.output),
        state: readText(files.state),
        summary: readText(files.summary),
      },
      runsAfterMain,
      runsAfterPost,
      ...(serverLogs ? { serverLogs } : {}),
      ...(artifacts ? { artifacts } : {}),
    };
    return {
      evidence,
      faults: proxy.faults,
      requests: proxy.requests(),
      logReads: proxy.logReads(),
      artifactReads: proxy.artifactReads(),
      ...(github ? { github: github.collect() } : {}),
    };
  } finally {
    await github?.close();
    await proxy.close();
    files.dispose();
  }
}

function processEvidence(exit: Exit) {
  return {
    code: exit.code,
    signal: exit.signal,
    stdout: exit.stdout,
    stderr: exit.stderr,
    spawnedAt: exit.spawnedAt,
    exitedAt: exit.exitedAt,
    stdoutArrivals: exit.stdoutArrivals,
  };
}

function runsOf(context: ChaosContext, index: number): EmulatorRunView[] {
  return context.emulator.control
    .runs()
    .filter((run) =>
      run.envVars.some((envVar) => envVar.key === 'CHAOS_ID' && envVar.value === String(index)),
    );
}

/** Each run's steps and their whole logs, read from the emulator itself (not through the proxy). */
async function readServerLogs(context: ChaosContext, runs: readonly EmulatorRunView[]): Promise<ServerLogs> {
  const get = async (path: string) => {
    const response = await fetch(`${context.emulator.url}${path}`, {
      headers: { authorization: `Bearer ${context.token}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response;
  };
  const logs: ServerLogs = {};
  for (const run of runs) {
    // A run still queued has no steps to list.
    const listed =
      run.startedAt === undefined ? [] : await (await get(`/api/v3/runs/${run.id}/steps`)).json();
    const steps = listed as Array<{
      order: number;
      logUrl?: string;
      startedAt?: string;
      finishedAt?: string;
    }>;
    logs[run.id] = {
      result: run.result,
      steps: await Promise.all(
        steps.map(async (step) => ({
          order: step.order,
          ...timesOf(step),
          log: step.logUrl ? await (await get(new URL(step.logUrl).pathname)).text() : '',
        })),
      ),
    };
  }
  return logs;
}

/** A step's start and end as the emulator recorded them, in epoch ms. */
function timesOf(step: { startedAt?: string; finishedAt?: string }): {
  startedAt?: number;
  finishedAt?: number;
} {
  const ms = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
  const startedAt = ms(step.startedAt);
  const finishedAt = ms(step.finishedAt);
  return {
    ...(startedAt !== undefined ? { startedAt } : {}),
    ...(finishedAt !== undefined ? { finishedAt } : {}),
  };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
