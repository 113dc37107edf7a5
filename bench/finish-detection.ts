// Benchmark 1, end to end: the bundled action with `poll-interval: auto` follows short runs on the
// emulator at speed 1, and the polling simulation (bench/polling) is asked what it predicts for the
// very same runs: same queue, steps, duration and history. Requests and detection latency are compared.
import { createPollPolicy } from '../src/core/polling.ts';
import { startEmulator, type EmulatorRunView, type RequestLogEntry } from '../src/emulator/index.ts';
import type { PolicyFactory, RunTimeline } from './polling/simulate.ts';
import { simulate } from './polling/simulate.ts';
import { launch, makeStepFiles } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import {
  finishedDurations,
  requestsForRun,
  runsOfPipeline,
  timeOf,
  worldOffset,
} from './support/emulator.ts';
import { fixed, ms } from './support/format.ts';
import { table } from './support/markdown.ts';
import { inPool } from './support/pool.ts';
import { mean } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId, type BenchPipeline } from './support/world.ts';

export interface DetectionCase {
  durationMs: number;
  withHistory: boolean;
}

export interface DetectionOptions {
  cases: DetectionCase[];
  concurrency: number;
  log?: (line: string) => void;
}

export interface DetectionRow extends DetectionCase {
  history: number[];
  exitCode: number | null;
  measured: {
    /** GET /runs/:id, the read right after the trigger included. */
    polls: number;
    stepReads: number;
    /** Every request of the action: the runs list and the trigger, then polls and step lists. */
    requests: number;
    detectionMs: number;
  };
  predicted: { polls: number; detectionMs: number };
}

export const RUN_STEPS = 5;
export const RUN_QUEUE_MS = 1000;
/** Earlier runs of a pipeline with history: its typical duration, a little spread. */
const HISTORY_FACTORS = [1.04, 0.97, 1.08, 0.95, 1.01];

export const DEFAULT_DETECTION_CASES: DetectionCase[] = [5_000, 10_000, 20_000, 30_000].flatMap(
  (durationMs) => [
    { durationMs, withHistory: true },
    { durationMs, withHistory: false },
  ],
);

export async function measureFinishDetection(
  entries: Pick<ActionEntries, 'main'>,
  options: DetectionOptions,
): Promise<DetectionRow[]> {
  const pipelines: BenchPipeline[] = options.cases.map((item, index) => ({
    id: hexId('62', index + 1),
    name: `run-${item.durationMs / 1000}s-${item.withHistory ? 'history' : 'fresh'}`,
    steps: RUN_STEPS,
    stepMs: Math.round(item.durationMs / RUN_STEPS),
    queueMs: RUN_QUEUE_MS,
    history: item.withHistory ? historyLike(item.durationMs) : [],
  }));
  const emulator = await startEmulator({ world: benchWorld(pipelines), speed: 1 });
  try {
    // Longest first, so that the pool ends together.
    const order = options.cases
      .map((_, index) => index)
      .sort((a, b) => options.cases[b]!.durationMs - options.cases[a]!.durationMs);
    const rows = await inPool(order, options.concurrency, async (index) => {
      const item = options.cases[index]!;
      const pipeline = pipelines[index]!;
      const before = runsOfPipeline(emulator.control, pipeline.id);
      const history = finishedDurations(before);
      const files = makeStepFiles();
      try {
        const exit = await launch({
          entry: entries.main,
          files,
          inputs: {
            'base-url': emulator.url,
            token: BENCH_TOKEN,
            'pipeline-id': pipeline.id,
            'poll-interval': 'auto',
          },
        }).exited;
        const known = new Set(before.map((run) => run.id));
        const run = runsOfPipeline(emulator.control, pipeline.id).find(
          (candidate) => !known.has(candidate.id),
        );
        if (!run) throw new Error(`no run of ${pipeline.name} was created:\n${exit.stdout}\n${exit.stderr}`);
        const row = measureRow({
          item,
          run,
          history,
          exitCode: exit.code,
          log: emulator.control.requests(),
          offset: worldOffset(emulator.control),
          pipelineId: pipeline.id,
          seed: 1000 + index,
        });
        options.log?.(
          `  ${pipeline.name}: ${row.measured.polls} polls (predicted ${row.predicted.polls}), detection ${ms(row.measured.detectionMs)} (predicted ${ms(row.predicted.detectionMs)})`,
        );
        return row;
      } finally {
        files.dispose();
      }
    });
    return rows.sort((a, b) => a.durationMs - b.durationMs || Number(b.withHistory) - Number(a.withHistory));
  } finally {
    await emulator.close();
  }
}

