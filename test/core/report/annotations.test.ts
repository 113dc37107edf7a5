import { describe, expect, it } from 'vitest';
import {
  AnnotationBudget,
  failedStepAnnotation,
  firstErrorLine,
} from '../../../src/core/report/annotations.ts';

describe('firstErrorLine', () => {
  it('prefers the first line that clearly reports an error', () => {
    const lines = [
      '$ npm test',
      'compiling 3 files',
      'warning: unused variable',
      'src/main.c:3:5: error: expected ; before }',
      'Error: make failed',
    ];
    expect(firstErrorLine(lines)).toBe('src/main.c:3:5: error: expected ; before }');
  });

  it.each([
    ['npm ERR! code ELIFECYCLE'],
    ['FAIL src/app.test.ts > adds'],
    ['Exception in thread "main" java.lang.NullPointerException'],
    ['panic: runtime error: index out of range'],
    ['fatal: not a git repository'],
    ['src/a.ts(1,7): error TS2322: Type string is not assignable'],
    ['TypeError: cannot read properties of undefined'],
    ['[ERROR] Failed to execute goal'],
  ])('recognises %s', (line) => {
    expect(firstErrorLine(['starting', 'all good so far', line, 'cleanup done'])).toBe(line);
  });

  it('takes weaker signs when there is nothing clearer, and ignores all-clear lines', () => {
    const lines = ['Found 0 errors.', 'no failures', 'Tests: 2 failed, 10 passed', 'done'];
    expect(firstErrorLine(lines)).toBe('Tests: 2 failed, 10 passed');
    expect(firstErrorLine(['step ran', 'process exited with code 2', 'bye'])).toBe(
      'process exited with code 2',
    );
  });

  it('falls back to the last non-empty line, or undefined', () => {
    expect(firstErrorLine(['one', 'two', '   ', ''])).toBe('two');
    expect(firstErrorLine(['', '  '])).toBeUndefined();
    expect(firstErrorLine([])).toBeUndefined();
  });

  it('skips colour codes and fence lines, and returns one inert line', () => {
    const lines = [
      '::stop-commands::0123456789abcdef0123456789abcdef',
      '\u001b[31merror:\u001b[0m disk full',
      '::0123456789abcdef0123456789abcdef::',
    ];
    expect(firstErrorLine(lines)).toBe('error: disk full');
    expect(firstErrorLine(['::error::injected'])).toBe('› ::error::injected');
  });

  it('cuts long lines', () => {
    expect(firstErrorLine([`error: ${'x'.repeat(1000)}`])?.length).toBe(300);
  });
});

describe('failedStepAnnotation', () => {
  it('is titled with the step and quotes its first error line', () => {
    const annotation = failedStepAnnotation({ order: 5, name: 'test', result: 'failed' }, 7, [
      'running',
      'FAIL suite',
    ]);
    expect(annotation).toEqual({ title: '✖ Step 5/7 test failed', message: 'FAIL suite' });
  });

  it('says so when there is no log', () => {
    expect(failedStepAnnotation({ order: 1, name: 'x\ny', result: 'failed' }, undefined, []).message).toMatch(
      /log is empty/,
    );
    expect(failedStepAnnotation({ order: 1, name: 'x\ny', result: 'failed' }, undefined, []).title).toBe(
      '✖ Step 1 x y failed',
    );
  });
});

describe('AnnotationBudget', () => {
  it('spends at most 10 annotations of a kind, summary and setFailed included', () => {
    const budget = new AnnotationBudget();
    const made = Array.from({ length: 25 }, () => budget.take('error')).filter(Boolean).length;
    // 8 individual ones + the overflow line + the slot reserved for the final setFailed error = 10.
    expect(made).toBe(8);
    expect(budget.overflow('error')).toBe(17);
    expect(budget.overflowLine('error')).toBe('…and 17 more failed steps, see the job summary.');
  });

  it('has nothing to summarise when everything fit, and counts kinds apart', () => {
    const budget = new AnnotationBudget({ limit: 3, reserved: 0 });
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    expect(budget.overflowLine()).toBe('…and 1 more failed step, see the job summary.');
    expect(budget.take('warning')).toBe(true);
    expect(budget.overflowLine('warning')).toBeUndefined();
  });

  it('names what it counts', () => {
    const budget = new AnnotationBudget({ limit: 1, reserved: 0, noun: { one: 'item', many: 'items' } });
    budget.take();
    budget.take();
    expect(budget.overflowLine()).toBe('…and 2 more items, see the job summary.');
  });
});

describe('firstErrorLine and workflow commands in a remote log', () => {
  it('quotes the script’s own error over an injected `::error::` line', () => {
    const lines = [
      'Working on npm test...',
      '::error::injected from the remote log',
      'ERROR: 3 tests failed',
    ];
    expect(firstErrorLine(lines)).toBe('ERROR: 3 tests failed');
  });

  it('still quotes a command line when nothing else was said', () => {
    expect(firstErrorLine(['::error::only this'])).toContain('only this');
  });
});
