// The test reports of a target and step as data: their cases combined once (a test listed both in an
// aggregated report and in its suite's own report counts once), when the step's reports are handed on, and
// counted, their failures listed, so that the log, the summary, the check run and the outputs read the same
// and none combines them again; the `tests` and `failed-tests` outputs. Pure: the reports are read elsewhere (`src/test-reports/`), from the last attempt
// only, and every text here is still remote text for whoever shows it.

export type TestStatus = 'passed' | 'failed' | 'errored' | 'skipped';

export interface TestCase {
  suite: string;
  name: string;
  classname?: string;
  /** The source file the report names, as the remote machine wrote it. */
  file?: string;
  /** 1-based, whatever the dialect wrote. */
  line?: number;
  status: TestStatus;
  /** Failed, then passed on a rerun: counted as passed. */
  flaky: boolean;
  /** The message's first line. */
  message?: string;
  /** The failure text, at most 4 KiB. */
  text?: string;
}

/** One report read: its path in the archive, how many suites it held, its cases, and why it was cut. */
export interface TestReport {
  file: string;
  suites: number;
  cases: TestCase[];
  /** Why the report was skipped or cut (its cases are then empty or partial), naming the file. */
  warning?: string;
}

export interface TestCounts {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  flaky: number;
}

/** What a target's test reports came to, for the sinks after the artifacts sink that reads them. */
export interface TestFacts {
  /** The steps whose archives held reports, in step order. */
  steps: StepReports[];
}

/** The reports of one target and step (the attempt that counts), their cases combined and counted. */
export interface StepReports {
  target: string;
  step: string;
  reports: readonly TestReport[];
  /** The failed and errored cases of the reports, each once (`combineReports`), in order. */
  failed: readonly TestCase[];
  counts: TestCounts;
}

/** A step's reports, combined and counted once for every reader. */
export function stepReports(target: string, step: string, reports: readonly TestReport[]): StepReports {
  const cases = combineReports(reports);
  return { target, step, reports, failed: cases.filter(isFailure), counts: countTests(cases) };
}

interface StepTests extends TestCounts {
  target: string;
  step: string;
}

export interface TestsOutput extends TestCounts {
  targets: StepTests[];
}

export interface FailedTest {
  target: string;
  step: string;
  suite: string;
  name: string;
  file?: string;
  line?: number;
  message?: string;
}

/** The most entries of `failed-tests`. */
const MAX_FAILED_TESTS = 100;

/**
 * The cases seen, by file, suite, class name and name. The class name too: pytest names every suite `pytest`
 * and, in its default dialect, writes no file, so `test_a.py::test_x` and `test_b.py::test_x` differ by their
 * class name alone. Nested maps over the strings the cases already hold, rather than a key built per case:
 * 100,000 cases would otherwise make 100,000 new strings.
 */
class SeenCases {
  readonly #files = new Map<string, Map<string, Map<string, Set<string>>>>();

  /** Whether `test` is new; it is seen from now on. */
  add(test: TestCase): boolean {
    const suites = getOrAdd(this.#files, test.file ?? '', () => new Map<string, Map<string, Set<string>>>());
    const classes = getOrAdd(suites, test.suite, () => new Map<string, Set<string>>());
    const names = getOrAdd(classes, test.classname ?? '', () => new Set<string>());
    if (names.has(test.name)) return false;
    names.add(test.name);
    return true;
  }
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Every case of the reports once, by file, suite, class name and name, in the order first seen. */
export function combineReports(reports: readonly TestReport[]): TestCase[] {
  const seen = new SeenCases();
  const cases: TestCase[] = [];
  for (const report of reports) {
    for (const test of report.cases) if (seen.add(test)) cases.push(test);
  }
  return cases;
}

function emptyCounts(): TestCounts {
  return { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0, flaky: 0 };
}

export function countTests(cases: readonly TestCase[]): TestCounts {
  const counts = emptyCounts();
  for (const test of cases) {
    counts.total += 1;
    counts[test.status] += 1;
    if (test.flaky) counts.flaky += 1;
  }
  return counts;
}

function addCounts(into: TestCounts, more: TestCounts): void {
  into.total += more.total;
  into.passed += more.passed;
  into.failed += more.failed;
  into.errored += more.errored;
  into.skipped += more.skipped;
  into.flaky += more.flaky;
}

function isFailure(test: TestCase): boolean {
  return test.status === 'failed' || test.status === 'errored';
}

/** The `tests` output: the counts over every target and step, then each one's. */
export function testsOutput(steps: readonly StepReports[]): TestsOutput {
  const total = emptyCounts();
  const targets = steps.map(({ target, step, counts }) => {
    addCounts(total, counts);
    return { target, step, ...counts };
  });
  return { ...total, targets };
}

/** The `failed-tests` output: the failed and errored tests in report order, at most `max`. */
export function failedTestsOutput(steps: readonly StepReports[], max = MAX_FAILED_TESTS): FailedTest[] {
  const failed: FailedTest[] = [];
  for (const { target, step, failed: failures } of steps) {
    for (const test of failures) {
      if (failed.length >= max) return failed;
      const entry: FailedTest = { target, step, suite: test.suite, name: test.name };
      if (test.file !== undefined) entry.file = test.file;
      if (test.line !== undefined) entry.line = test.line;
      if (test.message !== undefined) entry.message = firstLine(test.message);
      failed.push(entry);
    }
  }
  return failed;
}

/** The text up to its first line break of any kind. */
function firstLine(text: string): string {
  const end = text.search(/[\r\n\v\f\u0085\u2028\u2029]/);
  return end === -1 ? text : text.slice(0, end);
}
