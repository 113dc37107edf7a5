// The JUnit XML reports world steps store, in two dialects real runners write: jest-junit's (Surefire's shape,
// with a `file` attribute and the failure's stack in the element's text) and pytest's (`file` and a 0-based
// `line` on each test case). A test marked `failsWithStep` fails exactly when its step fails, so a report
// always agrees with EMULATOR_FAIL_STEP, EMULATOR_RESULT and EMULATOR_FAILED_STEPS.
import type { WorldTestReport } from '../world-file.ts';

type TestCase = WorldTestReport['tests'][number];

export interface TestCounts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** Where a jest run's files sit on the remote machine: stack frames carry absolute paths under it. */
const JEST_ROOT = '/builds/acme/webapp';
const FIXED_TIMESTAMP = '2025-06-11T14:02:33';

type Outcome = 'passed' | 'failed' | 'skipped';

function outcomeOf(test: TestCase, stepFailed: boolean): Outcome {
  if (test.skipped === true) return 'skipped';
  return test.failsWithStep === true && stepFailed ? 'failed' : 'passed';
}

/** The counts the report holds, from the world's definition (no XML is parsed). */
export function testCounts(report: WorldTestReport, stepFailed: boolean): TestCounts {
  const counts: TestCounts = { total: report.tests.length, passed: 0, failed: 0, skipped: 0 };
  for (const test of report.tests) counts[outcomeOf(test, stepFailed)]++;
  return counts;
}

export function junitXml(report: WorldTestReport, stepFailed: boolean): string {
  return report.dialect === 'jest' ? jestXml(report, stepFailed) : pytestXml(report, stepFailed);
}

/** Characters XML 1.0 cannot hold at all become U+FFFD; markup characters become references. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join('');
}

function seconds(index: number): string {
  return (0.004 + (index % 7) * 0.013).toFixed(3);
}

function bySuite(report: WorldTestReport): Map<string, { test: TestCase; index: number }[]> {
  const suites = new Map<string, { test: TestCase; index: number }[]>();
  report.tests.forEach((test, index) => {
    const suite = test.suite ?? report.suite;
    suites.set(suite, [...(suites.get(suite) ?? []), { test, index }]);
  });
  return suites;
}

function suiteCounts(tests: { test: TestCase }[], stepFailed: boolean): Record<Outcome, number> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const { test } of tests) counts[outcomeOf(test, stepFailed)]++;
  return counts;
}

function jestFailure(test: TestCase): string {
  return [
    'Error: expect(received).toBe(expected) // Object.is equality',
    '',
    'Expected: 200',
    'Received: 500',
    `    at Object.toBe (${JEST_ROOT}/node_modules/expect/build/index.js:218:22)`,
    `    at Object.<anonymous> (${JEST_ROOT}/${test.file}:${test.line}:17)`,
    `    at Promise.then.completed (${JEST_ROOT}/node_modules/jest-circus/build/utils.js:298:28)`,
  ].join('\n');
}

function jestXml(report: WorldTestReport, stepFailed: boolean): string {
  const all = testCounts(report, stepFailed);
  const suites = [...bySuite(report)].map(([suite, tests]) => {
    const counts = suiteCounts(tests, stepFailed);
    const cases = tests.map(({ test, index }) => {
      const title = `${suite} ${test.name}`;
      const head = `    <testcase${attributes({ classname: title, name: title, time: seconds(index), file: test.file })}`;
      const outcome = outcomeOf(test, stepFailed);
      if (outcome === 'passed') return `${head}>\n    </testcase>`;
      if (outcome === 'skipped') return `${head}>\n      <skipped/>\n    </testcase>`;
      return `${head}>\n      <failure>${xmlText(jestFailure(test))}</failure>\n    </testcase>`;
    });
    const head = attributes({
      name: suite,
      errors: 0,
      failures: counts.failed,
      skipped: counts.skipped,
      timestamp: FIXED_TIMESTAMP,
      time: '0.842',
      tests: tests.length,
    });
    return `  <testsuite${head}>\n${cases.join('\n')}\n  </testsuite>`;
  });
  const head = attributes({
    name: 'jest tests',
    tests: all.total,
    failures: all.failed,
    errors: 0,
    time: '1.93',
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${suites.join('\n')}\n</testsuites>\n`;
}

/** pytest names a test's class after its module: `tests/test_api.py` is `tests.test_api`. */
function moduleOf(file: string): string {
  return file.replace(/\.py$/, '').replace(/\//g, '.');
}

function pytestFailure(test: TestCase): string {
  return [
    `    def ${test.name}(client):`,
    '        response = client.post("/login", data={"password": "nope"})',
    '>       assert response.status_code == 401',
    'E       assert 500 == 401',
    'E        +  where 500 = <Response 500>.status_code',
    '',
    `${test.file}:${test.line}: AssertionError`,
  ].join('\n');
}

function pytestXml(report: WorldTestReport, stepFailed: boolean): string {
  const all = testCounts(report, stepFailed);
  const cases = report.tests.map((test, index) => {
    const head = `<testcase${attributes({
      classname: test.suite ?? moduleOf(test.file),
      name: test.name,
      file: test.file,
      // pytest writes the 0-based line of the test's definition.
      line: test.line - 1,
      time: seconds(index),
    })}`;
    const outcome = outcomeOf(test, stepFailed);
    if (outcome === 'passed') return `${head} />`;
    if (outcome === 'skipped') {
      const reason = `${test.file}:${test.line}: needs a database`;
      return `${head}><skipped${attributes({ type: 'pytest.skip', message: 'needs a database' })}>${xmlText(reason)}</skipped></testcase>`;
    }
    const failure = attributes({ message: 'assert 500 == 401' });
    return `${head}><failure${failure}>${xmlText(pytestFailure(test))}</failure></testcase>`;
  });
  const suite = attributes({
    name: report.suite,
    errors: 0,
    failures: all.failed,
    skipped: all.skipped,
    tests: all.total,
    time: '0.842',
    timestamp: `${FIXED_TIMESTAMP}.123456`,
    hostname: 'runner-7',
  });
  return `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite${suite}>${cases.join('')}</testsuite></testsuites>\n`;
}
