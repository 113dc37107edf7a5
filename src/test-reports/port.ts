// The test reports as the core's artifacts port asks for them: for each target, a reader for every archive
// path the `test-reports` patterns match, all of them counting that target's cases in one budget.
import type { ReportReaders } from '../core/artifacts/files.ts';
import { globMatcher } from '../core/glob.ts';
import { CaseBudget } from './limits.ts';
import { createReportReader } from './reader.ts';

export function testReportsPort(patterns: readonly string[]): { forTarget(): ReportReaders } {
  const matches = globMatcher(patterns);
  return {
    forTarget() {
      const cases = new CaseBudget();
      return (path) => (matches(path) ? createReportReader(path, { cases }) : undefined);
    },
  };
}
