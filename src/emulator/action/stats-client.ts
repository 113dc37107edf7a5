// Asks a running emulator what it served (GET /_emulator/stats, with the control token). The answer is
// read as untrusted: anything that is not the expected shape is refused, and its text is escaped later.
import * as v from 'valibot';
import type { EmulatorStats } from '../types.ts';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.pipe(v.string(), v.maxLength(2000));

const StatsSchema = v.object({
  pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  since: text,
  requests: v.object({
    total: count,
    byEndpoint: v.array(v.object({ method: text, route: text, count })),
  }),
  faults: v.object({
    injected: count,
    byRoute: v.array(v.object({ method: v.optional(text), route: text, count })),
  }),
  runs: v.array(
    v.looseObject({
      id: text,
      pipelineName: text,
      status: text,
      result: text,
      branch: text,
      createdAt: text,
    }),
  ),
});

export type ServedRun = v.InferOutput<typeof StatsSchema>['runs'][number];
export type ReadStats = Omit<EmulatorStats, 'runs'> & { runs: ServedRun[] };

/** What a probe of the port found: nothing listening yet, this emulator, or some other server. */
export type Probe =
  { kind: 'down'; reason: string } | { kind: 'ours'; stats: ReadStats } | { kind: 'foreign'; reason: string };

const PROBE_TIMEOUT_MS = 3000;

export async function probeEmulator(
  url: string,
  controlToken: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Probe> {
  let response: Response;
  try {
    response = await fetch(`${url}/_emulator/stats`, {
      headers: { authorization: `Bearer ${controlToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return { kind: 'down', reason: typeof cause?.code === 'string' ? cause.code : String(error) };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return { kind: 'foreign', reason: `it answered HTTP ${response.status}` };
  }
  const parsed = v.safeParse(StatsSchema, await response.json().catch(() => undefined));
  if (!parsed.success) return { kind: 'foreign', reason: 'its answer is not the emulator’s' };
  return { kind: 'ours', stats: parsed.output };
}
