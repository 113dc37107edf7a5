// A failed run with three steps, shared by the tests of the summary model and of both renderers.
import type { SummaryData } from '../../../src/core/report/summary-model.ts';

export const XSS = '<img src=x onerror=alert(1)>';

export function data(overrides: Partial<SummaryData> = {}): SummaryData {
  return {
    outcome: 'failed',
    kind: 'run',
    id: '5c8f1c1e2a3b4c0001d2e3f4',
    apiUrl: 'https://ci.example.test/api/v3/runs/5c8f1c1e2a3b4c0001d2e3f4',
    target: {
      pipeline: 'build-and-test',
      branch: 'main',
      commit: '0123456789abcdef0123456789abcdef01234567',
      message: 'Fix the parser\n\nLonger body',
      sourceRunId: '5c8f1c1e2a3b4c0001d2e3aa',
    },
    startedAt: new Date('2026-11-05T10:00:00Z'),
    finishedAt: new Date('2026-11-05T10:03:12Z'),
    status: 'finished',
    result: 'failed',
    progress: 100,
    steps: [
      {
        order: 1,
        name: 'get code',
        status: 'finished',
        result: 'passed',
        durationMs: 3000,
        logUrl: 'https://ci.example.test/api/v3/runsteps/1/log',
        artifactsUrl: null,
      },
      {
        order: 2,
        name: 'test',
        status: 'finished',
        result: 'failed',
        durationMs: 72_000,
        logUrl: 'https://ci.example.test/api/v3/runsteps/2/log',
        artifactsUrl: 'https://ci.example.test/artifacts/2.tar.gz',
      },
      { order: 3, name: 'deploy', status: 'notstarted', result: 'unknown' },
    ],
    envKeys: ['DEPLOY_ENV', 'FEATURE_FLAG'],
    notes: ['The run failed at step 2/3 "test".'],
    ...overrides,
  };
}
