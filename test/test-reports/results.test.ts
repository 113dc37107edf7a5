// The reports of a target and step combined: a test in an aggregated report and in its suite's own
// report counts once, a flaky test counts as passed, and the `tests` and `failed-tests` outputs.
import { describe, expect, it } from 'vitest';
import {
  combineReports,
  countTests,
  failedTestsOutput,
  stepReports,
  type StepReports,
  type TestCase,
  testsOutput,
  type TestReport,
} from '../../src/core/test-results.ts';
import { CaseBudget } from '../../src/test-reports/index.ts';
import { readReport } from './read.ts';

const SUITE_A = `<testsuite name="com.example.ATest">
  <testcase name="one" classname="com.example.ATest"/>
  <testcase name="two" classname="com.example.ATest"><failure message="boom&#10;more">trace</failure></testcase>
</testsuite>`;
const SUITE_B = `<testsuite name="com.example.BTest">
  <testcase name="flaky" classname="com.example.BTest"><flakyFailure message="slow"/></testcase>
  <testcase name="broken" classname="com.example.BTest"><error message="oops"/></testcase>
  <testcase name="later" classname="com.example.BTest"><skipped/></testcase>
</testsuite>`;
// The aggregated report of the same run (as Surefire's or a merger's `TEST-all.xml`).
const AGGREGATED = `<testsuites>${SUITE_A}${SUITE_B}</testsuites>`;

function reports(): TestReport[] {
  const cases = new CaseBudget();
  return [
    readReport(AGGREGATED, { path: 'reports/all.xml', limits: { cases } }),
    readReport(SUITE_A, { path: 'reports/TEST-com.example.ATest.xml', limits: { cases } }),
    readReport(SUITE_B, { path: 'reports/TEST-com.example.BTest.xml', limits: { cases } }),
  ];
}

function test(name: string, status: TestCase['status'], more: Partial<TestCase> = {}): TestCase {
  return { suite: 's', name, status, flaky: false, ...more };
}

describe('combining the reports of a step', () => {
  it('counts a test in the aggregated report and in its own suite report once', () => {
    const combined = combineReports(reports());
    expect(combined.map((each) => `${each.suite} › ${each.name}`)).toEqual([
      'com.example.ATest › one',
      'com.example.ATest › two',
      'com.example.BTest › flaky',
      'com.example.BTest › broken',
      'com.example.BTest › later',
    ]);
    expect(countTests(combined)).toEqual({
      total: 5,
      passed: 2,
      failed: 1,
      errored: 1,
      skipped: 1,
      flaky: 1,
    });
  });

  it('keeps tests apart that differ by file, suite, class or name', () => {
    const combined = combineReports([
      {
        file: 'a.xml',
        suites: 1,
        cases: [
          test('x', 'passed'),
          test('x', 'passed', { file: 'a.py' }),
          test('x', 'passed', { suite: 't' }),
          test('x', 'passed', { classname: 'tests.test_b' }),
          test('y', 'passed'),
          test('x', 'failed'),
        ],
      },
    ]);
    expect(combined).toHaveLength(5);
  });

  it('counts nothing for no reports', () => {
    expect(countTests(combineReports([]))).toEqual({
      total: 0,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      flaky: 0,
    });
  });
});

describe('the outputs', () => {
  const steps: StepReports[] = [
    stepReports('acme/webapp/build', 'npm test', reports()),
    stepReports('acme/webapp/test', 'pytest', [
      {
        file: 'junit.xml',
        suites: 1,
        cases: [test('p', 'passed'), test('f', 'failed', { file: 't.py', line: 3 })],
      },
    ]),
  ];

  it('tests: the counts over every target and step, then each one', () => {
    expect(testsOutput(steps)).toEqual({
      total: 7,
      passed: 3,
      failed: 2,
      errored: 1,
      skipped: 1,
      flaky: 1,
      targets: [
        {
          target: 'acme/webapp/build',
          step: 'npm test',
          total: 5,
          passed: 2,
          failed: 1,
          errored: 1,
          skipped: 1,
          flaky: 1,
        },
        {
          target: 'acme/webapp/test',
          step: 'pytest',
          total: 2,
          passed: 1,
          failed: 1,
          errored: 0,
          skipped: 0,
          flaky: 0,
        },
      ],
    });
    expect(testsOutput([])).toEqual({
      total: 0,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      flaky: 0,
      targets: [],
    });
  });

  it("failed-tests: failed and errored tests with the message's first line, in report order", () => {
    expect(failedTestsOutput(steps)).toEqual([
      {
        target: 'acme/webapp/build',
        step: 'npm test',
        suite: 'com.example.ATest',
        name: 'two',
        message: 'boom',
      },
      {
        target: 'acme/webapp/build',
        step: 'npm test',
        suite: 'com.example.BTest',
        name: 'broken',
        message: 'oops',
      },
      { target: 'acme/webapp/test', step: 'pytest', suite: 's', name: 'f', file: 't.py', line: 3 },
    ]);
  });

  it('failed-tests holds at most 100 entries', () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      test(`t${i}`, i % 2 === 0 ? 'failed' : 'errored', { message: 'a\r\nb' }),
    );
    const output = failedTestsOutput([stepReports('t', 's', [{ file: 'r.xml', suites: 1, cases: many }])]);
    expect(output).toHaveLength(100);
    expect(output.at(-1)).toMatchObject({ name: 't99', message: 'a' });
  });
});
