export const id = 97;
export const ids = [97];
export const modules = {

/***/ 7097:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  testReportsPort: () => (/* reexport */ testReportsPort)
});

// UNUSED EXPORTS: CaseBudget, createReportReader

// EXTERNAL MODULE: ./node_modules/saxes/saxes.js
var saxes = __webpack_require__(9800);
;// CONCATENATED MODULE: ./src/test-reports/limits.ts
// What reading one report may cost, and the count of test cases a target's reports share.
/** The most test cases kept for one target, over all of its reports. */
const MAX_CASES_PER_TARGET = 100_000;
/** Test cases counted over every report of one target: make one per target and hand it to each reader. */
class CaseBudget {
    taken = 0;
    max;
    constructor(max = MAX_CASES_PER_TARGET) {
        this.max = max;
    }
    /** Counts one more case, or answers false when the budget is spent. */
    take() {
        if (this.taken >= this.max)
            return false;
        this.taken += 1;
        return true;
    }
    /** Gives back the cases of a report that was skipped after all. */
    giveBack(count) {
        this.taken = Math.max(0, this.taken - count);
    }
}
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_MAX_TEXT_BYTES = 4 * 1024;
const DEFAULT_MAX_DEPTH = 64;
/** Why a report is skipped or cut short, worded to follow its name. */
class ReportProblem extends Error {
    /** Whether the cases read before the problem still count (the case budget ran out). */
    keepCases;
    constructor(reason, keepCases = false) {
        super(reason);
        this.keepCases = keepCases;
    }
}

;// CONCATENATED MODULE: ./src/test-reports/decoding.ts
// A report's bytes as text, decoded as they stream: UTF-8 (the default, with or without a byte order
// mark), UTF-16 (by its byte order mark, or by how `<?xml` looks in it), or ISO-8859-1 when the XML
// declaration names it. Any other encoding, and bytes that are not valid in the one chosen, are a problem:
// the report is skipped rather than read as something it is not.

