// Live step logs: the reader of `step-logs: live` (the client's ranged read and the tailer, in this process)
// following a running step of the emulator over real HTTP at speed 1, with Range honoured and ignored, side
// by side with today's step-end printing of the same step (the flow with `step-logs: all`); and the bundled
// action's memory streaming a 100 MB log (live-logs-memory.ts). Latency is from the moment the emulator
// makes a line visible (its step's start plus its share of the step) to the moment the reader hands it out.
import { ApiClient } from '../src/api/client.ts';
import type { StepLogRead } from '../src/api/step-log-read.ts';
import type { CiApi } from '../src/core/api-port.ts';
import { runStep } from '../src/core/flow/step.ts';
import { StepLogTailer } from '../src/core/live-log/tailer.ts';
import type { Log } from '../src/core/ports.ts';
import { INPUT_DEFAULTS, readSettings } from '../src/core/settings.ts';
import { startEmulator, type Emulator } from '../src/emulator/index.ts';
import { realSleep, systemClock } from '../src/time.ts';
import {
  liveMemoryMarkdown,
  measureLiveMemory,
  type LiveMemoryOptions,
  type LiveMemoryResult,
} from './live-logs-memory.ts';
import type { ActionEntries } from './support/dist.ts';
import { worldOffset } from './support/emulator.ts';
import { bytes, fixed, ms } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median, percentile } from './support/stats.ts';

const TOKEN = 'demo-token';
const BUILD = '620000000000000000000001';

export interface LiveLogOptions {
  /** The followed step's length: it writes a line a second. */
  stepMs: number;
  /** The bundled action streaming a long log, against a 5-step run. */
  memory: LiveMemoryOptions;
}

interface FollowRow {
  label: string;
  lines: number;
  latencies: number[];
  readsPerMinute: number;
  bytesRead: number;
  logBytes: number;
  exact: boolean;
}

export interface LiveLogResult {
  follow: FollowRow[];
  memory: LiveMemoryResult;
}

export async function measureLiveLogs(
  entries: Pick<ActionEntries, 'main'>,
  options: LiveLogOptions,
): Promise<LiveLogResult> {
  const emulator = await startEmulator({ speed: 1 });
  const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
  try {
    const follow = [
      await followStep(emulator, client, options.stepMs, false),
      await followStep(emulator, client, options.stepMs, true),
      await printAtStepEnd(emulator, client, options.stepMs),
    ];
    return { follow, memory: await measureLiveMemory(entries, options.memory) };
  } finally {
    await client.close();
    await emulator.close();
  }
}

async function startStep(client: ApiClient, vars: Record<string, string>) {
  const run = await client.triggerRun({
    pipelineId: BUILD,
    envVars: Object.entries({ EMULATOR_QUEUE_MS: '0', ...vars }).map(([key, value]) => ({ key, value })),
  });
  for (;;) {
    const [step] = await client.getRunSteps(run.id);
    if (step?.logUrl && step.startedAt) return step;
    await realSleep(20);
  }
}

/** Counts the bytes each read's body brings. */
function counting(read: (from: number) => Promise<StepLogRead>, count: (n: number) => void) {
  return async (from: number): Promise<StepLogRead> => {
    const answer = await read(from);
    if (!('body' in answer)) return answer;
    const body = answer.body;
    return {
      ...answer,
      body: (async function* () {
        for await (const chunk of body) {
          count(chunk.length);
          yield chunk;
        }
      })(),
    };
  };
}

async function followStep(emulator: Emulator, client: ApiClient, stepMs: number, ignoreRange: boolean) {
  emulator.control.reset();
  emulator.control.setSpeed(1);
  emulator.control.setQuirks({ ignoreRange });
  const lines = Math.round(stepMs / 1000);
  // 3 header lines and `lines - 3` more: a line a second.
  const step = await startStep(client, {
    EMULATOR_STEP_MS: String(stepMs),
    EMULATOR_LOG_LINES: String(lines - 3),
  });
  const offset = worldOffset(emulator.control);
  const startAt = step.startedAt!.getTime();
  const printedAt: number[] = [];
  const printed: string[] = [];
  let bytesRead = 0;
  let reads = 0;
  const tailer = new StepLogTailer({
    read: counting(
      (from) => {
        reads += 1;
        return client.readStepLog(step.logUrl!, from, { retry: { maxAttempts: 1 } });
      },
      (n) => (bytesRead += n),
    ),
    sleep: realSleep,
    print: (batch) => {
      for (const line of batch) {
        printed.push(line);
        printedAt.push(Date.now());
      }
    },
    note: () => undefined,
    debug: () => undefined,
    cancel: new AbortController().signal,
    name: 'step 1',
  });
  const began = Date.now();
  tailer.start();
  while (emulator.control.now() < startAt + stepMs) await realSleep(50);
  const runningMs = Date.now() - began;
  await tailer.finish();
  return {
    label: ignoreRange ? 'live, Range ignored (200, whole log)' : 'live, Range honoured (206 / 416)',
    ...(await measured({ logUrl: step.logUrl!, startAt, offset, stepMs, printed, printedAt })),
    readsPerMinute: (reads / runningMs) * 60_000,
    bytesRead,
  } satisfies FollowRow;
}

