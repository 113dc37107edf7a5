// Benchmark 4: what following costs as runs grow. Peak memory and CPU time of the action following a
// 1,000-step run with 100 MB of logs (`step-logs: all`: the logs of the first 20 steps first seen finished
// are read, the rest named in one line, and a step seen running is read at its end) against a 5-step
// run; the time
// to render the job summary of 5,000 steps; and how requests per run grow with the run's duration.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderSummary } from '../src/core/report/summary-html.ts';
import { summaryDoc, type SummaryData } from '../src/core/report/summary-model.ts';
import { startEmulator } from '../src/emulator/index.ts';
import {
  autoPolicy,
  emulatorLikeTimeline,
  historyLike,
  RUN_QUEUE_MS,
  RUN_STEPS,
  type DetectionRow,
} from './finish-detection.ts';
import { makeCorpus, simulate, summarise } from './polling/simulate.ts';
import { launchMeasured, makeStepFiles } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { bytes, duration, fixed, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median, percentile } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId } from './support/world.ts';

const PRELOAD = fileURLToPath(new URL('./support/usage-preload.ts', import.meta.url));
const PIPELINE = hexId('62', 1);

export interface FollowLoad {
  label: string;
  steps: number;
  stepMs: number;
  logBytesPerStep: number;
  /** Queue before the run starts; the emulator's default (1 s) when undefined. */
  queueMs?: number;
}

export interface FollowCost extends FollowLoad {
  exitCode: number | null;
  wallMs: number;
  /** Peak resident set size, bytes. */
  peakRssBytes: number;
  /** User + system CPU time, ms. */
  cpuMs: number;
  requests: number;
  stdoutBytes: number;
}

export interface SummaryCost {
  steps: number;
  renders: number;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  rowsShown: number;
}

export interface DurationRow {
  durationMs: number;
  measuredPolls?: number;
  measuredRequests?: number;
  measuredDetectionMs?: number;
  shapedPolls: number;
  shapedDetectionMs: number;
  corpusPolls: number;
  corpusDetectionMs: number;
}

export const BIG_LOAD: FollowLoad = {
  label: '1,000 steps, 100 MB of logs',
  steps: 1000,
  stepMs: 10,
  logBytesPerStep: 100_000,
};
export const SMALL_LOAD: FollowLoad = {
  label: '5 steps, 0.5 MB of logs',
  steps: 5,
  stepMs: 2000,
  logBytesPerStep: 100_000,
};

/** Follows one run of the given shape with `step-logs: all` and reports the process's own resource usage. */
export async function measureFollowCost(
  entries: Pick<ActionEntries, 'main' | 'dir'>,
  load: FollowLoad,
): Promise<FollowCost> {
  const emulator = await startEmulator({ world: benchWorld([{ id: PIPELINE, name: 'build' }]), speed: 1 });
  const files = makeStepFiles();
  try {
    const action = launchMeasured({
      entry: entries.main,
      files,
      keepOutput: false,
      inputs: {
        'base-url': emulator.url,
        token: BENCH_TOKEN,
        'pipeline-id': PIPELINE,
        'step-logs': 'all',
        'env-vars': [
          `EMULATOR_STEPS=${load.steps}`,
          `EMULATOR_STEP_MS=${load.stepMs}`,
          `EMULATOR_LOG_BYTES=${load.logBytesPerStep}`,
          ...(load.queueMs !== undefined ? [`EMULATOR_QUEUE_MS=${load.queueMs}`] : []),
        ].join('\n'),
      },
    });
    const exit = await action.exited;
    const usage = action.usage();
    return {
      ...load,
      exitCode: exit.code,
      wallMs: exit.exitedAt - exit.spawnedAt,
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      requests: emulator.control.requests().length,
      stdoutBytes: exit.stdoutBytes,
    };
  } finally {
    files.dispose();
    await emulator.close();
  }
}

