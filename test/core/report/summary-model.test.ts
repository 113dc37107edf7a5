import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/api/types.ts';
import { toSummaryStep } from '../../../src/core/report/summary-model.ts';

describe('toSummaryStep', () => {
  it('builds steps from API steps', () => {
    const step: Step = {
      id: 's1',
      order: 2,
      name: 'build',
      status: 'finished',
      result: 'passed',
      startedAt: new Date('2026-11-05T10:00:00Z'),
      finishedAt: new Date('2026-11-05T10:00:42Z'),
      logUrl: 'https://ci.example.test/log',
      artifactsUrl: null,
    };
    expect(toSummaryStep(step)).toEqual({
      order: 2,
      name: 'build',
      status: 'finished',
      result: 'passed',
      durationMs: 42_000,
      logUrl: 'https://ci.example.test/log',
      artifactsUrl: null,
    });
  });
});