/** How much is read before deciding without an XML declaration's end: declarations are short. */
const MAX_HEAD = 1024;
const LATIN1_NAMES = new Set([
    'iso-8859-1',
    'iso8859-1',
    'iso_8859-1',
    'iso-8859-1:1987',
    'latin1',
    'latin-1',
    'l1',
    'cp819',
    'ibm819',
    'iso-ir-100',
]);
const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);
function textDecoding(encoding, label) {
    const decoder = new TextDecoder(encoding, { fatal: true });
    return (bytes, end) => {
        try {
            return decoder.decode(bytes, { stream: !end });
        }
        catch {
            throw new ReportProblem(`it is not valid ${label}`);
        }
    };
}
const latin1 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
function startsWith(head, bytes) {
    return bytes.every((byte, i) => head[i] === byte);
}
/** The encoding an XML declaration at the start of ASCII-compatible bytes names, in lower case. */
function declaredEncoding(head) {
    const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
    const declaration = /^<\?xml\s[^>]*?\?>/.exec(text);
    if (declaration === null)
        return undefined;
    const encoding = /\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._:-]{0,39})\1/.exec(declaration[0]);
    return encoding?.[2]?.toLowerCase();
}
/** The decoding for a report that starts with these bytes, or undefined when more are needed. */
function chooseDecoding(head, complete) {
    if (startsWith(head, [0xef, 0xbb, 0xbf]))
        return textDecoding('utf-8', 'UTF-8');
    if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0x3c, 0x00, 0x3f, 0x00])) {
        return textDecoding('utf-16le', 'UTF-16');
    }
    if (startsWith(head, [0xfe, 0xff]) || startsWith(head, [0x00, 0x3c, 0x00, 0x3f])) {
        return textDecoding('utf-16be', 'UTF-16');
    }
    const xmlStart = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // <?xml
    const couldDeclare = xmlStart.every((byte, i) => i >= head.length || head[i] === byte);
    if (!couldDeclare)
        return textDecoding('utf-8', 'UTF-8');
    const ended = head.indexOf(0x3e) !== -1; // the declaration's `>`
    if (!ended && !complete && head.length < MAX_HEAD)
        return undefined;
    const name = declaredEncoding(head);
    if (name === undefined || UTF8_NAMES.has(name))
        return textDecoding('utf-8', 'UTF-8');
    if (LATIN1_NAMES.has(name))
        return latin1;
    if (name.startsWith('utf-16'))
        throw new ReportProblem(`it declares ${name.toUpperCase()}, yet is not`);
    throw new ReportProblem(`it is encoded in ${JSON.stringify(name)}, and only UTF-8, UTF-16 and ISO-8859-1 are read`);
}
/** Bytes in, text out, chunk by chunk; throws a ReportProblem for an encoding it does not read. */
class ReportDecoder {
    #decode;
    #head = Buffer.alloc(0);
    push(chunk) {
        return this.#feed(chunk, false);
    }
    end() {
        return this.#feed(new Uint8Array(0), true);
    }
    #feed(chunk, end) {
        if (this.#decode !== undefined)
            return this.#decode(chunk, end);
        this.#head = Buffer.concat([this.#head, chunk]);
        // Four bytes tell the byte order marks and UTF-16's `<?`; the declaration needs more.
        if (this.#head.length < 4 && !end)
            return '';
        this.#decode = chooseDecoding(this.#head, end);
        if (this.#decode === undefined)
            return '';
        const head = this.#head;
        this.#head = Buffer.alloc(0);
        return this.#decode(head, end);
    }
}

;// CONCATENATED MODULE: ./src/test-reports/junit.ts

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
const MAX_FAILURE_TEXTS = 100;
/** What an element inside a test case says, by rank: a higher rank decides over a lower one. */
const OUTCOMES = {
    failure: { rank: 4, status: 'failed' },
    error: { rank: 4, status: 'errored' },
    rerunFailure: { rank: 3, status: 'failed' },
    rerunError: { rank: 3, status: 'errored' },
    flakyFailure: { rank: 2, status: 'passed', flaky: true },
    flakyError: { rank: 2, status: 'passed', flaky: true },
    skipped: { rank: 1, status: 'skipped' },
};
/**
 * A copy of the text that holds nothing else: the parser's strings are slices of the chunk they came
 * from, and keeping a 20-character name would otherwise keep its whole 64 KiB chunk (all of a 50 MiB
 * report, over 100,000 cases).
 */
function detached(text) {
    return Buffer.from(text, 'utf8').toString('utf8');
}
function cut(text, max) {
    if (text === undefined)
        return undefined;
    return detached(text.length > max ? text.slice(0, max) : text);
}
/** At most `max` bytes of the text in UTF-8, cut between characters. */
function cutUtf8(text, max) {
    const bytes = Buffer.from(text, 'utf8');
    let end = Math.min(max, bytes.length);
    while (end > 0 && end < bytes.length && (bytes[end] & 0xc0) === 0x80)
        end -= 1;
    return bytes.subarray(0, end).toString('utf8');
}
function firstLineOf(text) {
    const line = text
        .trimStart()
        .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/, 1)[0]
        ?.trim();
    return line === undefined || line === '' ? undefined : cut(line, MAX_MESSAGE);
}
function lineOf(value, zeroBased) {
    if (value === undefined || !/^\s*\d{1,8}\s*$/.test(value))
        return undefined;
    const line = Number(value) + (zeroBased ? 1 : 0);
    return line >= 1 && line <= MAX_LINE ? line : undefined;
}
class JunitCollector {
    cases = [];
    suites = 0;
    #depth = 0;
    #rooted = false;
    #suites = [];
    #open;
    #options;
    #onText = (text) => this.text(text);
    /** Suite, class and file names, which thousands of cases repeat, kept once each. */
    #shared = new Map();
    /** Failure texts kept so far (MAX_FAILURE_TEXTS). */
    #texts = 0;
    constructor(options) {
        this.#options = options;
    }
    /** Whether the root element has opened: before it, a DTD could still come. */
    get rooted() {
        return this.#rooted;
    }
    open(tag) {
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
        if (open !== undefined)
            return this.#inCase(open, tag.name, attributes);
        if (tag.name === 'testsuites' && this.#depth === 1) {
            if (attributes.name === 'pytest tests')
                this.#suites.push({ name: '', zeroBasedLines: true });
        }
        else if (tag.name === 'testsuite')
            this.#suite(attributes);
        else if (tag.name === 'testcase')
            this.#case(attributes);
    }
    close(tag) {
        const open = this.#open;
        if (open?.collecting === true && this.#depth === open.depth + 1) {
            open.collecting = false;
            this.#options.wantText(undefined);
        }
        if (open !== undefined && this.#depth === open.depth)
            this.#endCase(open);
        else if (open === undefined && tag.name === 'testsuite')
            this.#suites.pop();
        this.#depth -= 1;
    }
    #share(text, max) {
        if (text === undefined)
            return undefined;
        const known = this.#shared.get(text);
        if (known !== undefined)
            return known;
        const copy = cut(text, max);
        if (this.#shared.size < MAX_SHARED)
            this.#shared.set(copy, copy);
        return copy;
    }
    #suite(attributes) {
        this.suites += 1;
        const outer = this.#suites.at(-1);
        const name = this.#share(attributes.name, MAX_NAME) ?? outer?.name ?? '';
        const file = this.#share(attributes.file, MAX_FILE) ?? outer?.file;
        const zeroBasedLines = (outer?.zeroBasedLines ?? false) || attributes.name === 'pytest';
        this.#suites.push({ name, zeroBasedLines, ...(file === undefined ? {} : { file }) });
    }
    #case(attributes) {
        const suite = this.#suites.at(-1);
        const classname = this.#share(attributes.classname, MAX_NAME);
        const test = {
            suite: suite?.name || classname || '',
            name: cut(attributes.name, MAX_NAME) ?? '',
            status: 'passed',
            flaky: false,
        };
        if (classname !== undefined)
            test.classname = classname;
        const file = attributes.file === undefined ? suite?.file : this.#share(attributes.file, MAX_FILE);
        if (file !== undefined && file !== '')
            test.file = file;
        const line = lineOf(attributes.line, suite?.zeroBasedLines ?? false);
        if (line !== undefined)
            test.line = line;
        this.#open = { test, depth: this.#depth, rank: 0, collecting: false, text: '' };
    }
    /** An element inside a test case: an outcome directly under it, or anything else (ignored). */
    #inCase(open, name, attributes) {
        const outcome = OUTCOMES[name];
        if (outcome === undefined || this.#depth !== open.depth + 1 || outcome.rank <= open.rank)
            return;
        const { test } = open;
        open.rank = outcome.rank;
        test.status = outcome.status;
        test.flaky = outcome.flaky === true;
        const message = attributes.message === undefined ? undefined : firstLineOf(attributes.message);
        if (message === undefined)
            delete test.message;
        else
            test.message = message;
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
    text(text) {
        const open = this.#open;
        if (open?.collecting !== true)
            return;
        const room = this.#options.maxTextBytes + 1 - open.text.length;
        if (room > 0)
            open.text += text.slice(0, room);
    }
    #endCase(open) {
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
            throw new ReportProblem(`the target's reports hold more than ${this.#options.cases.max.toLocaleString('en-US')} test cases; the rest were not read`, true);
        }
        this.cases.push(test);
    }
}

