// Each JUnit dialect the common runners write, as small reports written here after the shapes their
// documentation describes: the cases, their status, the message's first line, the failure text, and
// `file`/`line` where the dialect has them.
import { describe, expect, it } from 'vitest';
import { annotationPlace } from '../../src/core/report-paths.ts';
import { countTests } from '../../src/core/test-results.ts';
import { junitXml, testCounts } from '../../src/emulator/artifacts/junit.ts';
import { WEBAPP_JEST_REPORT, WEBAPP_PYTEST_REPORT } from '../../src/emulator/default-world.ts';
import { brief, readReport } from './read.ts';

const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="3.0" name="com.example.CalculatorTest" time="0.051" tests="6" errors="1" skipped="1" failures="2">
  <properties>
    <property name="java.version" value="21.0.2"/>
  </properties>
  <testcase name="adds" classname="com.example.CalculatorTest" time="0.002"/>
  <testcase name="divides" classname="com.example.CalculatorTest" time="0.01">
    <failure message="expected: &lt;2&gt; but was: &lt;3&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected: <2> but was: <3>
	at com.example.CalculatorTest.divides(CalculatorTest.java:27)
]]></failure>
    <system-out><![CDATA[dividing 6 by 3
]]></system-out>
  </testcase>
  <testcase name="overflows" classname="com.example.CalculatorTest" time="0">
    <error message="boom" type="java.lang.IllegalStateException">java.lang.IllegalStateException: boom
	at com.example.Calculator.add(Calculator.java:12)</error>
  </testcase>
  <testcase name="later" classname="com.example.CalculatorTest" time="0">
    <skipped message="not yet"/>
  </testcase>
  <testcase name="retried" classname="com.example.CalculatorTest" time="0.2">
    <flakyFailure message="timed out" type="java.util.concurrent.TimeoutException">
      <stackTrace>java.util.concurrent.TimeoutException: timed out</stackTrace>
    </flakyFailure>
  </testcase>
  <testcase name="alwaysFails" classname="com.example.CalculatorTest" time="0.3">
    <failure message="still no" type="java.lang.AssertionError">java.lang.AssertionError: still no</failure>
    <rerunFailure message="still no" type="java.lang.AssertionError">
      <stackTrace>java.lang.AssertionError: still no</stackTrace>
    </rerunFailure>
  </testcase>
</testsuite>
`;

const GRADLE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="com.example.GreeterTest" tests="2" skipped="0" failures="1" errors="0" timestamp="2024-05-01T10:00:00" hostname="runner" time="0.12">
  <properties/>
  <testcase name="greets()" classname="com.example.GreeterTest" time="0.01"/>
  <testcase name="shouts()" classname="com.example.GreeterTest" time="0.02">
    <failure message="org.opentest4j.AssertionFailedError: expected: &lt;HELLO&gt; but was: &lt;hello&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;HELLO&gt; but was: &lt;hello&gt;
	at app//com.example.GreeterTest.shouts(GreeterTest.java:18)
</failure>
  </testcase>
  <system-out><![CDATA[]]></system-out>
  <system-err><![CDATA[]]></system-err>
</testsuite>
`;

// pytest's xunit1 family writes `file` and a 0-based `line` (the `def` of test_div is on line 7).
const PYTEST_XUNIT1 = `<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="0" failures="1" skipped="1" tests="3" time="0.051" timestamp="2024-05-01T10:00:00.000000+00:00" hostname="runner"><testcase classname="tests.test_math" name="test_add" file="tests/test_math.py" line="2" time="0.001" /><testcase classname="tests.test_math" name="test_div" file="tests/test_math.py" line="6" time="0.002"><failure message="assert 2.0 == 3&#10; +  where 2.0 = div(6, 3)">def test_div():
&gt;       assert div(6, 3) == 3
E       assert 2.0 == 3

tests/test_math.py:8: AssertionError</failure></testcase><testcase classname="tests.test_math" name="test_net" file="tests/test_math.py" line="10" time="0.000"><skipped type="pytest.skip" message="no network">tests/test_math.py:12: no network</skipped></testcase></testsuite></testsuites>`;

// pytest's default family (xunit2) has no file or line; an older pytest has no `testsuites` root.
const PYTEST_XUNIT2 = `<?xml version="1.0" encoding="utf-8"?><testsuite name="pytest" errors="1" failures="0" skipped="0" tests="2" time="0.02"><testcase classname="tests.test_db" name="test_connect" time="0.001"><error message="failed on setup with &quot;ConnectionRefusedError: [Errno 111]&quot;">@pytest.fixture
def db():
&gt;   return connect()
E   ConnectionRefusedError: [Errno 111]

tests/conftest.py:5: ConnectionRefusedError</error></testcase><testcase classname="tests.test_db" name="test_query" time="0.001" /></testsuite>`;

