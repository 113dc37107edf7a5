// A JUnit report of a chosen size for the benches: `count` test cases in suites of 100, one in ten failed
// with a 25-frame stack trace, each padded with `system-out` so that the whole comes close to `size`.
import { closeSync, openSync, writeSync } from 'node:fs';

const FAILURE = [
  'org.opentest4j.AssertionFailedError: expected: <200> but was: <500>',
  ...Array.from(
    { length: 24 },
    (_, i) => `\tat com.example.shop.layer${i}.Handler.handle(Handler.java:${100 + i})`,
  ),
].join('\n');

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bench">\n';

function caseOf(i: number, pad: string): string {
  const suite = Math.floor(i / 100);
  const open = `  <testcase name="handles request ${i}" classname="com.example.shop.Suite${suite}" time="0.004" file="src/test/java/com/example/shop/Suite${suite}.java">`;
  const failure =
    i % 10 === 0
      ? `<failure message="expected: &lt;200&gt; but was: &lt;500&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[${FAILURE}]]></failure>`
      : '';
  return `${open}${failure}<system-out><![CDATA[${pad}]]></system-out></testcase>\n`;
}

/** How many of the report's cases fail: one in ten. */
export function failedCasesOf(count: number): number {
  return Math.ceil(count / 10);
}

/** The report in pieces of about 1 MiB, so that a file can be written without holding it whole. */
export function* reportPieces(count: number, size: number): Generator<string> {
  let fixed = HEAD.length;
  for (let i = 0; i < count; i++) fixed += caseOf(i, '').length;
  const padLength = Math.max(0, Math.floor((size - fixed - 200) / count));
  const pad = 'log line from the test\n'.repeat(Math.ceil(padLength / 23)).slice(0, padLength);
  yield HEAD;
  let suite = -1;
  let buffered = '';
  for (let i = 0; i < count; i++) {
    if (Math.floor(i / 100) !== suite) {
      if (suite !== -1) buffered += ' </testsuite>\n';
      suite = Math.floor(i / 100);
      buffered += ` <testsuite name="com.example.shop.Suite${suite}">\n`;
    }
    buffered += caseOf(i, pad);
    if (buffered.length > 1024 * 1024) {
      yield buffered;
      buffered = '';
    }
  }
  yield `${buffered} </testsuite>\n</testsuites>\n`;
}

/** Writes the report to `path`. */
export function writeReport(path: string, count: number, size: number): void {
  const fd = openSync(path, 'w');
  try {
    for (const piece of reportPieces(count, size)) writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
}