interface Observed {
  item: DetectionCase;
  run: EmulatorRunView;
  /** What the action read as the pipeline's history before its trigger. */
  history: number[];
  exitCode: number | null;
  log: RequestLogEntry[];
  /** Real time minus world time. */
  offset: number;
  pipelineId: string;
  seed: number;
}

function measureRow({ item, run, history, exitCode, log, offset, pipelineId, seed }: Observed): DetectionRow {
  const createdAt = timeOf(run.createdAt)!;
  const startedAt = timeOf(run.startedAt);
  const finishedAt = timeOf(run.finishedAt);
  if (startedAt === undefined || finishedAt === undefined) throw new Error(`run ${run.id} did not finish`);
  const requests = requestsForRun(log, run.id);
  const finishedReal = finishedAt + offset;
  const detecting = requests.polls.find((entry) => entry.at >= finishedReal);
  const before = log.filter(
    (entry) =>
      (entry.method === 'GET' && entry.path === '/api/v3/runs' && entry.query.pipelineId === pipelineId) ||
      (entry.method === 'POST' &&
        entry.path === '/api/v3/runs' &&
        (entry.body as { pipelineId?: string } | undefined)?.pipelineId === pipelineId),
  );
  const timeline = emulatorLikeTimeline({
    queueMs: startedAt - createdAt,
    durationMs: finishedAt - startedAt,
    steps: RUN_STEPS,
    history,
    seed,
  });
  const predicted = simulate(
    ({ history: known }) => createPollPolicy({ interval: 'auto', history: known }),
    timeline,
  );
  return {
    ...item,
    history,
    exitCode,
    measured: {
      polls: requests.polls.length,
      stepReads: requests.stepReads.length,
      requests: before.length + requests.all.length,
      detectionMs: detecting ? detecting.at - finishedReal : Number.NaN,
    },
    predicted: { polls: predicted.requests, detectionMs: predicted.detectionMs },
  };
}

export const autoPolicy: PolicyFactory = ({ history }) => createPollPolicy({ interval: 'auto', history });

export interface TimelineShape {
  queueMs: number;
  durationMs: number;
  steps: number;
  history: number[];
  seed: number;
}

/** A simulation timeline shaped like an emulator run: equal steps that all pass, progress shown, no skew. */
export function emulatorLikeTimeline(shape: TimelineShape): RunTimeline {
  const stepMs = shape.durationMs / shape.steps;
  return {
    id: shape.seed,
    approvalMs: 0,
    queueMs: shape.queueMs,
    durationMs: shape.durationMs,
    totalSteps: shape.steps,
    stepEnds: Array.from({ length: shape.steps }, (_, step) =>
      step === shape.steps - 1 ? shape.durationMs : stepMs * (step + 1),
    ),
    failed: false,
    progressShown: true,
    stepsShown: false,
    history: shape.history,
    spread: 0,
    outlier: false,
    skewMs: 0,
    seed: shape.seed,
  };
}

export function historyLike(durationMs: number): number[] {
  return HISTORY_FACTORS.map((factor) => Math.round(durationMs * factor));
}

export function finishDetectionMarkdown(rows: readonly DetectionRow[]): string {
  const body = table(
    [
      'run (5 steps, 1 s queue)',
      'history',
      'polls measured',
      'polls predicted',
      'detection measured',
      'detection predicted',
      'all requests measured',
    ],
    rows.map((row) => [
      `${row.durationMs / 1000} s`,
      row.withHistory ? `${row.history.length} runs` : 'none',
      String(row.measured.polls),
      String(row.predicted.polls),
      ms(row.measured.detectionMs),
      ms(row.predicted.detectionMs),
      String(row.measured.requests),
    ]),
  );
  const pollGap = mean(rows.map((row) => Math.abs(row.measured.polls - row.predicted.polls)));
  const detectionGap = mean(
    rows.map((row) => Math.abs(row.measured.detectionMs - row.predicted.detectionMs)),
  );
  return [
    body,
    '',
    `Polls: GET of the run, the read right after the trigger included (the simulation counts the same). ` +
      `Detection: from the run's finishedAt to the arrival of the poll that saw it finished (measured), ` +
      `or to that poll's answer (simulated, 50–150 ms round trips). ` +
      `All requests adds the runs list and the trigger before, and the step lists read when the run moved ` +
      `(every step passes, so no step log is read with the default \`step-logs: failed\`).`,
    '',
    `Mean gap between measurement and simulation over ${rows.length} runs: ${fixed(pollGap, 2)} polls, ${ms(detectionGap)} of detection.`,
  ].join('\n');
}
