// Every way a step can end, through the one decision: the outcome's kind, whether the step passes, its
// line, and whether anything is left for the post entry (`settled`).
import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/api/types.ts';
import type { AbortResult } from '../../src/core/abort.ts';
import { decide, type Decision, type Ending } from '../../src/core/outcome.ts';
import { runRef } from '../../src/core/refs.ts';

const gate = { propagateFailure: true, timeoutMs: 600_000 };
const ref = runRef('https://ci.test/api/v3', 'r1');
const steps: Step[] = [
  { id: 's1', order: 1, name: 'checkout', status: 'finished', result: 'passed' },
  { id: 's2', order: 2, name: 'build', status: 'finished', result: 'failed' },
  { id: 's3', order: 3, name: 'deploy', status: 'notstarted', result: 'unknown' },
];
const confirmed: AbortResult = { ref, confirmed: true, message: 'Aborted run r1.', clause: 'Aborted run r1' };
const finishedFirst: AbortResult = {
  ...confirmed,
  alreadyFinished: true,
  resource: { id: 'r1', url: ref.url, status: 'finished', result: 'passed' },
};
const cancelledDecision: Decision = {
  outcome: { kind: 'cancelled', success: false, message: 'Cancelled; the run was aborted.' },
  settled: true,
};

type Case = [
  name: string,
  ending: Ending,
  expected: { kind: string; success: boolean; message: string; settled: boolean },
];