const JEST_JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="3" failures="1" errors="0" time="1.2">
  <testsuite name="cart" errors="0" failures="1" skipped="1" timestamp="2024-05-01T10:00:00" time="0.8" tests="3">
    <testcase classname="cart adds an item" name="cart adds an item" time="0.004" file="src/cart.test.ts">
    </testcase>
    <testcase classname="cart totals" name="cart totals" time="0.01" file="src/cart.test.ts">
      <failure>Error: expect(received).toBe(expected) // Object.is equality

Expected: 3
Received: 2
    at Object.&lt;anonymous&gt; (/home/runner/work/shop/shop/src/cart.test.ts:14:20)
    at Promise.then.completed (/home/runner/work/shop/shop/node_modules/jest-circus/build/utils.js:298:28)</failure>
    </testcase>
    <testcase classname="cart later" name="cart later" time="0">
      <skipped/>
    </testcase>
  </testsuite>
</testsuites>
`;

const GO_JUNIT_REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1">
	<testsuite name="example.com/shop/cart" tests="3" failures="1" errors="0" id="0" hostname="runner" time="0.003" timestamp="2024-05-01T10:00:00Z">
		<properties>
			<property name="go.version" value="go1.22.1 linux/amd64"></property>
		</properties>
		<testcase name="TestAdd" classname="example.com/shop/cart" time="0.000"></testcase>
		<testcase name="TestTotal" classname="example.com/shop/cart" time="0.001">
			<failure message="Failed"><![CDATA[    cart_test.go:21: total = 2, want 3]]></failure>
		</testcase>
		<testcase name="TestSkip" classname="example.com/shop/cart" time="0.000">
			<skipped message="Skipped"><![CDATA[    cart_test.go:30: needs a database]]></skipped>
		</testcase>
	</testsuite>
</testsuites>
`;

const MOCHA = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="Mocha Tests" time="0.01" tests="2" failures="1">
  <testsuite name="Root Suite" timestamp="2024-05-01T10:00:00" tests="0" file="test/api.spec.js" time="0.000" failures="0">
  </testsuite>
  <testsuite name="api" timestamp="2024-05-01T10:00:00" tests="2" file="test/api.spec.js" time="0.010" failures="1">
    <testcase name="api returns 200" time="0.001" classname="returns 200">
    </testcase>
    <testcase name="api returns 404" time="0.002" classname="returns 404">
      <failure message="expected 200 to equal 404" type="AssertionError"><![CDATA[AssertionError: expected 200 to equal 404
    at Context.<anonymous> (test/api.spec.js:12:24)
    at process.processImmediate (node:internal/timers:478:21)]]></failure>
    </testcase>
  </testsuite>
