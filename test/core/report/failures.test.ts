import { describe, expect, it } from 'vitest';
import { failedStepAnnotation } from '../../../src/core/report/annotations.ts';
import {
  FAILURE_LIMITS,
  failuresSection,
  linesNote,
  missingErrorLine,
  stepLogFacts,
  type FailedStepFacts,
} from '../../../src/core/report/failures.ts';
import type { LinkInline } from '../../../src/core/report/summary-model.ts';

const numbered = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => `line ${from + index}`);

describe('stepLogFacts', () => {
  it('quotes the same line as the step’s annotation, picked from the whole tail', () => {
    const lines = ['$ make', 'src/main.c:3:5: error: expected ;', ...numbered(100), 'Error: make failed'];
    const annotation = failedStepAnnotation({ order: 2, name: 'build', result: 'failed' }, 3, lines);
    const facts = stepLogFacts({ lines, truncatedLines: 0 });
    expect(facts.firstError).toBe(annotation.message);
    expect(facts.firstError).toBe('src/main.c:3:5: error: expected ;');
    // The line is well before the last 30, and still found.
    expect(facts.lastLines).not.toContain('src/main.c:3:5: error: expected ;');
  });

  it('keeps the last 30 lines and counts the ones before them', () => {
    const facts = stepLogFacts({ lines: numbered(200, 1001), truncatedLines: 1000 });
    expect(facts.lastLines).toEqual(numbered(30, 1171));
    expect(facts.earlierLines).toBe(1170);
    expect(stepLogFacts({ lines: ['only'], truncatedLines: 0 })).toEqual({
      firstError: 'only',
      lastLines: ['only'],
      earlierLines: 0,
    });
    expect(stepLogFacts({ lines: [], truncatedLines: 0 })).toEqual({ lastLines: [], earlierLines: 0 });
  });

  it('cuts each line and drops escape sequences and control characters', () => {
    const facts = stepLogFacts({
      lines: [
        '\u001b[31mred\u001b[0m\u0007 and\rback',
        'x'.repeat(10_000),
        '\u001b]8;;https://evil.test\u0007ok',
      ],
      truncatedLines: 0,
    });
    expect(facts.lastLines[0]).toBe('red and back');
    expect(facts.lastLines[1]).toHaveLength(FAILURE_LIMITS.lineLength);
    expect(facts.lastLines[1]!.endsWith('…')).toBe(true);
    expect(facts.lastLines[2]).toBe('ok');
  });
});

describe('failuresSection', () => {
  const link = (url: string): LinkInline => ({ kind: 'link', url, label: 'Full log' });
  const step = (order: number, overrides: Partial<FailedStepFacts> = {}): FailedStepFacts => ({
    order,
    name: `step ${order}`,
    status: 'finished',
    result: 'failed',
    logUrl: `https://ci.test/log/${order}`,
    logTail: { firstError: `error ${order}`, lastLines: [`last ${order}`], earlierLines: 4 },
    ...overrides,
  });
  const linkOf = (each: FailedStepFacts) => (each.logUrl ? link(each.logUrl) : undefined);

  it('lists the steps that finished without passing, in order', () => {
    const section = failuresSection(
      [
        step(3, { result: 'aborted' }),
        step(1, { result: 'passed' }),
        step(2),
        step(4, { status: 'running', result: 'unknown' }),
        step(5, { result: 'unknown' }),
      ],
      linkOf,
    );
    expect(section?.items.map((item) => [item.order, item.icon, item.verb])).toEqual([
      [2, '✖', 'failed'],
      [3, '⊘', 'was aborted'],
      [5, '…', 'failed'],
    ]);
    expect(section?.items[0]).toEqual({
      order: 2,
      name: 'step 2',
      icon: '✖',
      verb: 'failed',
      firstError: 'error 2',
      lastLines: ['last 2'],
      earlierLines: 4,
      log: 'read',
      link: link('https://ci.test/log/2'),
    });
    expect(section?.more).toBe(0);
  });

  it('shows at most ten, and counts the others', () => {
    const section = failuresSection(
      Array.from({ length: 25 }, (_, index) => step(25 - index)),
      linkOf,
    );
    expect(section?.items.map((item) => item.order)).toEqual(numbered(10).map((_, index) => index + 1));
    expect(section?.more).toBe(15);
  });

  it('is undefined when no step failed', () => {
    expect(failuresSection([step(1, { result: 'passed' })], linkOf)).toBeUndefined();
    expect(failuresSection([], linkOf)).toBeUndefined();
  });

  it('says why there is no error line', () => {
    const section = failuresSection(
      [
        step(1, { logTail: { lastLines: [], earlierLines: 0 } }),
        step(2, { logTail: undefined }),
        step(3, { logTail: undefined, logUrl: undefined }),
      ],
      linkOf,
    );
    expect(section?.items.map((item) => [item.log, missingErrorLine(item), item.link?.url])).toEqual([
      ['read', 'its log is empty', 'https://ci.test/log/1'],
      ['unreadable', 'its log could not be read', 'https://ci.test/log/2'],
      ['none', 'it has no log', undefined],
    ]);
  });
});

describe('linesNote', () => {
  it('says how much of the log is shown', () => {
    const item = { lastLines: numbered(30), earlierLines: 1204 };
    expect(linesNote(item, 30)).toBe('Last 30 of 1,234 lines:');
    expect(linesNote(item, 10)).toBe('Last 10 of 1,234 lines:');
    expect(linesNote(item, 0)).toBe('1,234 lines, not shown here.');
    expect(linesNote({ lastLines: ['a'], earlierLines: 0 }, 1)).toBe('Its only line:');
  });
});
