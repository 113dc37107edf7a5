// Benchmark 5: several targets in one step. The bundled action follows 1, 10 and 50 pipelines of about a
// minute each, at once, on the emulator: requests per target, detection (finishedAt to the poll that saw
// it), the busiest second at the server, peak RSS and CPU time of the process. Then SIGINT while every
// target is being followed, the way the runner cancels: from the signal to the last target's abort.
import { startEmulator } from '../src/emulator/index.ts';
import {
  cancelLikeRunner,
  launch,
  launchMeasured,
  makeStepFiles,
  type Launched,
  type LaunchOptions,
} from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { requestsForRun, timeOf, worldOffset } from './support/emulator.ts';
import { bytes, fixed, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { createRandom } from './support/random.ts';
import { busiestWindow, max, mean, median, percentile } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId, type BenchPipeline } from './support/world.ts';

const STEPS = 3;

export interface FanOutOptions {
  counts: number[];
  /** Each target's run lasts about this long (±10 %, seeded), after a 1 s queue. */
  runMs: number;
  abortSamples: number;
  seed: number;
  log?: (line: string) => void;
}

interface FollowRow {
  targets: number;
  exitCode: number | null;
  wallMs: number;
  requests: number;
  /** Per target: from the run's finishedAt to the arrival of the poll that saw it finished. */
  detections: number[];
  busiestSecond: number;
  peakRssBytes: number;
  cpuMs: number;
}

interface AbortRow {
  targets: number;
  /** Per sample: SIGINT to the first and to the last target's abort request; to the exit. */
  firstAbortMs: number[];
  lastAbortMs: number[];
  exitMs: number[];
  abortsSent: number;
  abortsExpected: number;
  sigterm: number;
  leftRunning: number;
}

export interface FanOutResult {
  follow: FollowRow[];
  aborts: AbortRow[];
  runMs: number;
}

function pipelines(count: number, runMs: number, seed: number): BenchPipeline[] {
  const random = createRandom(seed + count);
  return Array.from({ length: count }, (_, index) => {
    const stepMs = Math.round((runMs * random.between(0.9, 1.1)) / STEPS);
    return {
      id: hexId('62', index + 1),
      name: `t${String(index + 1).padStart(2, '0')}`,
      steps: STEPS,
      stepMs,
      queueMs: 1000,
      // A pipeline that runs often: its last three runs took about as long.
      history: [stepMs * STEPS, stepMs * STEPS, stepMs * STEPS],
    };
  });
}

/** The launch of the action with every pipeline of the world as a target. */
function targetsLaunch(
  entry: string,
  url: string,
  names: readonly string[],
  files: ReturnType<typeof makeStepFiles>,
): Omit<LaunchOptions, 'nodeArgs' | 'env'> {
  return {
    entry,
    files,
    keepOutput: false,
    inputs: {
      'base-url': url,
      token: BENCH_TOKEN,
      pipeline: names.map((name) => `bench/app/${name}`).join('\n'),
      'poll-interval': 'auto',
    },
  };
}

async function measureFollow(
  entries: Pick<ActionEntries, 'main'>,
  count: number,
  options: FanOutOptions,
): Promise<FollowRow> {
  const world = pipelines(count, options.runMs, options.seed);
  const emulator = await startEmulator({ world: benchWorld(world), speed: 1, maxRequests: 100_000 });
  const files = makeStepFiles();
  try {
    const before = emulator.control.requests().length;
    const known = new Set(emulator.control.runs().map((run) => run.id));
    const action = launchMeasured(
      targetsLaunch(
        entries.main,
        emulator.url,
        world.map((pipeline) => pipeline.name),
        files,
      ),
    );
    const exit = await action.exited;
    const usage = action.usage();
    const log = emulator.control.requests().slice(before);
    const offset = worldOffset(emulator.control);
    const runs = emulator.control.runs().filter((run) => !known.has(run.id));
    const detections = runs.map((run) => {
      const finishedReal = (timeOf(run.finishedAt) ?? Number.NaN) + offset;
      const seen = requestsForRun(log, run.id).polls.find((entry) => entry.at >= finishedReal);
      return seen ? seen.at - finishedReal : Number.NaN;
    });
    if (runs.length !== count) throw new Error(`${count} targets made ${runs.length} runs`);
    return {
      targets: count,
      exitCode: exit.code,
      wallMs: exit.exitedAt - exit.spawnedAt,
      requests: log.length,
      detections,
      busiestSecond: busiestWindow(log.map((entry) => entry.at)),
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    };
  } finally {
    files.dispose();
    await emulator.close();
  }
}

