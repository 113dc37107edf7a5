import { describe, expect, it } from 'vitest';
import {
  currentStep,
  formatBytes,
  formatDuration,
  omittedLinesLine,
  outcomeIcon,
  outcomeLine,
  progressLine,
  resultIcon,
  stepHeading,
} from '../../../src/core/report/format.ts';

const at = (iso: string) => new Date(iso);

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [99, '0s'],
    [400, '0.4s'],
    [999, '0.9s'],
    [1000, '1s'],
    [42_000, '42s'],
    [59_999, '59s'],
    [60_000, '1m00s'],
    [72_000, '1m12s'],
    [65_000, '1m05s'],
    [3_599_999, '59m59s'],
    [3_600_000, '1h00m'],
    [3_720_000, '1h02m'],
    [26 * 3_600_000 + 5 * 60_000, '26h05m'],
  ])('%d ms reads %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('reads negative and non-finite values as 0s', () => {
    expect(formatDuration(-5000)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0s');
  });
});

describe('icons', () => {
  it('has one icon per result and falls back to … for anything else', () => {
    expect(resultIcon('passed')).toBe('✔');
    expect(resultIcon('failed')).toBe('✖');
    expect(resultIcon('aborted')).toBe('⊘');
    expect(resultIcon('unknown')).toBe('…');
    expect(resultIcon('something-new')).toBe('…');
    expect(outcomeIcon('timed-out')).toBe('⏱');
    expect(outcomeIcon('cancelled')).toBe('⊘');
  });
});

describe('stepHeading', () => {
  it('shows icon, position, name and duration', () => {
    const step = {
      order: 3,
      name: 'build',
      result: 'passed' as const,
      startedAt: at('2026-11-05T10:00:00Z'),
      finishedAt: at('2026-11-05T10:00:42Z'),
    };
    expect(stepHeading(step, 7)).toBe('✔ 3/7 build (42s)');
    expect(
      stepHeading(
        { ...step, order: 5, name: 'test', result: 'failed', finishedAt: at('2026-11-05T10:01:12Z') },
        7,
      ),
    ).toBe('✖ 5/7 test (1m12s)');
  });

  it('leaves out what it does not know', () => {
    expect(stepHeading({ order: 2, name: 'deploy', result: 'aborted' })).toBe('⊘ 2 deploy');
  });

  it('keeps a hostile step name on one inert line', () => {
    const heading = stepHeading(
      { order: 1, name: 'x\n::endgroup::\r\n::error::boom ##[add-mask]y', result: 'failed' },
      2,
    );
    expect(heading).not.toMatch(/[\r\n]/);
    expect(heading).not.toContain('##[');
    expect(heading.startsWith('✖ 1/2 ')).toBe(true);
  });
});

describe('progressLine', () => {
  it('is compact: status, percent, current step', () => {
    expect(
      progressLine({ status: 'running', progress: 57, step: { order: 4, name: 'test' }, totalSteps: 7 }),
    ).toBe('running 57% · step 4/7 test');
    expect(progressLine({ status: 'notstarted' })).toBe('notstarted');
    expect(progressLine({ status: 'running', progress: 33.4 })).toBe('running 33%');
    expect(progressLine({ status: 'running', step: { order: 2, name: 'build' } })).toBe(
      'running · step 2 build',
    );
  });

  it('clamps the percentage and sanitises remote strings', () => {
    expect(progressLine({ status: 'running', progress: 140 })).toBe('running 100%');
    const line = progressLine({ status: '::add-mask::secret', step: { order: 1, name: 'a\nb' } });
    expect(line.startsWith('::')).toBe(false);
    expect(line).not.toContain('\n');
  });

  it('is equal for equal states, so the follower can print it only on change', () => {
    const state = { status: 'running', progress: 10, step: { order: 1, name: 'get code' }, totalSteps: 3 };
    expect(progressLine(state)).toBe(progressLine({ ...state, step: { ...state.step } }));
  });
});

describe('currentStep', () => {
  it('prefers the running step, then the first unfinished one', () => {
    const steps = [
      { order: 2, status: 'notstarted', name: 'b' },
      { order: 1, status: 'finished', name: 'a' },
      { order: 3, status: 'running', name: 'c' },
    ] as const;
    expect(currentStep(steps)?.name).toBe('c');
    expect(currentStep(steps.filter((step) => step.order !== 3))?.name).toBe('b');
    expect(currentStep([{ order: 1, status: 'finished' }])).toBeUndefined();
  });
});

describe('outcomeLine', () => {
  it('states the outcome and the duration', () => {
    expect(outcomeLine('passed', 'run', 192_000)).toBe('✔ Run passed in 3m12s');
    expect(outcomeLine('failed', 'build', 42_000)).toBe('✖ Build failed after 42s');
    expect(outcomeLine('timed-out', 'run', 600_000)).toBe('⏱ Run timed out after 10m00s');
    expect(outcomeLine('triggered', 'run')).toBe('➜ Run triggered');
    expect(outcomeLine('cancelled', 'run')).toBe('⊘ Run was cancelled');
  });
});

describe('omittedLinesLine', () => {
  it('says how much of the log is not shown', () => {
    expect(omittedLinesLine(0, 100)).toBeUndefined();
    expect(omittedLinesLine(1, 100)).toBe('… 1 earlier line not shown (the log has 100 B)');
    expect(omittedLinesLine(1_048_376, 100 * 1024 * 1024)).toBe(
      '… 1,048,376 earlier lines not shown (the log has 100.0 MB)',
    );
    expect(formatBytes(64 * 1024)).toBe('64.0 KB');
  });
});
