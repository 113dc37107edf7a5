// The test reports of a target as the summary shows them, after the failed steps' logs: the counts of each
// step that had reports, then each failed test with its suite, its message's first line and, folded, its
// failure text (cut at 4 KiB). Every text here is remote: the renderers escape or sanitise it.
import type { TestFacts } from '../test-results.ts';
import type { TestCounts } from '../test-results.ts';

/** The failed tests shown per step; the rest are counted. */
const SHOWN_FAILED = 50;

interface SummaryFailedTest {
  suite: string;
  name: string;
  message?: string;
  text?: string;
}

interface SummaryTestStep {
  step: string;
  counts: TestCounts;
  failed: SummaryFailedTest[];
  /** Failed tests past those shown. */
  more: number;
}

export interface TestsSection {
  kind: 'tests';
  title: string;
  steps: SummaryTestStep[];
}

/** The summary's test section, or undefined when no report was read. */
export function testsSection(facts: TestFacts | undefined): TestsSection | undefined {
  if (facts === undefined || facts.steps.length === 0) return undefined;
  const steps = facts.steps.map(({ step, failed, counts }): SummaryTestStep => ({
    step,
    counts,
    failed: failed.slice(0, SHOWN_FAILED).map((test) => ({
      suite: test.suite,
      name: test.name,
      ...(test.message !== undefined ? { message: test.message } : {}),
      ...(test.text !== undefined ? { text: test.text } : {}),
    })),
    more: Math.max(0, failed.length - SHOWN_FAILED),
  }));
  return { kind: 'tests', title: 'Tests', steps };
}

/** `12 tests: 9 passed, 2 failed, 1 skipped`. */
export function countsLine({ total, passed, failed, errored, skipped, flaky }: TestCounts): string {
  const parts = [`${passed} passed`];
  if (failed + errored > 0) parts.push(`${failed + errored} failed`);
  if (skipped > 0) parts.push(`${skipped} skipped`);
  if (flaky > 0) parts.push(`${flaky} flaky`);
  return `${total} test${total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
