// Long remote texts: the bundled action following 50 targets whose runs each carry a 7.9 MiB `message`,
// against the same 50 targets with 1 KiB messages. A long text is cut to 4 KiB as its body's bytes arrive
// (never held whole, nor as one string), so what the process holds per run stays small; what is left is
// the socket's chunks passing through. Peak RSS and CPU time are
// the process's own `process.resourceUsage()` at exit, as in benchmark 4.
import { startEmulator } from '../src/emulator/index.ts';
import { errorAnnotations, launchMeasured, makeStepFiles } from './support/action.ts';
import type { ActionEntries } from './support/dist.ts';
import { bytes, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { benchWorld, BENCH_APPLICATION, BENCH_TOKEN, hexId } from './support/world.ts';

/** The goal: the long messages' peak RSS at most this many times the short ones'. */
const GOAL = 1.3;

export interface LongTextOptions {
  targets: number;
  /** Each run's message, the long case; the short case is 1 KiB. */
  messageBytes: number;
  /** Each run: 3 steps of this length, after no queue. */
  stepMs: number;
}

interface LongTextRow {
  messageBytes: number;
  exitCode: number | null;
  wallMs: number;
  peakRssBytes: number;
  cpuMs: number;
  bodyBytes: number;
}

export interface LongTextResult {
  targets: number;
  stepMs: number;
  rows: [LongTextRow, LongTextRow];
}

const SHORT_MESSAGE_BYTES = 1024;

export async function measureLongTexts(
  entries: Pick<ActionEntries, 'main'>,
  options: LongTextOptions,
): Promise<LongTextResult> {
  const short = await follow(entries, options, SHORT_MESSAGE_BYTES);
  const long = await follow(entries, options, options.messageBytes);
  return { targets: options.targets, stepMs: options.stepMs, rows: [short, long] };
}

/**
 * A message of `size` bytes of plain words, nothing JSON escapes: a run's body then stays under the
 * client's 8 MiB cap on one JSON body, as the 7.9 MiB message of the finding did.
 */
function messageOf(size: number): string {
  const words = 'Refactor the parser so that long remote texts are cut at parse, and keep the ids. ';
  return words.repeat(Math.ceil(size / words.length)).slice(0, size);
}

async function follow(
  entries: Pick<ActionEntries, 'main'>,
  options: LongTextOptions,
  messageBytes: number,
): Promise<LongTextRow> {
  const pipelines = Array.from({ length: options.targets }, (_, index) => ({
    id: hexId('62', index + 1),
    name: `t${String(index + 1).padStart(2, '0')}`,
  }));
  const world = benchWorld(pipelines);
  // Every run takes the branch's head commit, and with it this message.
  const main = world.applications[0]!.branches!.main!;
  main.message = messageOf(messageBytes);
  const emulator = await startEmulator({ world, speed: 1, maxRequests: 100_000 });
  const files = makeStepFiles();
  try {
    const action = launchMeasured({
      entry: entries.main,
      files,
      inputs: {
        'base-url': emulator.url,
        token: BENCH_TOKEN,
        pipeline: pipelines.map((pipeline) => `${BENCH_APPLICATION}/${pipeline.name}`).join('\n'),
        'env-vars': ['EMULATOR_QUEUE_MS=0', 'EMULATOR_STEPS=3', `EMULATOR_STEP_MS=${options.stepMs}`].join(
          '\n',
        ),
      },
    });
    const exit = await action.exited;
    if (exit.code !== 0) {
      const errors = errorAnnotations(exit.stdout).join('\n');
      throw new Error(`the action exited ${exit.code}: ${errors || exit.stderr.slice(-2000)}`);
    }
    const usage = action.usage();
    // What the server sent that held the message: the trigger answers and the reads of each run.
    const carrying = emulator.control
      .requests()
      .filter((entry) => entry.route === '/api/v3/runs/:runId' || entry.route === '/api/v3/runs').length;
    return {
      messageBytes,
      exitCode: exit.code,
      wallMs: exit.exitedAt - exit.spawnedAt,
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      bodyBytes: carrying * messageBytes,
    };
  } finally {
    files.dispose();
    await emulator.close();
  }
}

export function longTextsMarkdown(result: LongTextResult): string {
  const [short, long] = result.rows;
  const measured = long.peakRssBytes / short.peakRssBytes;
  const rows = result.rows.map((row) => [
    `${result.targets} targets, a ${bytes(row.messageBytes)} message on each run`,
    bytes(row.peakRssBytes),
    ratio(row.peakRssBytes / short.peakRssBytes),
    ms(row.cpuMs),
    ms(row.wallMs),
    bytes(row.bodyBytes),
  ]);
  return [
    table(
      [
        '`dist/index.js`, 3 steps per run',
        'peak RSS',
        '÷ 1 KiB messages',
        'CPU time',
        'wall',
        'messages read',
      ],
      rows,
    ),
    '',
    `Each run lasts 3 × ${ms(result.stepMs)}; "messages read" is the message's size times the run reads and ` +
      'trigger answers that carried it. A long message is cut to 4 KiB as its body is read, so no run or ' +
      'body holds it whole; ' +
      "the emulator runs in the bench process, so the figures are the action's alone.",
    '',
    `- ${bytes(long.messageBytes)} messages: ${ratio(measured)} of the 1 KiB messages' peak RSS (goal at most ` +
      `${GOAL.toFixed(2)}×): ${measured <= GOAL ? 'met' : 'missed'}.`,
  ].join('\n');
}
