// The JUnit XML dialects as SAX events: `testsuites` or a bare `testsuite` at the root (suites may nest),
// `testcase` with `failure`, `error` or `skipped`, and Surefire's reruns (`flakyFailure`/`flakyError`: it
// failed, then passed; `rerunFailure`/`rerunError`: its reruns failed too). `file` and `line` are taken
// where a dialect writes them (the test case, else its suite); pytest writes a 0-based `line`.
// Text is collected only inside the element that decided a test's status, and only up to the cap: the
// parser is asked for text only there, so a large `system-out` is never assembled as text (a CDATA section
// is: the parser builds it whatever the handler, and it is dropped here).
import type { SaxesTagPlain } from 'saxes';
import type { TestCase, TestStatus } from '../core/test-results.ts';
import { type CaseBudget, ReportProblem } from './limits.ts';

const MAX_NAME = 1000;
const MAX_MESSAGE = 1000;
const MAX_FILE = 4096;
const MAX_LINE = 10_000_000;
/** The most distinct suite, class and file names shared between cases (each kept once). */
const MAX_SHARED = 10_000;
/**
 * The most failure texts one report keeps. What shows them, the summary (50 failed tests a step) and the
 * check run's annotations (50 in all), takes the first failures in report order; beyond these a case keeps
 * its message's first line, which the `failed-tests` output and the log name, so that a report of 10,000
 * failures holds 100 stack traces, not 10,000.
 */
export const MAX_FAILURE_TEXTS = 100;

/** What an element inside a test case says, by rank: a higher rank decides over a lower one. */
const OUTCOMES: Record<string, { rank: number; status: TestStatus; flaky?: boolean }> = {
  failure: { rank: 4, status: 'failed' },
  error: { rank: 4, status: 'errored' },
  rerunFailure: { rank: 3, status: 'failed' },
  rerunError: { rank: 3, status: 'errored' },
  flakyFailure: { rank: 2, status: 'passed', flaky: true },
  flakyError: { rank: 2, status: 'passed', flaky: true },
  skipped: { rank: 1, status: 'skipped' },
};

interface Suite {
  name: string;
  file?: string;
  /** pytest's suite, whose `line` is 0-based. */
  zeroBasedLines: boolean;
}

interface OpenCase {
  test: TestCase;
  depth: number;
  rank: number;
  /** Whether the text of the element that decided the status is being collected. */
  collecting: boolean;
  text: string;
}

export interface JunitOptions {
  cases: CaseBudget;
  maxTextBytes: number;
  maxDepth: number;
  /** Turns the parser's text events on (with the handler) or off (undefined). */
  wantText: (handler: ((text: string) => void) | undefined) => void;
}