/** Resolves once every target's run exists and has been read at least once: the action is following all. */
async function followingAll(
  emulator: Awaited<ReturnType<typeof startEmulator>>,
  known: ReadonlySet<string>,
  count: number,
  action: Launched,
): Promise<void> {
  for (;;) {
    if (!action.running()) throw new Error('the action ended before every target was followed');
    const runs = emulator.control.runs().filter((run) => !known.has(run.id));
    const log = emulator.control.requests();
    if (runs.length === count && runs.every((run) => requestsForRun(log, run.id).polls.length > 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measureAborts(
  entries: Pick<ActionEntries, 'main'>,
  count: number,
  options: FanOutOptions,
): Promise<AbortRow> {
  // Runs of an hour: still going whenever the signal comes.
  const world = pipelines(count, 3_600_000, options.seed);
  const emulator = await startEmulator({ world: benchWorld(world), speed: 1, maxRequests: 100_000 });
  const random = createRandom(options.seed);
  const row: AbortRow = {
    targets: count,
    firstAbortMs: [],
    lastAbortMs: [],
    exitMs: [],
    abortsSent: 0,
    abortsExpected: 0,
    sigterm: 0,
    leftRunning: 0,
  };
  try {
    for (let sample = 0; sample < options.abortSamples; sample++) {
      const known = new Set(emulator.control.runs().map((run) => run.id));
      const files = makeStepFiles();
      try {
        const names = world.map((pipeline) => pipeline.name);
        const action = launch(targetsLaunch(entries.main, emulator.url, names, files));
        await followingAll(emulator, known, count, action);
        // Then a moment within the next poll interval, so that the signal finds polls in flight or asleep.
        await new Promise((resolve) => setTimeout(resolve, random.between(0, 2000)));
        const cancellation = await cancelLikeRunner(action);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const log = emulator.control.requests();
        const runs = emulator.control.runs().filter((run) => !known.has(run.id));
        const aborts = runs.flatMap((run) => {
          const first = requestsForRun(log, run.id).aborts[0];
          return first ? [first.at - cancellation.signalAt] : [];
        });
        row.abortsSent += aborts.length;
        row.abortsExpected += count;
        if (aborts.length > 0) {
          row.firstAbortMs.push(Math.min(...aborts));
          row.lastAbortMs.push(Math.max(...aborts));
        }
        row.exitMs.push(cancellation.exit.exitedAt - cancellation.signalAt);
        if (cancellation.sigtermSent) row.sigterm++;
        row.leftRunning += runs.filter((run) => run.status !== 'finished').length;
      } finally {
        files.dispose();
      }
    }
    return row;
  } finally {
    await emulator.close();
  }
}

export async function measureFanOut(
  entries: Pick<ActionEntries, 'main'>,
  options: FanOutOptions,
): Promise<FanOutResult> {
  const follow: FollowRow[] = [];
  for (const count of options.counts) {
    options.log?.(`  following ${count} target(s)…`);
    follow.push(await measureFollow(entries, count, options));
  }
  const aborts: AbortRow[] = [];
  for (const count of options.counts) {
    options.log?.(`  cancelling ${count} target(s), ${options.abortSamples} times…`);
    aborts.push(await measureAborts(entries, count, options));
  }
  return { follow, aborts, runMs: options.runMs };
}

export function fanOutMarkdown(result: FanOutResult): string {
  const one = result.follow[0]!;
  const perTarget = (row: FollowRow) => row.requests / row.targets;
  const followTable = table(
    [
      'targets',
      'exit',
      'wall',
      'requests per target',
      'mean detection',
      'p95 detection',
      'busiest second',
      'peak RSS',
      'CPU time',
    ],
    result.follow.map((row) => [
      String(row.targets),
      String(row.exitCode),
      ms(row.wallMs),
      `${fixed(perTarget(row))} (${ratio(perTarget(row) / perTarget(one))})`,
      `${ms(mean(row.detections))} (${ratio(mean(row.detections) / mean(one.detections))})`,
      ms(percentile(row.detections, 95)),
      `${row.busiestSecond} requests`,
      `${bytes(row.peakRssBytes)} (${ratio(row.peakRssBytes / one.peakRssBytes)})`,
      `${ms(row.cpuMs)} (${ratio(row.cpuMs / one.cpuMs)})`,
    ]),
  );
  const oneAbort = result.aborts[0]!;
  const abortTable = table(
    [
      'targets',
      'samples',
      'to the first abort, median',
      'to the last abort, median',
      'to the last abort, p95',
      'to the exit, p95',
      'aborts sent',
      'SIGTERM needed',
      'left running',
    ],
    result.aborts.map((row) => [
      String(row.targets),
      String(row.exitMs.length),
      ms(median(row.firstAbortMs)),
      ms(median(row.lastAbortMs)),
      `${ms(percentile(row.lastAbortMs, 95))} (${ratio(percentile(row.lastAbortMs, 95) / percentile(oneAbort.lastAbortMs, 95))})`,
      ms(percentile(row.exitMs, 95)),
      `${row.abortsSent} of ${row.abortsExpected}`,
      String(row.sigterm),
      String(row.leftRunning),
    ]),
  );
  const fifty = result.aborts.find((row) => row.targets === 50);
  const goal = fifty
    ? `Goal for 50 targets: the last abort within 250 ms of SIGINT at p95. Measured ${ms(percentile(fifty.lastAbortMs, 95))} ` +
      `(max ${ms(max(fifty.lastAbortMs))}): ${percentile(fifty.lastAbortMs, 95) <= 250 ? 'met' : 'missed'}.`
    : 'No 50-target case in this configuration.';
  return [
    `Each target is a pipeline whose runs take about ${ms(result.runMs)} (±10 %, ${STEPS} steps, after a 1 s queue; ` +
      'its last three runs took as long), named in `pipeline`, one per line, followed with `poll-interval: auto`. ' +
      'Ratios are against one target. Requests count everything the emulator received, pipeline names resolved ' +
      'and triggers included; detection is from a run’s `finishedAt` to the arrival of the poll that saw it ' +
      'finished; the busiest second is the most requests that arrived within any one second (the budget is 10).',
    '',
    followTable,
    '',
    'SIGINT once every target’s run exists and has been read, at a moment up to 2 s later (runs of an hour, so ' +
      'all still running); then the runner’s SIGTERM at 7.5 s if the process still runs.',
    '',
    abortTable,
    '',
    goal,
  ].join('\n');
}
