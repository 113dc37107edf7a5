// Live step logs: the reader of `step-logs: live` (the client's ranged read and the tailer, in this process)
// following a running step of the emulator over real HTTP at speed 1, with Range honoured and ignored; and
// the same reader through a finished 100 MB log, for memory. Latency is from the moment the emulator makes a
// line visible (its step's start plus its share of the step) to the moment the reader hands it out.
import { ApiClient } from '../src/api/client.ts';
import type { StepLogRead } from '../src/api/step-log-read.ts';
import { StepLogTailer } from '../src/core/live-log/tailer.ts';
import { startEmulator, type Emulator } from '../src/emulator/index.ts';
import { realSleep } from '../src/time.ts';
import { worldOffset } from './support/emulator.ts';
import { bytes, fixed, ms } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median, percentile } from './support/stats.ts';

const TOKEN = 'demo-token';
const BUILD = '620000000000000000000001';

export interface LiveLogOptions {
  /** The followed step's length: it writes a line a second. */
  stepMs: number;
  /** The finished log read for memory. */
  bigLogBytes: number;
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

interface MemoryRow {
  logBytes: number;
  baseRss: number;
  peakRss: number;
  seconds: number;
}

export interface LiveLogResult {
  follow: FollowRow[];
  memory: MemoryRow;
}

export async function measureLiveLogs(options: LiveLogOptions): Promise<LiveLogResult> {
  const emulator = await startEmulator({ speed: 1 });
  const client = new ApiClient({ baseUrl: emulator.url, token: TOKEN });
  try {
    const follow = [
      await followStep(emulator, client, options.stepMs, false),
      await followStep(emulator, client, options.stepMs, true),
    ];
    const memory = await readBigLog(emulator, client, options.bigLogBytes);
    return { follow, memory };
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
  const log = await (await fetch(step.logUrl!, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const expected = log.split('\n').slice(0, -1);
  // Line k (from 1) is visible once floor(elapsed / step × lines) reaches k; the first at the start.
  const visible = (k: number) => startAt + (k === 1 ? 0 : Math.ceil((k * stepMs) / lines)) + offset;
  const latencies = printedAt.slice(0, lines).map((at, index) => at - visible(index + 1));
  return {
    label: ignoreRange ? 'Range ignored (200, whole log)' : 'Range honoured (206 / 416)',
    lines: printed.length,
    latencies,
    readsPerMinute: (reads / runningMs) * 60_000,
    bytesRead,
    logBytes: Buffer.byteLength(log),
    exact: JSON.stringify(printed) === JSON.stringify(expected),
  } satisfies FollowRow;
}

async function readBigLog(emulator: Emulator, client: ApiClient, logBytes: number): Promise<MemoryRow> {
  emulator.control.reset();
  emulator.control.setSpeed(1);
  const step = await startStep(client, { EMULATOR_STEP_MS: '1', EMULATOR_LOG_BYTES: String(logBytes) });
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const began = Date.now();
  let count = 0;
  try {
    const tailer = new StepLogTailer({
      read: (from, call) => client.readStepLog(step.logUrl!, from, call),
      sleep: realSleep,
      print: (batch) => void (count += batch.length),
      note: () => undefined,
      debug: () => undefined,
      cancel: new AbortController().signal,
      name: 'step 1',
    });
    await tailer.finish();
  } finally {
    clearInterval(sampler);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (count === 0) throw new Error('the big log printed nothing');
  return { logBytes, baseRss, peakRss, seconds: (Date.now() - began) / 1000 };
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
  const { memory } = result;
  return [
    `One step of ${ms(options.stepMs)} writing a line a second on the emulator at speed 1, followed by the live reader ` +
      '(the client and the tailer of `step-logs: live`, in the bench process) from its start to its end. Goals: ' +
      'latency median ≤ 2 s and p95 ≤ 4 s; at most 40 reads a minute; at most 1.1× the log read with Range.',
    '',
    table(
      [
        'server',
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
    `Memory: a finished log of ${bytes(memory.logBytes)} read through the same reader in ${fixed(memory.seconds)} s: ` +
      `RSS ${bytes(memory.baseRss)} before, ${bytes(memory.peakRss)} at its peak ` +
      `(${fixed(memory.peakRss / memory.baseRss, 2)}×).`,
  ].join('\n');
}