/**
 * A copy of the text that holds nothing else: the parser's strings are slices of the chunk they came
 * from, and keeping a 20-character name would otherwise keep its whole 64 KiB chunk (all of a 50 MiB
 * report, over 100,000 cases).
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function cut(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  return detached(text.length > max ? text.slice(0, max) : text);
}

/** At most `max` bytes of the text in UTF-8, cut between characters. */
function cutUtf8(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  let end = Math.min(max, bytes.length);
  while (end > 0 && end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

function firstLineOf(text: string): string | undefined {
  const line = text
    .trimStart()
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/, 1)[0]
    ?.trim();
  return line === undefined || line === '' ? undefined : cut(line, MAX_MESSAGE);
}

function lineOf(value: string | undefined, zeroBased: boolean): number | undefined {
  if (value === undefined || !/^\s*\d{1,8}\s*$/.test(value)) return undefined;
  const line = Number(value) + (zeroBased ? 1 : 0);
  return line >= 1 && line <= MAX_LINE ? line : undefined;
}

export class JunitCollector {
  readonly cases: TestCase[] = [];
  suites = 0;
  #depth = 0;
  #rooted = false;
  readonly #suites: Suite[] = [];
  #open: OpenCase | undefined;
  readonly #options: JunitOptions;
  readonly #onText = (text: string): void => this.text(text);
  /** Suite, class and file names, which thousands of cases repeat, kept once each. */
  readonly #shared = new Map<string, string>();
  /** Failure texts kept so far (MAX_FAILURE_TEXTS). */
  #texts = 0;

  constructor(options: JunitOptions) {
    this.#options = options;
  }

  /** Whether the root element has opened: before it, a DTD could still come. */
  get rooted(): boolean {
    return this.#rooted;
  }

  open(tag: SaxesTagPlain): void {
    this.#depth += 1;
    if (this.#depth > this.#options.maxDepth) {
      throw new ReportProblem(`it nests elements more than ${this.#options.maxDepth} deep`);
    }
    if (!this.#rooted) {
      this.#rooted = true;
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite') {
        throw new ReportProblem(`it is not a JUnit report: its root is <${tag.name.slice(0, 40)}>`);
      }
    }
    const attributes = tag.attributes;
    const open = this.#open;
    if (open !== undefined) return this.#inCase(open, tag.name, attributes);
    if (tag.name === 'testsuites' && this.#depth === 1) {
      if (attributes.name === 'pytest tests') this.#suites.push({ name: '', zeroBasedLines: true });
    } else if (tag.name === 'testsuite') this.#suite(attributes);
    else if (tag.name === 'testcase') this.#case(attributes);
  }

  close(tag: SaxesTagPlain): void {
    const open = this.#open;
    if (open?.collecting === true && this.#depth === open.depth + 1) {
      open.collecting = false;
      this.#options.wantText(undefined);
    }
    if (open !== undefined && this.#depth === open.depth) this.#endCase(open);
    else if (open === undefined && tag.name === 'testsuite') this.#suites.pop();
    this.#depth -= 1;
  }

  #share(text: string | undefined, max: number): string | undefined {
    if (text === undefined) return undefined;
    const known = this.#shared.get(text);
    if (known !== undefined) return known;
    const copy = cut(text, max)!;
    if (this.#shared.size < MAX_SHARED) this.#shared.set(copy, copy);
    return copy;
  }

  #suite(attributes: Record<string, string>): void {
    this.suites += 1;
    const outer = this.#suites.at(-1);
    const name = this.#share(attributes.name, MAX_NAME) ?? outer?.name ?? '';
    const file = this.#share(attributes.file, MAX_FILE) ?? outer?.file;
    const zeroBasedLines = (outer?.zeroBasedLines ?? false) || attributes.name === 'pytest';
    this.#suites.push({ name, zeroBasedLines, ...(file === undefined ? {} : { file }) });
  }

  #case(attributes: Record<string, string>): void {
    const suite = this.#suites.at(-1);
    const classname = this.#share(attributes.classname, MAX_NAME);
    const test: TestCase = {
      suite: suite?.name || classname || '',
      name: cut(attributes.name, MAX_NAME) ?? '',
      status: 'passed',
      flaky: false,
    };
    if (classname !== undefined) test.classname = classname;
    const file = attributes.file === undefined ? suite?.file : this.#share(attributes.file, MAX_FILE);
    if (file !== undefined && file !== '') test.file = file;
    const line = lineOf(attributes.line, suite?.zeroBasedLines ?? false);
    if (line !== undefined) test.line = line;
    this.#open = { test, depth: this.#depth, rank: 0, collecting: false, text: '' };
  }

  /** An element inside a test case: an outcome directly under it, or anything else (ignored). */
  #inCase(open: OpenCase, name: string, attributes: Record<string, string>): void {
    const outcome = OUTCOMES[name];
    if (outcome === undefined || this.#depth !== open.depth + 1 || outcome.rank <= open.rank) return;
    const { test } = open;
    open.rank = outcome.rank;
    test.status = outcome.status;
    test.flaky = outcome.flaky === true;
    const message = attributes.message === undefined ? undefined : firstLineOf(attributes.message);
    if (message === undefined) delete test.message;
    else test.message = message;
    open.text = '';
    delete test.text;
    // A skip's reason is its message; its text is not collected. Past MAX_FAILURE_TEXTS, a text is read
    // only for the first line of a failure that has no message.
    if (outcome.status !== 'skipped' && (this.#texts < MAX_FAILURE_TEXTS || message === undefined)) {
      open.collecting = true;
      this.#options.wantText(this.#onText);
    }
  }

  /** Text or CDATA: kept while collecting, up to the cap in characters (cut to bytes at the end). */
  text(text: string): void {
    const open = this.#open;
    if (open?.collecting !== true) return;
    const room = this.#options.maxTextBytes + 1 - open.text.length;
    if (room > 0) open.text += text.slice(0, room);
  }

  #endCase(open: OpenCase): void {
    this.#open = undefined;
    const { test } = open;
    const text = open.text.trim();
    if (text !== '') {
      test.message ??= firstLineOf(text);
      if (this.#texts < MAX_FAILURE_TEXTS) {
        test.text = cutUtf8(text, this.#options.maxTextBytes);
        this.#texts += 1;
      }
    }
    if (!this.#options.cases.take()) {
      throw new ReportProblem(
        `the target's reports hold more than ${this.#options.cases.max.toLocaleString('en-US')} test cases; the rest were not read`,
        true,
      );
    }
    this.cases.push(test);
  }
}
