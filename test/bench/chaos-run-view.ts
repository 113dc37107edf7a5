// A run as the emulator's control API shows it after a chaos run, for the tests of the chaos checks.
import type { EmulatorRunView } from '../../src/emulator/index.ts';

/** A finished, passed run of the `chaos` pipeline made by chaos run 0; `overrides` change any field. */
export function chaosRunView(id: string, overrides: Partial<EmulatorRunView> = {}): EmulatorRunView {
  return {
    id,
    pipelineId: '620000000000000000000001',
    pipelineName: 'chaos',
    applicationId: '610000000000000000000001',
    status: 'finished',
    result: 'passed',
    progress: 100,
    branch: 'main',
    commitHash: '0123456789abcdef0123456789abcdef01234567',
    message: 'm',
    envVars: [{ key: 'CHAOS_ID', value: '0' }],
    createdAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}
