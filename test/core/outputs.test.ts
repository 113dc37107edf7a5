// The outputs that sum up the remote work: `runs` (one object per target, each value in the form of
// the scalar output of the same name), `attempts`, and the gate's `result` next to the run's own.
import { describe, expect, it } from 'vitest';
import type { Run, Workflow, WorkflowItem } from '../../src/api/types.ts';
import type { FinalView } from '../../src/core/flow/events.ts';
import { attemptCount, runsEntry, runsOutput } from '../../src/core/report/runs-output.ts';
import { gateResult } from '../../src/core/workflow.ts';

const url = (id: string) => `https://ci.test/api/v3/runs/${id}`;
const run = (id: string, overrides: Partial<Run> = {}): Run => ({
  id,
  url: url(id),
  status: 'finished',
  result: 'failed',
  startedAt: new Date('2026-01-05T09:00:00.000Z'),
  finishedAt: new Date('2026-01-05T09:01:30.400Z'),
  ...overrides,
});
const web = (id: string) => ({
  url: `https://ci.test/acme/web/runs/build/${id}`,
  isPage: true,
  step: () => undefined,
});

describe('runs', () => {
  it('is empty until something was triggered or followed', () => {
    expect(runsEntry({ steps: [] }, 'p1')).toBeUndefined();
  });

  it('names the last attempt, with the number of attempts and the forms of the scalar outputs', () => {
    const final: FinalView = {
      ref: { kind: 'run', id: 'r3', url: url('r3') },
      resource: run('r3', { result: 'passed' }),
      web: web('r3'),
      steps: [],
      retried: [1, 2].map((attempt) => ({
        attempt,
        ref: { kind: 'run' as const, id: `r${attempt}`, url: url(`r${attempt}`) },
        web: web(`r${attempt}`),
        resource: run(`r${attempt}`),
      })),
    };
    expect(attemptCount(final)).toBe(3);
    expect(JSON.parse(runsOutput([runsEntry(final, 'p1')!]))).toEqual([
      {
        pipeline: 'p1',
        id: 'r3',
        url: url('r3'),
        'web-url': 'https://ci.test/acme/web/runs/build/r3',
        status: 'finished',
        result: 'passed',
        attempts: '3',
        'started-at': '2026-01-05T09:00:00.000Z',
        'finished-at': '2026-01-05T09:01:30.400Z',
        duration: '90',
      },
    ]);
  });

  it('leaves what is not known empty: a build has no pipeline, a run not started has no times', () => {
    const build = runsEntry(
      {
        ref: { kind: 'build', id: 'b1', url: 'https://ci.test/api/v3/builds/b1' },
        resource: {
          id: 'b1',
          url: 'https://ci.test/api/v3/builds/b1',
          status: 'notstarted',
          result: 'unknown',
        },
        steps: [],
      },
      undefined,
    );
    expect(build).toEqual({
      pipeline: '',
      id: 'b1',
      url: 'https://ci.test/api/v3/builds/b1',
      'web-url': 'https://ci.test/api/v3/builds/b1',
      status: 'notstarted',
      result: 'unknown',
      attempts: '1',
      'started-at': '',
      'finished-at': '',
      duration: '',
    });
  });
});

describe('the gate result', () => {
  const item = (runId: string | undefined, status: WorkflowItem['status'], result: WorkflowItem['result']) =>
    ({ id: `i-${runId}`, status, result, ...(runId ? { runId } : {}) }) as WorkflowItem;
  const workflow = (...items: WorkflowItem[]): Workflow => ({ id: 'w1', url: 'https://ci.test/w1', items });

  it('is the run’s own without a workflow', () => {
    expect(gateResult('aborted', 'r1', undefined)).toBe('aborted');
  });

  it('is the worst over every run waited for: failed, aborted, unknown, passed', () => {
    const ours = item('r1', 'finished', 'passed');
    expect(gateResult('passed', 'r1', workflow(ours, item('r2', 'finished', 'passed')))).toBe('passed');
    expect(gateResult('passed', 'r1', workflow(ours, item('r2', 'finished', 'failed')))).toBe('failed');
    expect(
      gateResult(
        'passed',
        'r1',
        workflow(ours, item('r2', 'finished', 'aborted'), item('r3', 'finished', 'failed')),
      ),
    ).toBe('failed');
    expect(
      gateResult(
        'passed',
        'r1',
        workflow(ours, item('r2', 'finished', 'unknown'), item('r3', 'finished', 'aborted')),
      ),
    ).toBe('aborted');
    expect(gateResult('failed', 'r1', workflow(ours, item('r2', 'finished', 'aborted')))).toBe('failed');
  });

  it('counts a run still going as unknown, and items that never started not at all', () => {
    const ours = item('r1', 'finished', 'passed');
    expect(gateResult('passed', 'r1', workflow(ours, item('r2', 'running', 'unknown')))).toBe('unknown');
    expect(gateResult('passed', 'r1', workflow(ours, item(undefined, 'notstarted', 'unknown')))).toBe(
      'passed',
    );
  });

  it('reads our own run from the run, not from its (older) workflow item', () => {
    expect(gateResult('failed', 'r1', workflow(item('r1', 'running', 'unknown')))).toBe('failed');
  });
});
