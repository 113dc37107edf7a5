// Reads a report the test wrote, fed to the reader in small chunks as an archive would stream it.
import type { TestReport } from '../../src/core/test-results.ts';
import { CaseBudget, createReportReader, type ReportLimits } from '../../src/test-reports/index.ts';

export interface ReadOptions {
  path?: string;
  /** Bytes per chunk (default 7, so every multi-byte character and every token is split somewhere). */
  chunkSize?: number;
  limits?: Partial<ReportLimits>;
}

export function readReport(content: string | Uint8Array, options: ReadOptions = {}): TestReport {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const reader = createReportReader(options.path ?? 'reports/junit.xml', {
    cases: new CaseBudget(),
    ...options.limits,
  });
  const size = options.chunkSize ?? 7;
  for (let offset = 0; offset < bytes.length; offset += size) {
    reader.data(bytes.subarray(offset, offset + size));
  }
  reader.end();
  return reader.result();
}

/** The cases without the fields a test does not look at. */
export function brief(report: TestReport): string[] {
  return report.cases.map(
    (test) => `${test.suite} › ${test.name}: ${test.status}${test.flaky ? ' (flaky)' : ''}`,
  );
}