/**
 * Today's step-end printing (`step-logs: all`, as `failed` prints a failed step): the flow as the action
 * runs it (`runStep` with `poll-interval: auto`, in this process), which reads the step's log once it sees
 * the step finished, and prints it then. The run has the one step, of the same length and lines.
 */
async function printAtStepEnd(emulator: Emulator, client: ApiClient, stepMs: number): Promise<FollowRow> {
  emulator.control.reset();
  emulator.control.setSpeed(1);
  emulator.control.setQuirks({ ignoreRange: false });
  const lines = Math.round(stepMs / 1000);
  let runId: string | undefined;
  let reads = 0;
  let bytesRead = 0;
  // The client as it is, but for the run's id and the log's reads, counted as the live reader's are.
  const counted = new Proxy(client, {
    get(target, name, receiver) {
      if (name === 'triggerRun') {
        return async (...args: Parameters<CiApi['triggerRun']>) => {
          const run = await target.triggerRun(...args);
          runId = run.id;
          return run;
        };
      }
      if (name === 'openStepLog') {
        return async (...args: Parameters<CiApi['openStepLog']>) => {
          reads += 1;
          const body = await target.openStepLog(...args);
          return (async function* () {
            for await (const chunk of body) {
              bytesRead += chunk.length;
              yield chunk;
            }
          })();
        };
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const printed: string[] = [];
  const printedAt: number[] = [];
  const none = () => undefined;
  const log: Log = {
    info: none,
    debug: none,
    warning: none,
    error: none,
    startGroup: none,
    endGroup: none,
    remote: (batch) => {
      for (const line of batch) {
        printed.push(line);
        printedAt.push(Date.now());
      }
    },
  };
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'base-url': emulator.url,
    token: TOKEN,
    'pipeline-id': BUILD,
    'step-logs': 'all',
    'env-vars': [
      'EMULATOR_QUEUE_MS=0',
      'EMULATOR_STEPS=1',
      `EMULATOR_STEP_MS=${stepMs}`,
      `EMULATOR_LOG_LINES=${lines - 3}`,
    ].join('\n'),
  };
  const offset = worldOffset(emulator.control);
  const end = await runStep(
    readSettings((name) => values[name] ?? ''),
    {
      client: counted,
      clock: systemClock,
      sleep: realSleep,
      log,
      cancel: { signal: new AbortController().signal, hurry: new AbortController().signal },
      outputs: { set: none },
      state: { save: none, get: () => '' },
    },
  );
  if (!end.outcome.success || runId === undefined) {
    throw new Error(`the step-end run did not pass: ${end.outcome.message}`);
  }
  const [step] = await client.getRunSteps(runId);
  const startAt = step!.startedAt!.getTime();
  return {
    label: 'step-end printing (`step-logs: all`)',
    ...(await measured({ logUrl: step!.logUrl!, startAt, offset, stepMs, printed, printedAt })),
    // Over the step's running time, as the live reader's.
    readsPerMinute: (reads / stepMs) * 60_000,
    bytesRead,
  };
}

/** Latency and exactness of what a reader printed of a step of `stepMs` writing a line a second. */
async function measured(seen: {
  logUrl: string;
  startAt: number;
  offset: number;
  stepMs: number;
  printed: readonly string[];
  printedAt: readonly number[];
}) {
  const { startAt, offset, stepMs, printed, printedAt } = seen;
  const lines = Math.round(stepMs / 1000);
  const log = await (await fetch(seen.logUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const expected = log.split('\n').slice(0, -1);
  // Line k (from 1) is visible once floor(elapsed / step × lines) reaches k; the first at the start.
  const visible = (k: number) => startAt + (k === 1 ? 0 : Math.ceil((k * stepMs) / lines)) + offset;
  return {
    lines: printed.length,
    latencies: printedAt.slice(0, lines).map((at, index) => at - visible(index + 1)),
    logBytes: Buffer.byteLength(log),
    exact: JSON.stringify(printed) === JSON.stringify(expected),
  };
}

export function liveLogsMarkdown(result: LiveLogResult, options: LiveLogOptions): string {
  const rows = result.follow.map((row) => [
    row.label,
    String(row.lines),
    ms(median(row.latencies)),
    ms(percentile(row.latencies, 95)),
    fixed(row.readsPerMinute),
    `${bytes(row.bytesRead)} / ${bytes(row.logBytes)} = ${fixed(row.bytesRead / row.logBytes, 2)}×`,
    row.exact ? 'yes' : 'NO',
  ]);
  return [
    `One step of ${ms(options.stepMs)} writing a line a second on the emulator at speed 1, followed by the live reader ` +
      '(the client and the tailer of `step-logs: live`, in the bench process) from its start to its end, and ' +
      "printed by today's step-end printing (the flow with `step-logs: all` and `poll-interval: auto`, in the " +
      'bench process: the log read once the step is seen finished). Goals for the live reader: latency median ' +
      '≤ 2 s and p95 ≤ 4 s; at most 40 reads a minute; at most 1.1× the log read with Range.',
    '',
    table(
      [
        'reader, server',
        'lines',
        'latency median',
        'latency p95',
        'reads / min',
        'bytes read / log',
        'each line once',
      ],
      rows,
    ),
    '',
    '### Memory',
    '',
    liveMemoryMarkdown(result.memory),
  ].join('\n');
}
