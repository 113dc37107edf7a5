// The readers in their place: fed by the artifacts' own reader of a step's archive (nothing written),
// for the entries the `test-reports` patterns match, counted as one target's step.
import { describe, expect, it } from 'vitest';
import { storeArchive } from '../../src/artifacts/store.ts';
import { globMatcher } from '../../src/core/glob.ts';
import { stepReports, testsOutput, type TestReport } from '../../src/core/test-results.ts';
import { CaseBudget, createReportReader, type ReportReader } from '../../src/test-reports/index.ts';
import { chunksOf, tarGz } from '../artifacts/tar-builder.ts';

const suite = (name: string, cases: string) => `<testsuite name="${name}">${cases}</testsuite>`;
const A = suite('A', '<testcase name="one"/><testcase name="two"><failure message="no"/></testcase>');
const B = suite('B', '<testcase name="three"><skipped/></testcase>');

describe('reports read from a step archive as it streams', () => {
  it('reads the matching entries only, and counts a test in two reports once', async () => {
    const archive = tarGz([
      { name: 'reports/', type: '5' },
      { name: 'reports/TEST-A.xml', body: A },
      { name: 'reports/TEST-B.xml', body: B },
      { name: 'reports/all-junit.xml', body: `<testsuites>${A}${B}</testsuites>` },
      { name: 'reports/notes.txt', body: 'not a report' },
      { name: 'reports/TEST-broken.xml', body: '<testsuite><testcase name="x">' },
      { name: 'coverage/lcov.info', body: 'TN:' },
    ]);
    const cases = new CaseBudget();
    const matches = globMatcher(['**/TEST-*.xml', '**/*junit*.xml']);
    const readers: ReportReader[] = [];
    const result = await storeArchive(chunksOf(archive, 100), {
      root: '/nonexistent',
      folder: '1-test',
      maxBytes: 1e9,
      write: false,
      onEntry: (path) => {
        if (!matches(path)) return undefined;
        const reader = createReportReader(path, { cases });
        readers.push(reader);
        return reader;
      },
    });
    expect(result.status).toBe('stored');
    const reports: TestReport[] = readers.map((reader) => reader.result());
    expect(reports.map((report) => report.file)).toEqual([
      'reports/TEST-A.xml',
      'reports/TEST-B.xml',
      'reports/all-junit.xml',
      'reports/TEST-broken.xml',
    ]);
    expect(reports.map((report) => report.warning).filter(Boolean)).toEqual([
      expect.stringMatching(
        /^The test report reports\/TEST-broken\.xml was skipped: it is not well-formed XML/,
      ),
    ]);
    expect(testsOutput([stepReports('acme/webapp/test', 'test', reports)])).toMatchObject({
      total: 3,
      passed: 1,
      failed: 1,
      skipped: 1,
    });
    expect(cases.taken).toBe(6);
  });
});