/** Bare Node with the same preload: the floor under the figures above. */
export async function measureBareNode(): Promise<{ peakRssBytes: number; cpuMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ci-run-bare-'));
  const usageFile = join(dir, 'usage.json');
  try {
    const child = spawn(process.execPath, ['--import', pathToFileURL(PRELOAD).href, '-e', '0'], {
      env: { ...process.env, BENCH_USAGE_FILE: usageFile },
      stdio: 'ignore',
    });
    await new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
    return { peakRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function summaryOfSteps(count: number): SummaryData {
  const started = Date.UTC(2026, 0, 5, 9, 0, 0);
  const api = 'https://ci.example.com/api/v3';
  return {
    outcome: 'failed',
    kind: 'run',
    id: '5e00000000000000000000aa',
    apiUrl: `${api}/runs/5e00000000000000000000aa`,
    target: {
      pipeline: 'build',
      application: 'acme/webapp',
      branch: 'main',
      commit: '8d3f2a6c1b9e4f7a0c5d2e8b6a4f1c3e9d7b5a20',
      message: 'Merge pull request #42 from acme/login-form',
    },
    startedAt: new Date(started),
    finishedAt: new Date(started + count * 1000),
    durationMs: count * 1000,
    status: 'finished',
    result: 'failed',
    progress: 99,
    steps: Array.from({ length: count }, (_, index) => ({
      order: index + 1,
      name: `step ${index + 1}: npm run test -- --shard=${index + 1}/${count} <with "quotes" & ampersands>`,
      status: 'finished',
      result: index === count - 1 ? 'failed' : 'passed',
      durationMs: 1000 + (index % 7) * 137,
      logUrl: `${api}/runsteps/${(0x5f0000000000 + index).toString(16).padStart(24, '0')}/log`,
      artifactsUrl: index % 10 === 0 ? `${api}/runsteps/${index}/artifacts` : null,
    })),
    envKeys: ['TARGET', 'IMAGE'],
    notes: ['The run failed.'],
  };
}

export function measureSummaryRendering(steps: number, renders: number): SummaryCost {
  const data = summaryOfSteps(steps);
  renderSummary(summaryDoc(data)); // warm-up: the first call also compiles the code
  const times: number[] = [];
  let html = '';
  for (let index = 0; index < renders; index++) {
    const started = performance.now();
    html = renderSummary(summaryDoc(data));
    times.push(performance.now() - started);
  }
  return {
    steps,
    renders,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    bytes: Buffer.byteLength(html),
    rowsShown: (html.match(/<tr><td/g) ?? []).length,
  };
}

const TABLE_DURATIONS_MS = [10_000, 30_000, 60_000, 300_000, 1_200_000, 3_600_000, 7_200_000];

/** Requests per run by duration: measured rows from benchmark 1's runs with history, the rest simulated. */
export function requestsByDuration(
  measured: readonly DetectionRow[],
  corpusRuns: number,
  seed: number,
): DurationRow[] {
  return TABLE_DURATIONS_MS.map((durationMs, index) => {
    const shaped = simulate(
      autoPolicy,
      emulatorLikeTimeline({
        queueMs: RUN_QUEUE_MS,
        durationMs,
        steps: RUN_STEPS,
        history: historyLike(durationMs),
        seed: seed + index,
      }),
    );
    const corpus = summarise(
      makeCorpus(seed + durationMs, corpusRuns, { durationMs }).map((timeline) =>
        simulate(autoPolicy, timeline),
      ),
    );
    const real = measured.find((row) => row.withHistory && row.durationMs === durationMs);
    return {
      durationMs,
      ...(real
        ? {
            measuredPolls: real.measured.polls,
            measuredRequests: real.measured.requests,
            measuredDetectionMs: real.measured.detectionMs,
          }
        : {}),
      shapedPolls: shaped.requests,
      shapedDetectionMs: shaped.detectionMs,
      corpusPolls: corpus.meanRequests,
      corpusDetectionMs: corpus.meanDetectionMs,
    };
  });
}

export interface ScaleResult {
  follow: FollowCost[];
  bareNode?: { peakRssBytes: number; cpuMs: number };
  summaries: SummaryCost[];
  durations: DurationRow[];
  corpusRuns: number;
}

export function scaleMarkdown(result: ScaleResult): string {
  const [big, small] = [result.follow[0], result.follow[1]];
  const followRows = result.follow.map((cost) => [
    cost.label,
    bytes(cost.peakRssBytes),
    ms(cost.cpuMs),
    ms(cost.wallMs),
    String(cost.requests),
    bytes(cost.stdoutBytes),
    String(cost.exitCode),
  ]);
  if (result.bareNode) {
    followRows.push([
      '`node -e 0`, for reference',
      bytes(result.bareNode.peakRssBytes),
      ms(result.bareNode.cpuMs),
      '',
      '',
      '',
      '',
    ]);
  }
  if (big && small) {
    followRows.push([
      'ratio of the first two rows',
      ratio(big.peakRssBytes / small.peakRssBytes),
      ratio(big.cpuMs / small.cpuMs),
      ratio(big.wallMs / small.wallMs),
      ratio(big.requests / small.requests),
      ratio(big.stdoutBytes / small.stdoutBytes),
      '',
    ]);
  }
  const follow = table(
    [
      'run followed (`step-logs: all`)',
      'peak RSS',
      'CPU time',
      'wall time',
      'requests',
      'log printed',
      'exit code',
    ],
    followRows,
  );
  const summaries = table(
    ['summary of', 'renders', 'median', 'p95', 'size', 'step rows shown'],
    result.summaries.map((cost) => [
      `${cost.steps.toLocaleString('en-US')} steps`,
      String(cost.renders),
      ms(cost.medianMs),
      ms(cost.p95Ms),
      bytes(cost.bytes),
      String(cost.rowsShown),
    ]),
  );
  const durations = table(
    [
      'run duration',
      'measured: polls / all requests (detection)',
      'simulated, same shape: polls (detection)',
      `simulated, corpus mix: mean polls (detection)`,
    ],
    result.durations.map((row) => [
      duration(row.durationMs),
      row.measuredPolls !== undefined
        ? `${row.measuredPolls} / ${row.measuredRequests} (${ms(row.measuredDetectionMs ?? Number.NaN)})`
        : '–',
      `${row.shapedPolls} (${ms(row.shapedDetectionMs)})`,
      `${fixed(row.corpusPolls)} (${ms(row.corpusDetectionMs)})`,
    ]),
  );
  return [
    follow,
    '',
    "Peak RSS and CPU time are the process's own `process.resourceUsage()` at exit (maxRSS, user + system), " +
      'recorded by a preloaded module. With `step-logs: all`, a step seen running has its log read in full ' +
      'at its end and its tail printed; of the steps first seen already finished, the first 20 are read and ' +
      'the rest named in one line (the cap of SECURITY.md): most of the 1,000 steps are that.',
    '',
    summaries,
    '',
    'The summary is capped at 1,000,000 bytes (the runner drops larger ones); rows that do not fit are left out ' +
      'with a note, failed steps first kept.',
    '',
    durations,
    '',
    `Measured: benchmark 1's runs with history on the emulator. Same shape: ${RUN_STEPS} equal steps, ` +
      `${RUN_QUEUE_MS / 1000} s queue, progress shown, 5 earlier runs of about the same duration. ` +
      `Corpus mix: ${result.corpusRuns} simulated runs of exactly that duration with the corpus's mix of queues, ` +
      'step counts, progress, history and failures. Polls are reads of the run; the action also reads the ' +
      'step list when the run moved.',
  ].join('\n');
}