</testsuites>
`;

describe('the JUnit dialects', () => {
  it('Surefire: failure, error, skipped, a flaky test as passed and a rerun that failed as failed', () => {
    const report = readReport(SUREFIRE, {
      path: 'target/surefire-reports/TEST-com.example.CalculatorTest.xml',
    });
    expect(report.warning).toBeUndefined();
    expect(report.suites).toBe(1);
    expect(brief(report)).toEqual([
      'com.example.CalculatorTest › adds: passed',
      'com.example.CalculatorTest › divides: failed',
      'com.example.CalculatorTest › overflows: errored',
      'com.example.CalculatorTest › later: skipped',
      'com.example.CalculatorTest › retried: passed (flaky)',
      'com.example.CalculatorTest › alwaysFails: failed',
    ]);
    const divides = report.cases[1]!;
    expect(divides).toMatchObject({
      classname: 'com.example.CalculatorTest',
      message: 'expected: <2> but was: <3>',
    });
    // The failure's own text; the test's system-out is not part of it.
    expect(divides.text).toBe(
      'org.opentest4j.AssertionFailedError: expected: <2> but was: <3>\n\tat com.example.CalculatorTest.divides(CalculatorTest.java:27)',
    );
    expect(report.cases[3]!.message).toBe('not yet');
    expect(report.cases[4]).toMatchObject({
      message: 'timed out',
      text: 'java.util.concurrent.TimeoutException: timed out',
    });
    expect(report.cases[5]).toMatchObject({
      message: 'still no',
      text: 'java.lang.AssertionError: still no',
    });
  });

  it('Gradle: the message and the stack trace, escaped as text', () => {
    const report = readReport(GRADLE);
    expect(brief(report)).toEqual([
      'com.example.GreeterTest › greets(): passed',
      'com.example.GreeterTest › shouts(): failed',
    ]);
    expect(report.cases[1]!.message).toBe(
      'org.opentest4j.AssertionFailedError: expected: <HELLO> but was: <hello>',
    );
    expect(report.cases[1]!.text).toContain('at app//com.example.GreeterTest.shouts(GreeterTest.java:18)');
  });

  it("pytest's xunit1: file, and its 0-based line made 1-based; the message's first line", () => {
    const report = readReport(PYTEST_XUNIT1);
    expect(brief(report)).toEqual([
      'pytest › test_add: passed',
      'pytest › test_div: failed',
      'pytest › test_net: skipped',
    ]);
    expect(report.cases[0]).toMatchObject({
      file: 'tests/test_math.py',
      line: 3,
      classname: 'tests.test_math',
    });
    expect(report.cases[1]).toMatchObject({
      file: 'tests/test_math.py',
      line: 7,
      message: 'assert 2.0 == 3',
    });
    expect(report.cases[1]!.text).toContain('tests/test_math.py:8: AssertionError');
    expect(report.cases[2]).toMatchObject({ line: 11, message: 'no network' });
    expect(report.cases[2]!.text).toBeUndefined();
  });

  it("pytest's default family and a bare testsuite: no file or line, an error in a fixture", () => {
    const report = readReport(PYTEST_XUNIT2);
    expect(brief(report)).toEqual(['pytest › test_connect: errored', 'pytest › test_query: passed']);
    expect(report.cases[0]!.file).toBeUndefined();
    expect(report.cases[0]!.line).toBeUndefined();
    expect(report.cases[0]!.message).toBe('failed on setup with "ConnectionRefusedError: [Errno 111]"');
  });

  it("a line elsewhere is taken as written: only pytest's suite counts from 0", () => {
    const report = readReport(
      '<testsuite name="unit"><testcase name="a" file="a.py" line="6"/><testcase name="b" line="0"/></testsuite>',
    );
    expect(report.cases.map((test) => test.line)).toEqual([6, undefined]);
  });

  it('jest-junit: the file on the case, the message from the text when there is no attribute', () => {
    const report = readReport(JEST_JUNIT);
    expect(brief(report)).toEqual([
      'cart › cart adds an item: passed',
      'cart › cart totals: failed',
      'cart › cart later: skipped',
    ]);
    expect(report.cases[1]).toMatchObject({
      file: 'src/cart.test.ts',
      message: 'Error: expect(received).toBe(expected) // Object.is equality',
    });
    expect(report.cases[1]!.line).toBeUndefined();
    expect(report.cases[1]!.text).toContain('(/home/runner/work/shop/shop/src/cart.test.ts:14:20)');
  });

  it('go-junit-report: the package as the suite, the output in CDATA', () => {
    const report = readReport(GO_JUNIT_REPORT);
    expect(brief(report)).toEqual([
      'example.com/shop/cart › TestAdd: passed',
      'example.com/shop/cart › TestTotal: failed',
      'example.com/shop/cart › TestSkip: skipped',
    ]);
    expect(report.cases[1]).toMatchObject({ message: 'Failed', text: 'cart_test.go:21: total = 2, want 3' });
  });

  it("mocha-junit-reporter: the suite's file for its cases, an empty root suite", () => {
    const report = readReport(MOCHA);
    expect(report.suites).toBe(2);
    expect(brief(report)).toEqual(['api › api returns 200: passed', 'api › api returns 404: failed']);
    expect(report.cases[1]).toMatchObject({ file: 'test/api.spec.js', message: 'expected 200 to equal 404' });
  });

  it('nested suites: the innermost names the case', () => {
    const report = readReport(
      '<testsuites><testsuite name="outer" file="o.ts"><testsuite name="inner"><testcase name="x"/></testsuite><testcase name="y"/></testsuite></testsuites>',
    );
    expect(brief(report)).toEqual(['inner › x: passed', 'outer › y: passed']);
    expect(report.cases.map((test) => test.file)).toEqual(['o.ts', 'o.ts']);
    expect(report.suites).toBe(2);
  });

  it('reads the same whatever the chunks', () => {
    for (const chunkSize of [1, 3, 64, 1 << 20]) {
      expect(readReport(SUREFIRE, { chunkSize })).toEqual(readReport(SUREFIRE));
    }
  });
});

describe("the emulator's reports", () => {
  for (const world of [WEBAPP_JEST_REPORT, WEBAPP_PYTEST_REPORT]) {
    it(`${world.dialect}: agrees with the world's counts, files and lines, whether the step failed or not`, () => {
      for (const stepFailed of [false, true]) {
        const report = readReport(junitXml(world, stepFailed), { path: world.path });
        expect(report.warning).toBeUndefined();
        const counts = countTests(report.cases);
        expect(counts).toMatchObject(testCounts(world, stepFailed));
        expect(report.cases.map((test) => test.file)).toEqual(world.tests.map((test) => test.file));
        // Each failure points at the test's own line, whether from the report's `line` or its stack.
        for (const [i, test] of report.cases.entries()) {
          const place = annotationPlace(test, { root: '/builds/acme/webapp' });
          expect(place?.path).toBe(world.tests[i]!.file);
          if (test.status === 'failed' || world.dialect === 'pytest')
            expect(place?.line).toBe(world.tests[i]!.line);
        }
      }
    });
  }
});