const CASES: Case[] = [
  [
    'passed',
    { kind: 'finished', what: 'run', result: 'passed' },
    { kind: 'passed', success: true, message: 'The run passed.', settled: true },
  ],
  [
    'passed on a retry',
    { kind: 'finished', what: 'run', result: 'passed', attempt: { number: 2, of: 3 } },
    { kind: 'passed', success: true, message: 'The run passed (attempt 2/3).', settled: true },
  ],
  [
    'failed, at its failed step',
    { kind: 'finished', what: 'run', result: 'failed', steps, attempt: { number: 3, of: 3 } },
    {
      kind: 'failed',
      success: false,
      message: 'The run failed at step 2/3 "build" (attempt 3/3).',
      settled: true,
    },
  ],
  [
    'aborted by someone else',
    { kind: 'finished', what: 'build', result: 'aborted' },
    { kind: 'aborted', success: false, message: 'The build was aborted.', settled: true },
  ],
  [
    'a result that is not known',
    { kind: 'finished', what: 'workflow', result: 'unknown', rawResult: 'skipped' },
    {
      kind: 'unknown',
      success: false,
      message: 'The workflow finished with result "skipped", which is not "passed".',
      settled: true,
    },
  ],
  [
    'not waited for',
    { kind: 'not-waited', ref },
    {
      kind: 'triggered',
      success: true,
      message: 'Triggered run r1; not waiting for it (wait: false).',
      settled: true,
    },
  ],
  [
    'cancelled, the run aborted',
    { kind: 'stopped', reason: 'cancelled', what: 'run', abort: confirmed, leftOnPurpose: false },
    { kind: 'cancelled', success: false, message: 'Cancelled; the run was aborted.', settled: true },
  ],
  [
    'cancelled, the run left running on purpose',
    { kind: 'stopped', reason: 'cancelled', what: 'run', abort: undefined, leftOnPurpose: true },
    { kind: 'cancelled', success: false, message: 'Cancelled; the run was left running.', settled: true },
  ],
  [
    'cancelled, the abort not confirmed',
    {
      kind: 'stopped',
      reason: 'cancelled',
      what: 'run',
      abort: {
        ref,
        confirmed: false,
        message: 'Could not confirm the abort of run r1.',
        clause: 'Could not confirm the abort of run r1',
      },
      leftOnPurpose: false,
    },
    {
      kind: 'cancelled',
      success: false,
      message: 'Cancelled; Could not confirm the abort of run r1.',
      settled: false,
    },
  ],
  [
    'timed out, the run aborted',
    { kind: 'stopped', reason: 'timeout', what: 'run', abort: confirmed, leftOnPurpose: false },
    {
      kind: 'timed-out',
      success: false,
      message: 'Timed out after 10m00s; the run was aborted.',
      settled: true,
    },
  ],
  [
    'cancelled before the trigger',
    { kind: 'cancelled-before-trigger' },
    { kind: 'cancelled', success: false, message: 'Cancelled before anything was triggered.', settled: true },
  ],
  [
    'cancelled before a retry',
    { kind: 'cancelled-before-retry', failed: ref, steps, next: { number: 2, of: 3 } },
    {
      kind: 'cancelled',
      success: false,
      message: 'Cancelled before attempt 2/3 was triggered; Run r1 failed at step 2/3 "build".',
      settled: true,
    },
  ],
  [
    'the trigger cancelled',
    { kind: 'trigger-cancelled', during: 'resend-wait', nothingTriggered: true },
    {
      kind: 'cancelled',
      success: false,
      message: 'Cancelled while waiting to send the trigger again; nothing was triggered.',
      settled: true,
    },
  ],
  [
    'the trigger cancelled while its lost run was looked for',
    { kind: 'trigger-cancelled', during: 'lost-search', nothingTriggered: false },
    {
      kind: 'cancelled',
      success: false,
      message:
        'Cancelled while checking whether the lost trigger was taken; it is not sent again, and the post step looks for the run it may have created.',
      settled: false,
    },
  ],
  [
    'passed, but a named step stored no artifacts (if-no-artifacts: error)',
    {
      kind: 'artifacts-missing',
      finished: { kind: 'finished', what: 'run', result: 'passed' },
      missing: ['store', 'package'],
    },
    {
      kind: 'failed',
      success: false,
      message: 'The run passed, but "store", "package" stored no artifacts (if-no-artifacts: error).',
      settled: true,
    },
  ],
  [
    'failed anyway, with artifacts missing',
    {
      kind: 'artifacts-missing',
      finished: { kind: 'finished', what: 'run', result: 'failed', steps },
      missing: ['*'],
    },
    { kind: 'failed', success: false, message: 'The run failed at step 2/3 "build".', settled: true },
  ],
  [
    'an error',
    { kind: 'error', error: new Error('The server said no.') },
    { kind: 'unknown', success: false, message: 'The server said no.', settled: false },
  ],
  [
    'stopped by fail-fast',
    {
      kind: 'stopped-by-fail-fast',
      failedFirst: 'e2e',
      cancelled: {
        kind: 'stopped',
        reason: 'cancelled',
        what: 'run',
        abort: confirmed,
        leftOnPurpose: false,
      },
      target: { abort: confirmed, steps: [], what: 'run' },
    },
    {
      kind: 'aborted',
      success: false,
      message: 'Aborted because e2e failed (fail-fast: true); the run was aborted.',
      settled: true,
    },
  ],
  [
    'stopped by fail-fast, finished just before',
    {
      kind: 'stopped-by-fail-fast',
      failedFirst: 'e2e',
      cancelled: {
        kind: 'stopped',
        reason: 'cancelled',
        what: 'run',
        abort: finishedFirst,
        leftOnPurpose: false,
      },
      target: { abort: finishedFirst, steps: [], what: 'run' },
    },
    { kind: 'passed', success: true, message: 'The run passed.', settled: true },
  ],
  [
    "every target's worst",
    {
      kind: 'targets',
      targets: [
        {
          label: 'build',
          decision: { outcome: { kind: 'passed', success: true, message: '' }, settled: true },
        },
        {
          label: 'e2e',
          decision: { outcome: { kind: 'failed', success: false, message: '' }, settled: true },
        },
        { label: 'test', decision: cancelledDecision },
      ],
      failedFirst: 'e2e',
    },
    {
      kind: 'failed',
      success: false,
      message:
        '3 targets: 1 failed, 1 cancelled, 1 passed (e2e failed, test cancelled); e2e failed first (fail-fast: true).',
      settled: true,
    },
  ],
  [
    'one target: as it ended',
    { kind: 'targets', targets: [{ label: 'build', decision: cancelledDecision }] },
    { ...cancelledDecision.outcome, settled: true },
  ],
  [
    'post: main killed, the run since finished',
    { kind: 'left-by-main', ref, now: { status: 'finished', result: 'failed' } },
    { kind: 'failed', success: false, message: 'run r1 failed', settled: true },
  ],
  [
    "timed out while the trigger's answer was awaited",
    { kind: 'cut-before-start', reason: 'timeout', triggerSent: true },
    {
      kind: 'timed-out',
      success: false,
      message:
        "Timed out after 10m00s while the trigger's answer was awaited; the post step looks for what it may have created.",
      settled: false,
    },
  ],
  [
    'cancelled while a pipeline was looked up',
    { kind: 'cut-before-start', reason: 'cancelled', triggerSent: false },
    { kind: 'cancelled', success: false, message: 'Cancelled before anything was triggered.', settled: true },
  ],
  [
    'post: main killed, the run still going',
    { kind: 'left-by-main', ref, now: { status: 'running', result: 'unknown' } },
    { kind: 'cancelled', success: false, message: 'run r1: the action was stopped', settled: false },
  ],
];

describe('the one decision', () => {
  it.each(CASES)('%s', (_name, ending, expected) => {
    const { outcome, settled } = decide(ending, gate);
    expect({ ...outcome, settled }).toEqual(expected);
  });

  it('lets a failed run pass the step with propagate-failure: false', () => {
    const { outcome } = decide(
      { kind: 'finished', what: 'run', result: 'failed', steps },
      { ...gate, propagateFailure: false },
    );
    expect(outcome).toEqual({
      kind: 'failed',
      success: true,
      message: 'The run failed at step 2/3 "build"; the step passes because propagate-failure is false.',
    });
  });

  it('has a case for every kind of ending', () => {
    const kinds = new Set(CASES.map(([, ending]) => ending.kind));
    const all: Record<Ending['kind'], true> = {
      finished: true,
      'not-waited': true,
      stopped: true,
      'cancelled-before-trigger': true,
      'cut-before-start': true,
      'cancelled-before-retry': true,
      'trigger-cancelled': true,
      error: true,
      'stopped-by-fail-fast': true,
      targets: true,
      'left-by-main': true,
      'artifacts-missing': true,
    };
    expect([...kinds].sort()).toEqual(Object.keys(all).sort());
  });
});
