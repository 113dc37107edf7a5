// Emulator worlds for the benches: one user with a distinctive token, one application, and pipelines
// whose earlier runs (history) have chosen durations, so that the `auto` policy's input is known.
import type { WorldFile, WorldHistoryEntry, WorldPipeline } from '../../src/emulator/index.ts';

export const BENCH_TOKEN = 'bench-token-5c1f0e';
export const BENCH_APPLICATION = 'bench/app';

export interface BenchPipeline {
  id: string;
  name: string;
  /** Step count and duration of each step of a run (EMULATOR_* variables can still override them). */
  steps?: number;
  stepMs?: number;
  queueMs?: number;
  /** Durations (ms) of earlier runs, newest first; each becomes a history run of `steps` equal steps. */
  history?: number[];
}

/** A 24-hex id: `prefix` then the number, zero-padded. */
export function hexId(prefix: string, n: number): string {
  const digits = n.toString(16);
  return prefix + digits.padStart(24 - prefix.length, '0');
}

const HOUR = 3_600_000;

export function benchWorld(pipelines: readonly BenchPipeline[], token = BENCH_TOKEN): WorldFile {
  const history: WorldHistoryEntry[] = [];
  for (const pipeline of pipelines) {
    const steps = pipeline.steps ?? 5;
    (pipeline.history ?? []).forEach((durationMs, index) => {
      history.push({
        application: BENCH_APPLICATION,
        pipeline: pipeline.name,
        agoMs: (index + 1) * HOUR,
        user: 'bench',
        envVars: [
          { key: 'EMULATOR_STEPS', value: String(steps) },
          { key: 'EMULATOR_STEP_MS', value: String(Math.max(1, Math.round(durationMs / steps))) },
        ],
      });
    });
  }
  return {
    users: [{ id: hexId('60', 1), username: 'bench', name: 'Bench User', token }],
    applications: [
      {
        id: hexId('61', 1),
        owner: 'bench',
        name: 'app',
        stack: 6,
        privacy: 'private',
        defaultBranch: 'main',
        branches: {
          main: { commitHash: '0123456789abcdef0123456789abcdef01234567', message: 'Bench commit' },
        },
        pipelines: pipelines.map((pipeline): WorldPipeline => ({
          id: pipeline.id,
          name: pipeline.name,
          ...(pipeline.queueMs !== undefined ? { queueMs: pipeline.queueMs } : {}),
          steps: Array.from({ length: pipeline.steps ?? 5 }, (_, index) => ({
            name: `step ${index + 1}`,
            ...(pipeline.stepMs !== undefined ? { ms: pipeline.stepMs } : {}),
          })),
        })),
      },
    ],
    history,
  };
}
