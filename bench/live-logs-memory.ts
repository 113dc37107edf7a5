// Live step logs, memory: the bundled action (`step-logs: live`) streaming a long log, against the same
// action following an ordinary 5-step run; for one target and for several at once. Peak RSS and CPU time are
// the process's own `process.resourceUsage()` at exit, as in benchmark 4.
import { startEmulator } from '../src/emulator/index.ts';
import { launchMeasured, makeStepFiles } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { bytes, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { benchWorld, BENCH_APPLICATION, BENCH_TOKEN, hexId } from './support/world.ts';

export interface LiveMemoryOptions {
  /** What each target streams; with several, also each its share of it (the same bytes in all). */
  logBytes: number;
  /** The step that writes it lasts this long: the log grows evenly over it. */
  logStepMs: number;
  /** The ordinary run: 5 steps of this length, with the emulator's usual few lines each. */
  baselineStepMs: number;
  /** The several-targets case. */
  targets: number;
}

interface Load {
  targets: number;
  steps: number;
  stepMs: number;
  /** Each target's log per step; undefined for the emulator's usual few lines. */
  logBytes?: number;
}

interface MemoryRow extends Load {
  exitCode: number | null;
  wallMs: number;
  peakRssBytes: number;
  cpuMs: number;
  stdoutBytes: number;
}

export interface LiveMemoryResult {
  rows: MemoryRow[];
}

export async function measureLiveMemory(
  entries: Pick<ActionEntries, 'main'>,
  options: LiveMemoryOptions,
): Promise<LiveMemoryResult> {
  const loads: Load[] = [
    { targets: 1, steps: 5, stepMs: options.baselineStepMs },
    { targets: 1, steps: 1, stepMs: options.logStepMs, logBytes: options.logBytes },
    { targets: options.targets, steps: 5, stepMs: options.baselineStepMs },
    { targets: options.targets, steps: 1, stepMs: options.logStepMs, logBytes: options.logBytes },
    {
      targets: options.targets,
      steps: 1,
      stepMs: options.logStepMs,
      logBytes: Math.round(options.logBytes / options.targets),
    },
  ];
  const rows: MemoryRow[] = [];
  for (const load of loads) rows.push(await follow(entries, load));
  return { rows };
}

async function follow(entries: Pick<ActionEntries, 'main'>, load: Load): Promise<MemoryRow> {
  const pipelines = Array.from({ length: load.targets }, (_, index) => ({
    id: hexId('62', index + 1),
    name: `t${String(index + 1).padStart(2, '0')}`,
  }));
  const emulator = await startEmulator({ world: benchWorld(pipelines), speed: 1, maxRequests: 100_000 });
  const files = makeStepFiles();
  try {
    const action = launchMeasured({
      entry: entries.main,
      files,
      keepOutput: false,
      inputs: {
        'base-url': emulator.url,
        token: BENCH_TOKEN,
        pipeline: pipelines.map((pipeline) => `${BENCH_APPLICATION}/${pipeline.name}`).join('\n'),
        'step-logs': 'live',
        'env-vars': [
          'EMULATOR_QUEUE_MS=0',
          `EMULATOR_STEPS=${load.steps}`,
          `EMULATOR_STEP_MS=${load.stepMs}`,
          ...(load.logBytes !== undefined ? [`EMULATOR_LOG_BYTES=${load.logBytes}`] : []),
        ].join('\n'),
      },
    });
    const exit = await action.exited;
    if (exit.code !== 0) throw new Error(`the action exited ${exit.code}: ${exit.stderr.slice(-2000)}`);
    const usage = action.usage();
    return {
      ...load,
      exitCode: exit.code,
      wallMs: exit.exitedAt - exit.spawnedAt,
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      stdoutBytes: exit.stdoutBytes,
    };
  } finally {
    files.dispose();
    await emulator.close();
  }
}

function describeLoad(load: Load): string {
  const who = load.targets === 1 ? 'one target' : `${load.targets} targets`;
  if (load.logBytes === undefined) return `${who}: a 5-step run (${load.steps} × ${ms(load.stepMs)})`;
  const each = load.targets === 1 ? '' : ' each';
  return `${who}: one step of ${ms(load.stepMs)} writing ${bytes(load.logBytes)}${each}`;
}

export function liveMemoryMarkdown(result: LiveMemoryResult): string {
  const baselineOf = (row: MemoryRow) =>
    result.rows.find((other) => other.targets === row.targets && other.logBytes === undefined);
  const rows = result.rows.map((row) => {
    const baseline = baselineOf(row);
    const against =
      row.logBytes !== undefined && baseline ? ratio(row.peakRssBytes / baseline.peakRssBytes) : '1.00×';
    return [
      describeLoad(row),
      bytes(row.peakRssBytes),
      against,
      ms(row.cpuMs),
      ms(row.wallMs),
      bytes(row.stdoutBytes),
    ];
  });
  const goal = (row: MemoryRow | undefined) => {
    const baseline = row && baselineOf(row);
    if (!row || !baseline) return [];
    const measured = row.peakRssBytes / baseline.peakRssBytes;
    return [
      `- ${describeLoad(row)}: ${ratio(measured)} of the 5-step run's peak RSS (goal at most 1.30×): ` +
        `${measured <= 1.3 ? 'met' : 'missed'}.`,
    ];
  };
  const goals = [...goal(result.rows[1]), ...goal(result.rows[3])];
  return [
    table(
      ['`dist/index.js` with `step-logs: live`', 'peak RSS', '÷ 5-step run', 'CPU time', 'wall', 'stdout'],
      rows,
    ),
    '',
    'Each log grows evenly over its step and is printed line by line as it grows, every line of it (stdout ' +
      "counts what the runner would read); the emulator runs in the bench process, so the figures are the action's " +
      'alone. The ratio is to the 5-step run with as many targets.',
    ...(goals.length > 0 ? ['', ...goals] : []),
  ].join('\n');
}