;// CONCATENATED MODULE: ./src/test-reports/reader.ts
// One report read as it streams out of an archive: bytes counted against the cap, decoded, checked for a
// DTD before the parser sees one, and fed to a SAX parser chunk by chunk. Nothing is ever expanded: a
// report that declares a DTD (where entities are declared: "billion laughs") is skipped before the parser
// reads the declaration, and an entity that is not one of XML's five stays as written. A problem skips the
// report with a warning naming it; it never throws out of the reader.




/** The parser's complaints that leave a report readable: characters XML 1.0 does not allow, an unknown entity. */
const TOLERATED = /(?:disallowed character|undefined entity|malformed character entity)/;
/** Where a DTD starts: looked for in the text before the root element, across chunk boundaries. */
const DTD = /<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)/;
const DTD_CARRY = 9;
function mebibytes(bytes) {
    return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}
function createReportReader(path, limits) {
    const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
    const parser = new saxes/* SaxesParser */.wT({ xmlns: false });
    const collector = new JunitCollector({
        cases: limits.cases,
        maxTextBytes: limits.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES,
        maxDepth: limits.maxDepth ?? DEFAULT_MAX_DEPTH,
        wantText: (handler) => (handler === undefined ? parser.off('text') : parser.on('text', handler)),
    });
    parser.on('opentag', (tag) => collector.open(tag));
    parser.on('closetag', (tag) => collector.close(tag));
    parser.on('cdata', (text) => collector.text(text));
    parser.on('error', (error) => {
        if (!TOLERATED.test(error.message))
            throw new ReportProblem(`it is not well-formed XML (${error.message})`);
    });
    const decoder = new ReportDecoder();
    let bytes = 0;
    let prolog = '';
    let problem;
    // Whatever goes wrong is this report's problem, never the archive's: the reader runs inside the
    // extraction of a step's archive, which must go on.
    const stop = (error) => {
        problem =
            error instanceof ReportProblem
                ? error
                : new ReportProblem(`it could not be read (${error instanceof Error ? error.message : String(error)})`);
        if (!problem.keepCases)
            limits.cases.giveBack(collector.cases.length);
    };
    const feed = (text) => {
        if (!collector.rooted && text !== '') {
            const seen = prolog + text;
            if (DTD.test(seen))
                throw new ReportProblem('it declares a DTD, and reports are read without one');
            prolog = seen.slice(-DTD_CARRY);
        }
        parser.write(text);
    };
    return {
        data(chunk) {
            if (problem !== undefined)
                return;
            try {
                bytes += chunk.byteLength;
                if (bytes > maxBytes)
                    throw new ReportProblem(`it is over ${mebibytes(maxBytes)}`);
                feed(decoder.push(chunk));
            }
            catch (error) {
                stop(error);
            }
        },
        end() {
            if (problem !== undefined)
                return;
            try {
                feed(decoder.end());
                if (!collector.rooted)
                    throw new ReportProblem('it holds no XML element');
                parser.close();
            }
            catch (error) {
                stop(error);
            }
        },
        result() {
            const cases = problem === undefined || problem.keepCases ? collector.cases : [];
            const report = { file: path, suites: collector.suites, cases };
            if (problem !== undefined) {
                const skipped = problem.keepCases ? 'was cut short' : 'was skipped';
                report.warning = `The test report ${path} ${skipped}: ${problem.message}.`;
            }
            return report;
        },
    };
}

// EXTERNAL MODULE: ./src/core/glob.ts
var glob = __webpack_require__(6085);
;// CONCATENATED MODULE: ./src/test-reports/port.ts



function testReportsPort(patterns) {
    const matches = (0,glob/* globMatcher */.fU)(patterns);
    return {
        forTarget() {
            const cases = new CaseBudget();
            return (path) => (matches(path) ? createReportReader(path, { cases }) : undefined);
        },
    };
}

;// CONCATENATED MODULE: ./src/test-reports/index.ts
// The test-report layer: JUnit XML reports read as they stream out of a step's archive. Loaded only by a
// dynamic import, when `test-reports` is set.





/***/ })

};
