// Benchmark 2: SIGINT at a random moment (seeded), the way the runner cancels a job. Measured: from the
// signal to the arrival of the first abort request at the emulator, and to the exit of the process;
// and whether the runner would have had to send SIGTERM (7.5 s) or SIGKILL (10 s).
import { startEmulator } from '../src/emulator/index.ts';
import { cancelLikeRunner, launch, makeStepFiles } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { requestsForRun, runsOfPipeline } from './support/emulator.ts';
import { ms } from './support/format.ts';
import { table } from './support/markdown.ts';
import { createRandom } from './support/random.ts';
import { max, median, percentile } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId } from './support/world.ts';

export interface AbortLatencyOptions {
  runs: number;
  seed: number;
  /** SIGINT comes uniformly between spawn and this many ms after it. */
  latestMomentMs: number;
  log?: (line: string) => void;
}

type CancelPhase = 'before the trigger' | 'during the trigger' | 'while following';

export interface AbortSample {
  momentMs: number;
  phase: CancelPhase;
  /** SIGINT → first PUT /abort at the emulator; undefined when no run existed or none was sent. */
  abortMs?: number;
  exitMs: number;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  sigterm: boolean;
  sigkill: boolean;
  runCreated: boolean;
  /** The run still ran after the process exited. */
  leftRunning: boolean;
  result?: string;
}

const PIPELINE = hexId('62', 1);

export async function measureAbortLatency(
  entries: Pick<ActionEntries, 'main'>,
  options: AbortLatencyOptions,
): Promise<AbortSample[]> {
  // Steps of ten minutes: the run is always still going when the signal comes.
  const world = benchWorld([{ id: PIPELINE, name: 'long', steps: 3, stepMs: 600_000, queueMs: 1000 }]);
  const emulator = await startEmulator({ world, speed: 1 });
  const random = createRandom(options.seed);
  const samples: AbortSample[] = [];
  try {
    for (let index = 0; index < options.runs; index++) {
      const momentMs = Math.round(random.between(0, options.latestMomentMs));
      const known = new Set(runsOfPipeline(emulator.control, PIPELINE).map((run) => run.id));
      const files = makeStepFiles();
      try {
        const action = launch({
          entry: entries.main,
          files,
          inputs: {
            'base-url': emulator.url,
            token: BENCH_TOKEN,
            'pipeline-id': PIPELINE,
            'poll-interval': 'auto',
          },
        });
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, action.spawnedAt + momentMs - Date.now())),
        );
        if (!action.running()) throw new Error(`the action ended before the signal:\n${action.stdout()}`);
        const cancellation = await cancelLikeRunner(action);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const run = runsOfPipeline(emulator.control, PIPELINE).find((candidate) => !known.has(candidate.id));
        const log = emulator.control.requests();
        const trigger = log.find(
          (entry) => entry.method === 'POST' && entry.path === '/api/v3/runs' && entry.at >= action.spawnedAt,
        );
        const forRun = run ? requestsForRun(log, run.id) : undefined;
        const firstRead = forRun?.polls[0];
        // The log holds arrival times: a trigger that arrives just after the signal was sent just before
        // it. A run that exists counts as cancelled during the trigger unless it was read before the signal.
        const phase: CancelPhase = !run
          ? 'before the trigger'
          : !trigger ||
              trigger.at >= cancellation.signalAt ||
              !firstRead ||
              firstRead.at >= cancellation.signalAt
            ? 'during the trigger'
            : 'while following';
        const firstAbort = forRun?.aborts[0];
        const sample: AbortSample = {
          momentMs,
          phase,
          ...(firstAbort ? { abortMs: firstAbort.at - cancellation.signalAt } : {}),
          exitMs: cancellation.exit.exitedAt - cancellation.signalAt,
          exitCode: cancellation.exit.code,
          exitSignal: cancellation.exit.signal,
          sigterm: cancellation.sigtermSent,
          sigkill: cancellation.sigkillSent,
          runCreated: run !== undefined,
          leftRunning: run !== undefined && run.status !== 'finished',
          ...(run ? { result: run.result } : {}),
        };
        samples.push(sample);
        if ((index + 1) % 10 === 0 || index + 1 === options.runs) {
          options.log?.(`  ${index + 1}/${options.runs} cancellations`);
        }
      } finally {
        files.dispose();
      }
    }
    return samples;
  } finally {
    await emulator.close();
  }
}

export function abortLatencyMarkdown(samples: readonly AbortSample[]): string {
  const aborts = samples.flatMap((sample) => (sample.abortMs !== undefined ? [sample.abortMs] : []));
  const exits = samples.map((sample) => sample.exitMs);
  const row = (label: string, values: number[]) => [
    label,
    String(values.length),
    ms(median(values)),
    ms(percentile(values, 95)),
    ms(max(values)),
  ];
  const distribution = table(
    ['from SIGINT to', 'samples', 'median', 'p95', 'max'],
    [row('the first abort request at the server', aborts), row('the exit of the process', exits)],
  );
  const phases: CancelPhase[] = ['before the trigger', 'during the trigger', 'while following'];
  const byPhase = table(
    [
      'SIGINT came',
      'samples',
      'abort requests',
      'median to abort',
      'median to exit',
      'final result of the run',
    ],
    phases.map((phase) => {
      const group = samples.filter((sample) => sample.phase === phase);
      const groupAborts = group.flatMap((sample) => (sample.abortMs !== undefined ? [sample.abortMs] : []));
      const results = new Map<string, number>();
      for (const sample of group) {
        const key = sample.result ?? 'no run';
        results.set(key, (results.get(key) ?? 0) + 1);
      }
      return [
        phase,
        String(group.length),
        String(groupAborts.length),
        ms(median(groupAborts)),
        ms(median(group.map((sample) => sample.exitMs))),
        [...results].map(([key, count]) => `${key} ${count}`).join(', ') || '–',
      ];
    }),
  );
  const sigterm = samples.filter((sample) => sample.sigterm).length;
  const sigkill = samples.filter((sample) => sample.sigkill).length;
  const leftRunning = samples.filter((sample) => sample.leftRunning).length;
  const killedBySignal = samples.filter((sample) => sample.exitSignal !== null).length;
  return [
    distribution,
    '',
    byPhase,
    '',
    `Needed SIGTERM (still running 7.5 s after SIGINT): ${sigterm} of ${samples.length}. ` +
      `Needed SIGKILL: ${sigkill}. Runs still running after the process exited: ${leftRunning}. ` +
      `Ended by the signal itself (before the handlers were installed): ${killedBySignal}.`,
  ].join('\n');
}
