// The test reports a target's archives held, as the artifacts sink hands them on: per step, the reports of
// the attempt that counts; one log line per step that had any (`12 tests, 2 failed: suite › name, …`), a
// warning for each report skipped or cut, and one when no report matched in any step.
import { sanitizeLine } from '../../text/safety.ts';
import type { Log } from '../ports.ts';
import { stepReports, type StepReports, type TestFacts, type TestReport } from '../test-results.ts';

/** The failed tests a log line names before it says how many more. */
const NAMED = 3;

export function testFacts(
  reads: ReadonlyArray<{ order: number; step: string; reports?: readonly TestReport[] }>,
  label: string,
  log: Log,
): TestFacts {
  const steps = [...reads]
    .filter((read) => read.reports !== undefined && read.reports.length > 0)
    .sort((one, other) => one.order - other.order)
    .map((read): StepReports => stepReports(label, read.step, read.reports!));
  for (const reports of steps) {
    for (const report of reports.reports)
      if (report.warning) log.warning(sanitizeLine(report.warning, { maxLength: 500 }));
    log.info(`${sanitizeLine(reports.step, { maxLength: 100 })}: ${testsLine(reports)}`);
  }
  if (steps.length === 0) log.warning('No test report matched `test-reports` in the archives of any step.');
  return { steps };
}

/** `12 tests, 2 failed: suite › name, suite › name` (errored counted with failed). */
function testsLine({ failed: failing, counts }: StepReports): string {
  const parts = [`${counts.total} test${counts.total === 1 ? '' : 's'}`];
  if (failing.length > 0) parts.push(`${failing.length} failed`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  if (counts.flaky > 0) parts.push(`${counts.flaky} flaky`);
  const named = failing
    .slice(0, NAMED)
    .map(
      (test) =>
        `${sanitizeLine(test.suite, { maxLength: 80 })} › ${sanitizeLine(test.name, { maxLength: 120 })}`,
    );
  const more = failing.length > NAMED ? `, and ${failing.length - NAMED} more` : '';
  return `${parts.join(', ')}${named.length > 0 ? `: ${named.join(', ')}${more}` : ''}`;
}
