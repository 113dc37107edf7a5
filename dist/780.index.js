export const id = 780;
export const ids = [780];
export const modules = {

/***/ 2780:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createArtifactsSink: () => (/* binding */ createArtifactsSink),
  writeArtifactOutputs: () => (/* binding */ writeArtifactOutputs)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
// EXTERNAL MODULE: ./src/core/artifacts/facts.ts
var artifacts_facts = __webpack_require__(7396);
// EXTERNAL MODULE: ./src/core/test-results.ts
var test_results = __webpack_require__(6576);
;// CONCATENATED MODULE: ./src/core/sinks/test-reports.ts
// The test reports a target's archives held, as the artifacts sink hands them on: per step, the reports of
// the attempt that counts; one log line per step that had any (`12 tests, 2 failed: suite › name, …`), a
// warning for each report skipped or cut, and one when no report matched in any step.


/** The failed tests a log line names before it says how many more. */
const NAMED = 3;
function testFacts(reads, label, log) {
    const steps = [...reads]
        .filter((read) => read.reports !== undefined && read.reports.length > 0)
        .sort((one, other) => one.order - other.order)
        .map((read) => (0,test_results/* stepReports */.ql)(label, read.step, read.reports));
    for (const reports of steps) {
        for (const report of reports.reports)
            if (report.warning)
                log.warning((0,safety/* sanitizeLine */.g$)(report.warning, { maxLength: 500 }));
        log.info(`${(0,safety/* sanitizeLine */.g$)(reports.step, { maxLength: 100 })}: ${testsLine(reports)}`);
    }
    if (steps.length === 0)
        log.warning('No test report matched `test-reports` in the archives of any step.');
    return { steps };
}
/** `12 tests, 2 failed: suite › name, suite › name` (errored counted with failed). */
function testsLine({ failed: failing, counts }) {
    const parts = [`${counts.total} test${counts.total === 1 ? '' : 's'}`];
    if (failing.length > 0)
        parts.push(`${failing.length} failed`);
    if (counts.skipped > 0)
        parts.push(`${counts.skipped} skipped`);
    if (counts.flaky > 0)
        parts.push(`${counts.flaky} flaky`);
    const named = failing
        .slice(0, NAMED)
        .map((test) => `${(0,safety/* sanitizeLine */.g$)(test.suite, { maxLength: 80 })} › ${(0,safety/* sanitizeLine */.g$)(test.name, { maxLength: 120 })}`);
    const more = failing.length > NAMED ? `, and ${failing.length - NAMED} more` : '';
    return `${parts.join(', ')}${named.length > 0 ? `: ${named.join(', ')}${more}` : ''}`;
}

;// CONCATENATED MODULE: ./src/core/artifacts/throughput.ts
// Whether a download is too slow to go on: the bytes that came over the last window of time spent waiting
// for bytes, against a floor. Only the waiting counts: while the consumer holds a chunk (a disk that is
// slow, a queue for the shared budget), the server is not to blame, and the clock of the meter stops.
class Throughput {
    #minBytesPerSecond;
    #windowMs;
    /** Waiting time (ms) before the current wait, and when the current wait began. */
    #waited = 0;
    #since;
    #bytes = 0;
    /** (waiting time, bytes so far) at each check, oldest first; the first is at or before one window ago. */
    #samples = [];
    constructor(minBytesPerSecond, windowMs) {
        this.#minBytesPerSecond = minBytesPerSecond;
        this.#windowMs = windowMs;
    }
    /** The download begins: the first window starts now. */
    start() {
        this.#waited = 0;
        this.#since = undefined;
        this.#bytes = 0;
        this.#samples = [{ at: 0, bytes: 0 }];
    }
    /** The download waits for bytes from now on. */
    waiting(now) {
        this.#since ??= now;
    }
    /** `bytes` came at `now`, and the consumer has them: the waiting stops until `waiting` again. */
    got(bytes, now) {
        this.#waited = this.#elapsed(now);
        this.#since = undefined;
        this.#bytes += bytes;
    }
    /** Whether the bytes of the last whole window came slower than the floor. */
    tooSlow(now) {
        const at = this.#elapsed(now);
        const samples = this.#samples;
        if (samples.length === 0)
            return false;
        if (samples.at(-1).at < at)
            samples.push({ at, bytes: this.#bytes });
        // The base is the newest sample at or before one window ago.
        while (samples.length > 1 && samples[1].at <= at - this.#windowMs)
            samples.shift();
        const base = samples[0];
        const span = at - base.at;
        if (span < this.#windowMs)
            return false;
        return (this.#bytes - base.bytes) * 1000 < this.#minBytesPerSecond * span;
    }
    #elapsed(now) {
        return this.#waited + (this.#since !== undefined ? Math.max(0, now - this.#since) : 0);
    }
}

;// CONCATENATED MODULE: ./src/core/artifacts/source.ts


const ARTIFACT_READ_LIMITS = Object.freeze({
    resumes: 3,
    notYetMs: 30_000,
    minBytesPerSecond: 64 * 1024,
    windowMs: 30_000,
    checkEveryMs: 1000,
});
/** Waits between reads of an archive not there yet: 1 s, doubling, at most 8 s. */
const NOT_YET_FIRST_MS = 1000;
const NOT_YET_MAX_MS = 8000;
const START_OVER_WORDS = {
    'range-ignored': 'the server does not serve the rest of it from an offset',
    'no-validator': 'the server gave no ETag or Last-Modified to resume it by',
    changed: 'the archive changed on the server',
};
class StartOver extends Error {
    name = 'StartOver';
    reason;
    constructor(reason, at) {
        super(`The archive's read was cut after ${at} bytes and cannot go on: ${START_OVER_WORDS[reason]}.`);
        this.reason = reason;
    }
}
class ArtifactUnavailable extends Error {
    name = 'ArtifactUnavailable';
    reason;
    constructor(reason, message, cause) {
        super(message, cause !== undefined ? { cause } : undefined);
        this.reason = reason;
    }
}
/** Failures of a read that another read may get past: a lost connection, a stall, a server's hiccup. */
const CUT = new Set(['no-answer', 'transient', 'throttled']);
/**
 * The bytes of the archive at `artifactsUrl`, in order, each once. Throws StartOver when a cut read
 * cannot go on, ArtifactUnavailable when there is nothing (more) to read, the client's error when a read
 * fails otherwise (a refused URL is `url-refused`). Once the caller's signal has aborted, whatever it
 * throws says only that. Breaking out of the loop ends the read in flight.
 */
function artifactBytes(api, artifactsUrl, options) {
    return new ArchiveRead(api, artifactsUrl, options).bytes();
}
class ArchiveRead {
    #api;
    #url;
    #options;
    #limits;
    #meter;
    /** Ends the read in flight: its answer is not wanted, it is too slow, or the consumer has stopped. */
    #current;
    #watching = new AbortController();
    #tooSlow = false;
    #offset = 0;
    #resumes = 0;
    constructor(api, url, options) {
        this.#api = api;
        this.#url = url;
        this.#options = options;
        this.#limits = { ...ARTIFACT_READ_LIMITS, ...options.limits };
        this.#meter = new Throughput(this.#limits.minBytesPerSecond, this.#limits.windowMs);
    }
    async *bytes() {
        try {
            let read = await firstRead((from) => this.#open(from), this.#options, this.#limits);
            const { validator, length } = read;
            if (length !== undefined)
                this.#options.onLength?.(length);
            this.#meter.start();
            void this.#watch();
            for (;;) {
                const failure = yield* this.#drain(read.body);
                const stop = this.#stopped(failure);
                if (stop !== undefined)
                    throw stop;
                if (failure === undefined && (length === undefined || this.#offset >= length))
                    return;
                if (failure !== undefined && !CUT.has((0,errors/* failureOf */.g5)(failure)))
                    throw failure;
                // Cut short, by a failure or by a body that ended before its length.
                read = await this.#resume(validator, length);
            }
        }
        finally {
            this.#watching.abort();
            this.#current?.abort();
        }
    }
    /** Hands out a body's bytes; what it failed with, if it did. */
    async *#drain(body) {
        const { clock } = this.#options;
        try {
            const iterator = body[Symbol.asyncIterator]();
            try {
                for (;;) {
                    this.#meter.waiting(clock.now());
                    const next = await iterator.next();
                    this.#meter.got(next.done ? 0 : next.value.length, clock.now());
                    if (next.done)
                        return undefined;
                    this.#offset += next.value.length;
                    yield next.value;
                }
            }
            finally {
                await iterator.return?.();
            }
        }
        catch (err) {
            return err;
        }
    }
    #open(from) {
        const { signal } = this.#options;
        this.#current = new AbortController();
        const own = this.#current.signal;
        return this.#api.readArtifact(this.#url, from, { signal: signal ? AbortSignal.any([signal, own]) : own });
    }
    /** What to throw when the read was stopped (by the caller, or for being too slow) rather than failed. */
    #stopped(failure) {
        if (this.#options.signal?.aborted)
            return failure ?? this.#options.signal.reason;
        if (!this.#tooSlow)
            return undefined;
        const { minBytesPerSecond, windowMs } = this.#limits;
        return new ArtifactUnavailable('too-slow', `The archive came slower than ${minBytesPerSecond / 1024} KiB/s over ${windowMs / 1000} s; the read was stopped.`);
    }
    async #watch() {
        const { sleep, clock } = this.#options;
        try {
            for (;;) {
                await sleep(this.#limits.checkEveryMs, this.#watching.signal);
                if (this.#meter.tooSlow(clock.now())) {
                    this.#tooSlow = true;
                    this.#current?.abort();
                    return;
                }
            }
        }
        catch {
            // Stopped: the archive is read, or the read ended otherwise.
        }
    }
    /** A read of the rest from the byte after the last one handed out, of the same version. */
    async #resume(validator, length) {
        for (;;) {
            if (this.#resumes === this.#limits.resumes) {
                throw new ArtifactUnavailable('cut', `The archive's read was cut ${this.#resumes + 1} times; the last time after ${this.#offset} bytes.`);
            }
            // Nothing handed out yet: any version will do.
            if (validator === undefined && this.#offset > 0)
                throw new StartOver('no-validator', this.#offset);
            this.#resumes += 1;
            this.#options.debug?.(`artifacts: resuming the archive at byte ${this.#offset} (resume ${this.#resumes} of ${this.#limits.resumes})`);
            this.#meter.waiting(this.#options.clock.now());
            let answer;
            try {
                answer = await this.#open({
                    offset: this.#offset,
                    ...(validator !== undefined ? { validator } : {}),
                });
            }
            catch (err) {
                const stop = this.#stopped(err);
                if (stop !== undefined)
                    throw stop;
                if (CUT.has((0,errors/* failureOf */.g5)(err)))
                    continue;
                throw err;
            }
            return resumed(answer, this.#offset, validator, length, () => this.#current?.abort());
        }
    }
}
/** The first read, tried again while the archive is not there yet and the step finished lately. */
async function firstRead(open, options, limits) {
    const { clock } = options;
    const now = clock.now();
    const until = Math.min(options.finishedAt ?? now, now) + limits.notYetMs;
    let wait = NOT_YET_FIRST_MS;
    for (;;) {
        const answer = await open(undefined);
        if (answer.kind === 'whole')
            return answer;
        if (answer.kind === 'partial') {
            if (answer.start === 0)
                return answer;
            throw new ArtifactUnavailable('unusable', 'The server answered a read of the archive with a part of it.');
        }
        if (answer.kind === 'gone')
            throw new ArtifactUnavailable('gone', 'The server says the archive is gone.');
        const left = until - clock.now();
        if (left <= 0) {
            throw new ArtifactUnavailable('gone', `The server has no archive, ${limits.notYetMs / 1000} s after the step finished.`);
        }
        options.debug?.(`artifacts: the archive is not there yet; trying again in ${Math.min(wait, left)} ms`);
        await options.sleep(Math.min(wait, left), options.signal);
        wait = Math.min(wait * 2, NOT_YET_MAX_MS);
    }
}
/** Whether two answers name the same version of the archive, as far as both say. */
function sameVersion(first, later) {
    if (first === undefined || later === undefined)
        return true;
    if (first.etag !== undefined && later.etag !== undefined)
        return first.etag === later.etag;
    if (first.lastModified !== undefined && later.lastModified !== undefined) {
        return Date.parse(first.lastModified) === Date.parse(later.lastModified);
    }
    return true;
}
/** The answer to a resumed read, if it is the rest of the same version; `discard` ends one that is not. */
function resumed(answer, offset, version, length, discard) {
    if (answer.kind === 'not-yet' || answer.kind === 'gone') {
        throw new ArtifactUnavailable('gone', `The archive was gone when its read was resumed at byte ${offset}.`);
    }
    const changed = !sameVersion(version, answer.validator) ||
        (length !== undefined && answer.length !== undefined && answer.length !== length);
    if (answer.kind === 'partial' && answer.start === offset && !changed)
        return answer;
    // Cut before its first byte: the whole archive is the rest.
    if (answer.kind === 'whole' && offset === 0 && !changed)
        return answer;
    discard();
    throw new StartOver(changed ? 'changed' : 'range-ignored', offset);
}

// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
;// CONCATENATED MODULE: ./src/core/sinks/download-progress.ts


const EVERY_MS = 1000;
class DownloadProgress {
    #clock;
    #say;
    #reading = new Set();
    #saidAt = Number.NEGATIVE_INFINITY;
    /** A line is on show, to be taken away (`say(undefined)`) once no read is left. */
    #showing = false;
    /** `say(undefined)` takes the line away: the reads it spoke of are over. */
    constructor(clock, say) {
        this.#clock = clock;
        this.#say = say;
    }
    /** A read begins; `name` is how the line names it (`step 3 "store"`). */
    begin(name) {
        const reading = { name, bytes: 0 };
        this.#reading.add(reading);
        const answered = () => void (reading.startedAt ??= this.#clock.now());
        return {
            length: (bytes) => {
                answered();
                reading.length = bytes;
            },
            got: (bytes) => {
                answered();
                reading.bytes += bytes;
                const now = this.#clock.now();
                if (now - this.#saidAt >= EVERY_MS)
                    this.#draw(now);
            },
            end: () => {
                this.#reading.delete(reading);
                // The line never speaks of a read that is over: it is drawn again without it, or taken away.
                if (this.#showing)
                    this.#draw(this.#clock.now());
            },
        };
    }
    #draw(now) {
        const long = [...this.#reading].filter((reading) => reading.startedAt !== undefined && now - reading.startedAt >= EVERY_MS);
        if (long.length === 0) {
            if (this.#showing)
                this.#say(undefined);
            this.#showing = false;
            return;
        }
        this.#saidAt = now;
        this.#showing = true;
        this.#say(`Reading artifacts: ${long.map(describe).join(' · ')}`);
    }
}
function describe({ name, bytes, length }) {
    const shown = (0,safety/* sanitizeLine */.g$)(name, { maxLength: 100 });
    if (length === undefined || length <= 0)
        return `${shown} ${(0,format/* formatBytes */.z3)(bytes)}`;
    const percent = Math.min(100, Math.floor((bytes * 100) / length));
    return `${shown} ${(0,format/* formatBytes */.z3)(bytes)} of ${(0,format/* formatBytes */.z3)(length)} (${percent}%)`;
}

;// CONCATENATED MODULE: ./src/core/remote-outputs.ts
// Remote outputs: values a step of the remote run leaves in its archive (`outputs-file`), handed to later
// jobs as data, never as commands. The grammar is that of `env-vars` (src/core/env-vars.ts): `KEY=VALUE`,
// `KEY<<DELIMITER` blocks and `#` comments, no quote removal and no expansion; or, when the first non-blank
// character is `{`, a JSON object of strings. Unlike `env-vars`, the text is the server's: nothing in it is
// an error that stops anything. What cannot be read is dropped and counted, for one warning per target, and
// no message ever repeats a value.
//
// Keys are `[A-Za-z_][A-Za-z0-9_]*` and go into a null-prototype object; `__proto__`, `constructor` and
// `prototype` are refused all the same, so the object is safe wherever it is spread or looked up. Per target
// at most 100 keys and 64 KiB (keys and values, UTF-8) are kept; steps are added in order, a later value
// replacing an earlier one.
const MAX_REMOTE_KEYS = 100;
const MAX_REMOTE_BYTES = 64 * 1024;
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
function emptyRemoteOutputs() {
    return { values: Object.create(null), dropped: 0 };
}
function goodKey(key) {
    return KEY.test(key) && !REFUSED_KEYS.has(key);
}
/** The key and value pairs of one outputs file, in order, with a count of what could not be read. */
function parseRemoteOutputs(text) {
    return text.trimStart().startsWith('{') ? parseJson(text) : parseLines(text);
}
function parseLines(text) {
    const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const pairs = [];
    let dropped = 0;
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i] ?? '';
        const content = line.trim();
        if (content === '' || content.startsWith('#'))
            continue;
        const equals = line.indexOf('=');
        const heredoc = line.indexOf('<<');
        if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
            const key = line.slice(0, equals).trim();
            if (goodKey(key))
                pairs.push([key, line.slice(equals + 1)]);
            else
                dropped += 1;
            continue;
        }
        if (heredoc < 0) {
            dropped += 1;
            continue;
        }
        const key = line.slice(0, heredoc).trim();
        const delimiter = line.slice(heredoc + 2).trim();
        const end = delimiter === '' ? -1 : lines.findIndex((candidate, j) => j > i && candidate.trimEnd() === delimiter);
        if (end < 0) {
            // An unclosed block would swallow every line after it: it and they are dropped as one.
            dropped += 1;
            break;
        }
        if (goodKey(key))
            pairs.push([key, lines.slice(i + 1, end).join('\n')]);
        else
            dropped += 1;
        i = end;
    }
    return { pairs, dropped };
}
function parseJson(text) {
    let data;
    try {
        data = JSON.parse(text);
    }
    catch {
        return { pairs: [], dropped: 1 };
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data))
        return { pairs: [], dropped: 1 };
    const pairs = [];
    let dropped = 0;
    // JSON.parse makes `__proto__` an own property, so it is seen here and refused like any bad key.
    for (const [key, value] of Object.entries(data)) {
        if (goodKey(key) && typeof value === 'string')
            pairs.push([key, value]);
        else
            dropped += 1;
    }
    return { pairs, dropped };
}
function sizeOf(key, value) {
    return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
}
/**
 * `outputs` with one more step's outputs file added: later values replace earlier ones, and what would pass
 * 100 keys or 64 KiB is dropped and counted. A new object; `outputs` is left as it was.
 */
function addRemoteOutputs(outputs, text) {
    const parsed = parseRemoteOutputs(text);
    const values = Object.assign(Object.create(null), outputs.values);
    let dropped = outputs.dropped + parsed.dropped;
    let keys = Object.keys(values).length;
    let bytes = Object.entries(values).reduce((sum, [key, value]) => sum + sizeOf(key, value), 0);
    for (const [key, value] of parsed.pairs) {
        const before = Object.hasOwn(values, key) ? sizeOf(key, values[key] ?? '') : undefined;
        const after = bytes - (before ?? 0) + sizeOf(key, value);
        if ((before === undefined && keys >= MAX_REMOTE_KEYS) || after > MAX_REMOTE_BYTES) {
            dropped += 1;
            continue;
        }
        if (before === undefined)
            keys += 1;
        values[key] = value;
        bytes = after;
    }
    return { values, dropped };
}

;// CONCATENATED MODULE: ./src/core/sinks/artifacts-sink.ts









/** Reads of one target's archives at once. */
const AT_ONCE = 4;
/** Fresh starts of one archive whose read could not be resumed. */
const START_OVERS = 2;
function createArtifactsSink(options) {
    const { settings, log } = options;
    const label = options.label ?? '';
    const wanted = (name) => writesStep(settings, name);
    let attempt = 1;
    let attemptStop = new AbortController();
    let pending = [];
    let discarding = Promise.resolve();
    const slots = new Slots(AT_ONCE);
    const progress = options.progress ? new DownloadProgress(options.clock, options.progress) : undefined;
    const readers = settings.testReports.length > 0 ? options.files.testReports?.forTarget() : undefined;
    const stepFinished = (step, signal) => {
        const write = wanted(step.name);
        if (!write && settings.outputsFile === undefined && readers === undefined)
            return;
        if (!step.artifactsUrl) {
            if (write)
                pending.push(Promise.resolve(noneEntry(step, label, attempt)));
            return;
        }
        const stop = AbortSignal.any([signal ?? options.cancel, attemptStop.signal]);
        const reading = { step, attempt, label, write };
        pending.push(discarding.then(() => readArchive(options, slots, reading, stop, readers, progress)));
    };
    return {
        triggered(info) {
            if (info.attempt === attempt)
                return;
            // A retry: the attempt that decides is kept; the reads of the one before stop, and what it stored goes.
            attempt = info.attempt;
            attemptStop.abort(new Error('a new attempt was triggered'));
            attemptStop = new AbortController();
            const before = pending;
            pending = [];
            // The new attempt's reads wait for this, so a folder it stores is never the one removed.
            discarding = Promise.all(before)
                .then((entries) => Promise.all(entries.flatMap((entry) => (entry.folder ? [options.files.discard(entry.folder)] : []))))
                .then(() => undefined, () => undefined);
        },
        stepFinished: async (step, _steps, _runFinished, signal) => stepFinished(step, signal),
        async settling(final) {
            const done = await Promise.all(pending);
            // Said now, in step order and outside any step's group, rather than as each read ends.
            for (const entry of [...done].sort((one, other) => one.order - other.order)) {
                if (wanted(entry.step))
                    report(entry, log, options.files.root);
            }
            const facts = factsOf(done, settings, options.files.root, final.steps);
            options.facts.artifacts = facts;
            if (readers)
                options.facts.tests = testFacts(done, label, log);
            warnMissing(facts, settings, log);
            if (facts.remoteOutputs && facts.remoteOutputs.dropped > 0) {
                log.warning(`${facts.remoteOutputs.dropped} entries of ${settings.outputsFile} were dropped: unreadable, a refused key, or past 100 keys or 64 KiB.`);
            }
            if (options.outputs)
                writeArtifactOutputs(options.outputs, facts, options.facts.tests);
        },
    };
}
/** One step's archive, read and stored (or only read) in its turn among the target's reads. */
async function readArchive(options, slots, { step, attempt, label, write }, signal, readers, progress) {
    const base = { target: label, order: step.order, step: step.name, attempt, files: 0, bytes: 0 };
    try {
        await slots.take(signal);
    }
    catch (error) {
        return { ...base, ...failedEntry(error, signal) };
    }
    try {
        for (let start = 0;; start++) {
            const download = progress?.begin(`step ${step.order} ${JSON.stringify(step.name)}`);
            try {
                const bytes = artifactBytes(options.client, step.artifactsUrl, {
                    clock: options.clock,
                    sleep: options.sleep,
                    signal,
                    ...(step.finishedAt ? { finishedAt: step.finishedAt.getTime() } : {}),
                    ...(download ? { onLength: (length) => download.length(length) } : {}),
                });
                const source = download ? counted(bytes, download) : bytes;
                const reports = [];
                const onEntry = readers
                    ? (path) => {
                        const reader = readers(path);
                        if (reader)
                            reports.push(reader);
                        return reader;
                    }
                    : undefined;
                const stored = await options.files.store(source, placeOf(step, options.label), {
                    write,
                    signal,
                    ...(onEntry ? { onEntry } : {}),
                });
                return {
                    ...base,
                    ...entryOf(stored),
                    ...(stored.outputsText !== undefined ? { outputsText: stored.outputsText } : {}),
                    ...(reports.length > 0 ? { reports: reports.map((reader) => reader.result()) } : {}),
                };
            }
            catch (error) {
                // A read that could not go on where it was cut starts again, in a fresh temporary folder.
                if (error instanceof StartOver && start < START_OVERS)
                    continue;
                return { ...base, ...failedEntry(error, signal) };
            }
            finally {
                download?.end();
            }
        }
    }
    finally {
        slots.give();
    }
}
/** The archive's bytes as they are handed on, counted for the progress line. */
async function* counted(bytes, download) {
    for await (const chunk of bytes) {
        download.got(chunk.length);
        yield chunk;
    }
}
/** Whether a step's artifacts are written (`artifacts` names it, or is `all`), not only read. */
function writesStep(settings, name) {
    return settings.steps === 'all' || (settings.steps !== 'none' && settings.steps.includes(name));
}
/** The three outputs of one target's artifacts. */
function writeArtifactOutputs(outputs, facts, tests) {
    outputs.set('artifacts-path', facts.root);
    outputs.set('artifacts', JSON.stringify((0,artifacts_facts/* artifactsOutput */.Z)(facts.entries)));
    outputs.set('remote-outputs', JSON.stringify(facts.remoteOutputs?.values ?? {}));
    if (tests) {
        outputs.set('tests', JSON.stringify((0,test_results/* testsOutput */.Jz)(tests.steps)));
        outputs.set('failed-tests', JSON.stringify((0,test_results/* failedTestsOutput */.U7)(tests.steps)));
    }
}
function placeOf(step, label) {
    return { order: step.order, step: step.name, ...(label !== undefined ? { label } : {}) };
}
function entryOf(stored) {
    return {
        status: stored.status,
        ...(stored.folder !== undefined ? { folder: stored.folder } : {}),
        files: stored.files,
        bytes: stored.bytes,
        ...(stored.reason !== undefined ? { reason: stored.reason } : {}),
        skipped: stored.skipped,
        firstSkipped: stored.firstSkipped,
    };
}
function failedEntry(error, signal) {
    if (signal.aborted)
        return { status: 'failed', reason: 'the read was stopped (cancelled, timed out, or a new attempt)' };
    if (error instanceof ArtifactUnavailable || error instanceof StartOver)
        return { status: 'failed', reason: error.message };
    const failure = (0,errors/* describeFailure */.Ic)(error);
    if (failure.word === 'url-refused')
        return { status: 'not-allowed', reason: failure.message };
    return { status: 'failed', reason: (0,safety/* sanitizeLine */.g$)(failure.message, { maxLength: 300 }) };
}
function noneEntry(step, target, attempt) {
    return { target, order: step.order, step: step.name, status: 'none', files: 0, bytes: 0, attempt };
}
/** The log says where each step's artifacts went, or why they did not come. */
function report(entry, log, root) {
    const name = `step ${entry.order} ${JSON.stringify((0,safety/* sanitizeLine */.g$)(entry.step, { maxLength: 100 }))}`;
    if (entry.status === 'stored') {
        const where = (0,safety/* sanitizeLine */.g$)(entry.folder ?? root, { maxLength: 300 });
        log.info(`Artifacts of ${name}: ${entry.files} file${entry.files === 1 ? '' : 's'}, ${(0,format/* formatBytes */.z3)(entry.bytes)}, in ${where}`);
    }
    else if (entry.status !== 'none') {
        log.warning(`Artifacts of ${name} not brought back (${entry.status}): ${(0,safety/* sanitizeLine */.g$)(entry.reason ?? 'no reason given', { maxLength: 300 })}`);
    }
    const skipped = Object.entries(entry.skipped ?? {}).filter(([, count]) => (count ?? 0) > 0);
    if (skipped.length > 0) {
        const total = skipped.reduce((sum, [, count]) => sum + (count ?? 0), 0);
        const reasons = skipped.map(([reason, count]) => `${count} ${reason}`).join(', ');
        const names = (entry.firstSkipped ?? []).map((each) => (0,safety/* sanitizeLine */.g$)(each, { maxLength: 100 })).join(', ');
        log.warning(`Artifacts of ${name}: ${total} entr${total === 1 ? 'y' : 'ies'} skipped (${reasons})${names ? `: ${names}` : ''}.`);
    }
}
function factsOf(done, settings, root, steps) {
    const ordered = [...done].sort((one, other) => one.order - other.order);
    let remote = settings.outputsFile !== undefined ? emptyRemoteOutputs() : undefined;
    for (const entry of ordered)
        if (remote && entry.outputsText !== undefined)
            remote = addRemoteOutputs(remote, entry.outputsText);
    const written = ordered.filter((entry) => writesStep(settings, entry.step));
    const entries = written.map(({ target, order, step, status, folder, files, bytes, attempt, reason }) => ({
        target,
        order,
        step,
        status,
        ...(folder !== undefined ? { folder } : {}),
        files,
        bytes,
        attempt,
        ...(reason !== undefined ? { reason } : {}),
    }));
    const missing = [];
    if (Array.isArray(settings.steps)) {
        for (const name of settings.steps) {
            if (!steps.some((step) => step.name === name)) {
                missing.push(name);
                entries.push({
                    target: written[0]?.target ?? '',
                    order: 0,
                    step: name,
                    status: 'none',
                    files: 0,
                    bytes: 0,
                    attempt: written[0]?.attempt ?? 1,
                    reason: 'the run has no such step',
                });
            }
            else if (entries.some((entry) => entry.step === name && entry.status === 'none'))
                missing.push(name);
        }
    }
    else if (settings.steps === 'all' && !entries.some((entry) => entry.status !== 'none'))
        missing.push('*');
    return { root, entries, ...(remote ? { remoteOutputs: remote } : {}), missing };
}
function warnMissing(facts, settings, log) {
    if (facts.missing.length === 0 || settings.ifNone === 'ignore')
        return;
    const what = facts.missing.includes('*')
        ? 'No step of the run stored artifacts'
        : `Stored no artifacts: ${facts.missing.map((name) => JSON.stringify((0,safety/* sanitizeLine */.g$)(name, { maxLength: 100 }))).join(', ')}`;
    if (settings.ifNone === 'warn')
        log.warning(`${what} (if-no-artifacts: warn).`);
}
/** At most `size` holders at once; a waiter gives up when its signal fires. */
class Slots {
    #free;
    #waiting = [];
    constructor(size) {
        this.#free = size;
    }
    async take(signal) {
        if (this.#free > 0) {
            this.#free -= 1;
            return;
        }
        await new Promise((resolve, reject) => {
            const onAbort = () => reject(signal.reason);
            signal.addEventListener('abort', onAbort, { once: true });
            this.#waiting.push(() => {
                signal.removeEventListener('abort', onAbort);
                resolve();
            });
        });
    }
    give() {
        const next = this.#waiting.shift();
        if (next)
            next();
        else
            this.#free += 1;
    }
}


/***/ })

};
