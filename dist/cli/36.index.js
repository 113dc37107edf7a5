export const id = 36;
export const ids = [36];
export const modules = {

/***/ 6036:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  openArtifactFiles: () => (/* binding */ openArtifactFiles)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/artifacts/byte-budget.ts
// `artifacts-max-total`: one budget of bytes shared by every download of the step, taken while writing.
// What a download took comes back when its folder is removed (too large, failed, cut), so a failed
// download does not use up room that the others need.
class ByteBudget {
    limit;
    #used = 0;
    constructor(limit) {
        this.limit = limit;
    }
    get used() {
        return this.#used;
    }
    /** Takes `bytes` when they fit, else takes nothing and says false. */
    take(bytes) {
        if (this.#used + bytes > this.limit)
            return false;
        this.#used += bytes;
        return true;
    }
    /** Returns bytes taken earlier (a folder that was removed). */
    give(bytes) {
        this.#used = Math.max(0, this.#used - bytes);
    }
}

;// CONCATENATED MODULE: ./src/artifacts/partials.ts
// The staging folders (`.ci-run-partial-*`) that downloads write into before a folder is complete.


const PARTIAL_PREFIX = '.ci-run-partial-';
/**
 * Removes every staging folder left in the artifacts root (a killed job leaves them; the post step calls
 * this). Returns how many were removed. A root that does not exist, or is not a folder, has none.
 */
async function removeLeftoverPartials(root) {
    const stat = await lstat(root).catch(() => undefined);
    if (stat === undefined || !stat.isDirectory())
        return 0;
    const names = (await readdir(root)).filter((name) => name.startsWith(PARTIAL_PREFIX));
    // rm removes a link itself, never what it points at.
    await Promise.all(names.map((name) => rm(join(root, name), { recursive: true, force: true })));
    return names.length;
}

;// CONCATENATED MODULE: ./src/artifacts/folder.ts
// Where artifacts go: the `artifacts-path` root, and a folder in it per step. The root is the job's to
// choose but the repository's to fill: a pull request can commit a symlink where the folder (or a folder
// above it) should be, so every folder from the workspace (or RUNNER_TEMP) down to the root must be a real
// folder, checked one at a time with lstat and made when missing, and the result is checked with realpath.



function inside(base, path) {
    return path === base || path.startsWith(base.endsWith(external_node_path_.sep) ? base : base + external_node_path_.sep);
}
/** The folder `path` must lie in, and the path made absolute; or why it may not be used. */
function placeOf(place) {
    const workspace = (0,external_node_path_.resolve)(place.cwd, place.workspace ?? place.cwd);
    const text = place.path.trim();
    if (text === '')
        return { problem: 'artifacts-path is empty.' };
    const wanted = (0,external_node_path_.isAbsolute)(text) ? (0,external_node_path_.resolve)(text) : (0,external_node_path_.resolve)(workspace, text);
    const bases = [
        workspace,
        ...(place.runnerTemp !== undefined && place.runnerTemp !== '' ? [(0,external_node_path_.resolve)(place.runnerTemp)] : []),
    ];
    const base = bases.find((candidate) => inside(candidate, wanted));
    if (base === undefined) {
        return {
            problem: 'artifacts-path must be inside the workspace or RUNNER_TEMP; write a relative path such as `ci-run-artifacts`.',
        };
    }
    return { base, wanted };
}
/** What is wrong with `artifacts-path` by its text alone (for the settings), or undefined. */
function artifactsPathProblem(place) {
    const found = placeOf(place);
    return 'problem' in found ? found.problem : undefined;
}
/**
 * The artifacts root as a real absolute folder, made when missing; refused when it, or any folder between
 * the workspace (or RUNNER_TEMP) and it, is a symlink or not a folder.
 */
async function openArtifactsRoot(place) {
    const found = placeOf(place);
    if ('problem' in found)
        return found;
    let current = await (0,promises_.realpath)(found.base);
    const segments = (0,external_node_path_.relative)(found.base, found.wanted)
        .split(external_node_path_.sep)
        .filter((segment) => segment !== '');
    for (const segment of segments) {
        current = (0,external_node_path_.join)(current, segment);
        const problem = await realFolder(current);
        if (problem !== undefined)
            return { problem };
    }
    // Nothing on the way is a link, so the real path is the path: checked once more, as the rule it is.
    if ((await (0,promises_.realpath)(current)) !== current) {
        return { problem: 'artifacts-path does not resolve to itself; a folder on the way is a link.' };
    }
    return { root: current };
}
async function realFolder(path) {
    let stat = await (0,promises_.lstat)(path).catch(() => undefined);
    if (stat === undefined) {
        await (0,promises_.mkdir)(path, { mode: 0o755 }).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
        stat = await (0,promises_.lstat)(path);
    }
    const shown = JSON.stringify(path);
    if (stat.isSymbolicLink()) {
        return `artifacts-path: ${shown} is a symlink, which a commit can point anywhere; use a real folder.`;
    }
    if (!stat.isDirectory())
        return `artifacts-path: ${shown} is not a folder.`;
    return undefined;
}
// Characters no file system of a runner takes in a name, or that would change what the name means: the
// separators, Windows' reserved characters, control and bidirectional characters, the replacement
// character (what undecodable bytes became).
const UNSAFE = new RegExp(String.raw `[\/\\:<>"|?*\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]`, 'g');
const RESERVED = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(?:\s*\.|\s*$)/i;
const MAX_NAME_BYTES = 100;
function cutToBytes(text, maxBytes) {
    let out = '';
    let bytes = 0;
    for (const char of text) {
        const size = Buffer.byteLength(char, 'utf8');
        if (bytes + size > maxBytes)
            break;
        out += char;
        bytes += size;
    }
    return out;
}
/**
 * A label or step name as one folder name every file system takes: unsafe characters become `_`, a leading
 * `.` (hidden, `..`, the staging folders' prefix) and a trailing `.` or space too, a Windows device name gets
 * a `_` in front, and it is at most 100 bytes.
 */
function safeFolderName(text) {
    let name = cutToBytes(text.normalize('NFC').replace(UNSAFE, '_').trim(), MAX_NAME_BYTES);
    name = name.replace(/^\./, '_').replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
    if (RESERVED.test(name))
        name = `_${name}`;
    return name === '' ? '_' : name;
}
/** A step's folder in the root: `<order>-<step name>`, under `<target label>/` when there are several targets. */
function artifactFolder(order, stepName, label) {
    const step = `${order}-${safeFolderName(stepName)}`;
    return label === undefined ? step : `${safeFolderName(label)}/${step}`;
}

;// CONCATENATED MODULE: ./src/artifacts/caps.ts
/** A step's archive passed a cap while streaming. */
class TooLarge extends Error {
    name = 'TooLarge';
}
class StepCaps {
    /** Bytes counted so far. */
    bytes = 0;
    /** Bytes taken from the shared budget, to give back if what was written is removed. */
    taken = 0;
    #maxBytes;
    #budget;
    constructor(maxBytes, budget) {
        this.#maxBytes = maxBytes;
        this.#budget = budget;
    }
    /** Counts `bytes` about to be written; throws TooLarge, taking nothing, when a cap would be passed. */
    take(bytes) {
        if (this.bytes + bytes > this.#maxBytes) {
            throw new TooLarge(`it is larger than artifacts-max-size (${this.#maxBytes.toLocaleString('en-US')} bytes)`);
        }
        const budget = this.#budget;
        if (budget !== undefined) {
            if (!budget.take(bytes)) {
                throw new TooLarge(`the step's artifacts are larger than artifacts-max-total (${budget.limit.toLocaleString('en-US')} bytes)`);
            }
            this.taken += bytes;
        }
        this.bytes += bytes;
    }
    /** Gives back to the shared budget what was taken: what was written is gone again. */
    giveBack() {
        this.#budget?.give(this.taken);
        this.taken = 0;
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./node_modules/tar/dist/esm/parse.js + 10 modules
var parse = __webpack_require__(3979);
;// CONCATENATED MODULE: ./src/artifacts/tar-walk.ts
// A gzipped tar read as it streams: bytes in, one entry at a time out, with backpressure all the way back to
// the source, so memory holds a few chunks whatever the archive's size. gunzip is node:zlib's, which checks
// the gzip trailer (CRC32 and length) at the end; tar's Parser reads the headers (ustar, pax, GNU long
// names) in strict mode, where any damage is an error. An archive is complete only when both its gzip end
// and tar's end blocks were read: a cut body is an error, never a shorter tree.




/** The bytes are not a gzipped tar (checked by their magic bytes). */
class ArchiveRefused extends Error {
    name = 'ArchiveRefused';
}
/** The archive is damaged or cut short. */
class ArchiveDamaged extends Error {
    name = 'ArchiveDamaged';
}
/** The source of the bytes threw: its error, unchanged, is the `cause`. */
class SourceFailed extends Error {
    name = 'SourceFailed';
}
const GZIP_MAGIC = [0x1f, 0x8b, 0x08];
const BLOCK = 512;
const CHUNK = 64 * 1024;
function gzipWords(error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/unexpected end of file/i.test(message))
        return 'the archive is cut short: its gzip end is missing';
    return `the archive is damaged (gzip: ${message})`;
}
function checkTarHead(head) {
    const magic = head.subarray(257, 262).toString('latin1');
    if (magic === 'ustar' || head.subarray(0, BLOCK).every((byte) => byte === 0))
        return;
    throw new ArchiveRefused('it is gzip but not a tar archive');
}
/** Reads `source` as a gzipped tar, handing each entry to `handlers` in order; throws what stopped it. */
async function walkTarGz(source, handlers, signal, maxInflated = Infinity) {
    const gunzip = (0,external_node_zlib_.createGunzip)({ chunkSize: CHUNK });
    const parser = new parse/* Parser */.i({ strict: true, zstd: false, brotli: false });
    const halt = new AbortController();
    let failure;
    const fail = (error) => {
        if (failure !== undefined)
            return;
        failure = { error };
        halt.abort(error);
    };
    let sawEnd = false;
    parser.on('eof', () => void (sawEnd = true));
    parser.on('error', (error) => fail(new ArchiveDamaged(`the archive is damaged (tar: ${words(error)})`)));
    gunzip.on('error', (error) => fail(new ArchiveDamaged(gzipWords(error))));
    parser.on('ignoredEntry', (entry) => {
        if (!entry.meta)
            handlers.ignored(entry);
    });
    let entries = Promise.resolve();
    parser.on('entry', (entry) => {
        entries = entries
            .then(async () => {
            if (failure !== undefined)
                return void entry.resume();
            await handlers.entry(entry, contentOf(entry, halt.signal));
        })
            .catch((error) => {
            fail(error);
            entry.resume();
        });
    });
    const parsed = new Promise((resolve) => parser.on('end', resolve));
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted === true)
        onAbort();
    const whole = async () => {
        await Promise.all([feed(source, gunzip, halt.signal), drain(gunzip, parser, halt.signal, maxInflated)]);
        await parsed;
        await entries;
        if (!sawEnd)
            throw new ArchiveDamaged("the archive is cut short: tar's end blocks are missing");
    };
    try {
        await until(whole(), halt.signal);
    }
    catch (error) {
        fail(error);
    }
    finally {
        signal?.removeEventListener('abort', onAbort);
        gunzip.destroy();
        // Nothing may still be writing when the caller removes the folder.
        await entries;
    }
    if (failure !== undefined)
        throw failure.error;
}
/**
 * `promise`, or the walk's error as soon as it stops. Not Promise.race against one promise that stays
 * pending all along: each race would leave a reaction on it holding its result (a chunk) until the end.
 */
function until(promise, stopped) {
    if (stopped.aborted) {
        promise.catch(() => undefined);
        return Promise.reject(stopped.reason);
    }
    return new Promise((resolve, reject) => {
        const onStop = () => reject(stopped.reason);
        stopped.addEventListener('abort', onStop, { once: true });
        promise.then((value) => {
            stopped.removeEventListener('abort', onStop);
            resolve(value);
        }, (error) => {
            stopped.removeEventListener('abort', onStop);
            reject(error);
        });
    });
}
/** An entry's chunks, ending with the walk's error as soon as the walk stops (data may never come then). */
async function* contentOf(entry, stopped) {
    const iterator = entry[Symbol.asyncIterator]();
    for (;;) {
        const step = await until(iterator.next(), stopped);
        if (step.done === true)
            return;
        yield step.value;
    }
}
function words(error) {
    return error instanceof Error ? error.message : String(error);
}
/** The source into gunzip, checking the gzip magic bytes first. */
async function feed(source, gunzip, stopped) {
    const iterator = source[Symbol.asyncIterator]();
    let head = Buffer.alloc(0);
    let finished = false;
    try {
        for (;;) {
            const next = iterator.next().catch((error) => {
                throw error instanceof SourceFailed
                    ? error
                    : new SourceFailed('the download failed', { cause: error });
            });
            const step = await until(next, stopped);
            if (step.done === true)
                break;
            let chunk = Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
            if (head !== undefined) {
                head = Buffer.concat([head, chunk]);
                if (head.length < GZIP_MAGIC.length)
                    continue;
                if (!GZIP_MAGIC.every((byte, index) => head?.[index] === byte)) {
                    throw new ArchiveRefused('it is not a gzip file');
                }
                chunk = head;
                head = undefined;
            }
            // gunzip inflates only as far as its output is read: a small chunk of a bomb does not fill memory.
            if (!gunzip.write(chunk))
                await until((0,external_node_events_.once)(gunzip, 'drain'), stopped);
        }
        finished = true;
    }
    finally {
        // A source left early (a refusal, a cap, an abort) is closed, so its socket is let go.
        if (!finished)
            void Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
    if (head !== undefined)
        throw new ArchiveRefused(head.length === 0 ? 'it is empty' : 'it is not a gzip file');
    gunzip.end();
}
/**
 * gunzip's output into the tar parser, checking that the first block is a tar header, and that the tar is
 * no longer than `maxInflated`: skipped entries are not written, but inflating them still takes time.
 */
async function drain(gunzip, parser, stopped, maxInflated) {
    let head = Buffer.alloc(0);
    let inflated = 0;
    try {
        for await (const block of gunzip) {
            inflated += block.length;
            if (inflated > maxInflated) {
                throw new TooLarge(`it inflates to more than ${maxInflated.toLocaleString('en-US')} bytes`);
            }
            let data = block;
            if (head !== undefined) {
                head = Buffer.concat([head, block]);
                if (head.length < BLOCK)
                    continue;
                checkTarHead(head);
                data = head;
                head = undefined;
            }
            if (!parser.write(data))
                await until((0,external_node_events_.once)(parser, 'drain'), stopped);
        }
    }
    catch (error) {
        if (error instanceof ArchiveRefused || error instanceof ArchiveDamaged || error instanceof TooLarge)
            throw error;
        throw new ArchiveDamaged(gzipWords(error));
    }
    // A whole gzip stream (its trailer was checked) with less than one block in it is no tar.
    if (head !== undefined)
        throw new ArchiveRefused('it is gzip but not a tar archive');
    parser.end();
}

;// CONCATENATED MODULE: ./src/artifacts/kept-archive.ts
// `artifacts-extract: false`: the archive kept as it came, under the caps, in the staging folder. When the
// outputs file (or another entry) is wanted, the same bytes are read as a tar on their way to the file;
// what is wrong with the archive then only costs those entries, never the kept bytes.




const WRITE_NEW = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | (external_node_fs_.constants.O_NOFOLLOW ?? 0);
/** Reads a source once, writing each chunk before handing it on; left early, it can still be read to its end. */
class Tee {
    /** An error of the writing (a cap, the disk), as opposed to the source's. */
    ownError;
    #source;
    #write;
    #done = false;
    /** The read before: reads run one after the other, so chunks are written in order. */
    #last = Promise.resolve();
    constructor(source, write) {
        this.#source = source[Symbol.asyncIterator]();
        this.#write = write;
    }
    next() {
        // A reader that stopped waiting (the walk failed) may leave a read running when rest() starts.
        const result = this.#last.then(() => this.#read());
        this.#last = result.catch(() => undefined);
        return result;
    }
    async #read() {
        if (this.#done)
            return { done: true, value: undefined };
        let step;
        try {
            step = await this.#source.next();
        }
        catch (error) {
            throw new SourceFailed('the download failed', { cause: error });
        }
        if (step.done === true) {
            this.#done = true;
            return step;
        }
        try {
            await this.#write(step.value);
        }
        catch (error) {
            this.ownError = error;
            throw error;
        }
        return step;
    }
    [Symbol.asyncIterator]() {
        // The reader leaving early does not end the source: rest() reads on.
        return { next: () => this.next(), return: async () => ({ done: true, value: undefined }) };
    }
    async rest(signal) {
        while (!this.#done) {
            signal?.throwIfAborted();
            await this.next();
        }
    }
    close() {
        if (this.#done)
            return;
        this.#done = true;
        void Promise.resolve(this.#source.return?.()).catch(() => undefined);
    }
}
class KeptArchive {
    file;
    #caps;
    #signal;
    #handle;
    #maxInflated;
    constructor(file, caps, signal, maxInflated) {
        this.file = file;
        this.#maxInflated = maxInflated;
        this.#caps = caps;
        this.#signal = signal;
    }
    /** Keeps the whole source in the file; `reader`, when given, sees its entries on the way. */
    async keep(source, reader) {
        this.#handle = await (0,promises_.open)(this.file, WRITE_NEW, 0o600);
        const tee = new Tee(source, (chunk) => this.#write(chunk));
        try {
            if (reader !== undefined)
                await this.#read(tee, reader);
            await tee.rest(this.#signal);
        }
        finally {
            tee.close();
            await this.#handle.close();
        }
    }
    async #read(tee, reader) {
        try {
            await walkTarGz(tee, reader, this.#signal, this.#maxInflated);
        }
        catch (error) {
            if (tee.ownError !== undefined)
                throw tee.ownError;
            const archiveProblem = error instanceof ArchiveRefused || error instanceof ArchiveDamaged || error instanceof TooLarge;
            if (!archiveProblem)
                throw error;
        }
    }
    async #write(chunk) {
        this.#caps.take(chunk.length);
        let offset = 0;
        while (offset < chunk.length) {
            const written = await this.#handle.write(chunk, offset, chunk.length - offset);
            offset += written.bytesWritten;
        }
    }
}

;// CONCATENATED MODULE: ./src/artifacts/entry-rules.ts
// Which names an archive entry may have once written to disk, decided from the name alone. Every rule here
// is a reason to skip the entry; none rewrites a name into another, so what lands on disk is always a name
// the archive really holds. The rules are those of the most restrictive file systems a workflow meets
// (Windows, case-insensitive macOS), so a tree that extracts here also extracts there when uploaded again.
const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_BYTES = 1024;
// Windows device names, also with an extension (`NUL.txt`) or trailing spaces; the superscript digits
// count as digits there too.
const entry_rules_RESERVED = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])\s*$/i;
const FORBIDDEN = /[:<>"|?*]/;
// C0, DEL and C1.
const CONTROL = new RegExp(String.raw `[\x00-\x1f\x7f-\x9f]`);
// What a decoder makes of bytes that are not UTF-8. The tar reader decodes names as UTF-8, so a name that
// holds U+FFFD either was not valid UTF-8 or spells the replacement character itself: both are skipped.
const REPLACEMENT = '\uFFFD';
function utf8Length(text) {
    return Buffer.byteLength(text, 'utf8');
}
/** The rules for one path segment that is neither empty, `.` nor `..`. */
function segmentSkip(segment) {
    if (CONTROL.test(segment))
        return 'control-character';
    if (FORBIDDEN.test(segment))
        return 'forbidden-character';
    if (entry_rules_RESERVED.test(segment.split('.')[0] ?? ''))
        return 'reserved-name';
    if (segment.endsWith('.') || segment.endsWith(' '))
        return 'trailing-dot-or-space';
    if (utf8Length(segment) > MAX_SEGMENT_BYTES)
        return 'segment-too-long';
    return undefined;
}
/**
 * The segments of an entry's name relative to the root, or why it is skipped. `.` and empty segments
 * (`./a`, `a//b`, a folder's trailing `/`) are dropped; the archive's root itself has no segments.
 */
function checkEntryName(name) {
    if (name.includes(REPLACEMENT))
        return { skip: 'not-utf8' };
    if (name.startsWith('/'))
        return { skip: 'absolute' };
    if (/^[A-Za-z]:/.test(name))
        return { skip: 'drive-letter' };
    if (name.includes('\\'))
        return { skip: 'backslash' };
    const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..'))
        return { skip: 'dot-dot' };
    for (const segment of segments) {
        const skip = segmentSkip(segment);
        if (skip !== undefined)
            return { skip };
    }
    if (utf8Length(segments.join('/')) > MAX_PATH_BYTES)
        return { skip: 'path-too-long' };
    return { segments };
}
/**
 * The form two names share when a case-insensitive, normalising file system takes them for one: NFC,
 * then full case folding (upper then lower case maps `ß` and `SS` alike), then NFC again.
 */
function foldName(path) {
    return path.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

;// CONCATENATED MODULE: ./src/artifacts/outputs-capture.ts
// The outputs file's content as it streams by: at most 64 KiB of it, as text.

/** The most of the outputs file kept: what remote outputs may hold per target. */
const MAX_OUTPUTS_BYTES = 64 * 1024;
/** A capture for `outputsFile`, or undefined when there is none or its name could never be written. */
function captureOutputs(outputsFile) {
    if (outputsFile === undefined || outputsFile.trim() === '')
        return undefined;
    const checked = checkEntryName(outputsFile.trim());
    if ('skip' in checked || checked.segments.length === 0)
        return undefined;
    const chunks = [];
    let size = 0;
    let ended = false;
    return {
        path: checked.segments.join('/'),
        reader: {
            data(chunk) {
                const room = MAX_OUTPUTS_BYTES - size;
                if (room <= 0)
                    return;
                const part = Buffer.from(chunk.subarray(0, room));
                chunks.push(part);
                size += part.length;
            },
            end() {
                ended = true;
            },
        },
        text: () => (ended ? Buffer.concat(chunks).toString('utf8') : undefined),
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/artifacts/placing.ts
// Where a step's files go in the artifacts root, and how they get there: a staging folder made fresh inside
// the root, then one rename into place. What was at the destination before is moved aside first and
// removed after, so a failure never leaves a merge of two runs, and a link there is replaced, never followed.





/** The absolute destination of a step's folder (or kept archive); throws for a folder name that is not safe. */
function destinationOf(root, folder, extract) {
    const checked = checkEntryName(folder);
    const segments = 'segments' in checked ? checked.segments : [];
    if (segments.length === 0 || segments.some((segment) => segment.startsWith(PARTIAL_PREFIX))) {
        throw new Error(`the artifacts folder name is not safe: ${JSON.stringify(folder)}`);
    }
    const path = (0,external_node_path_.join)(root, ...segments);
    return extract ? path : `${path}.tar.gz`;
}
/** A fresh staging folder inside the root, which must be a real folder. */
async function makeStaging(root) {
    const stat = await (0,promises_.lstat)(root);
    if (!stat.isDirectory())
        throw new Error('the artifacts root is not a folder');
    return (0,promises_.mkdtemp)((0,external_node_path_.join)(root, PARTIAL_PREFIX));
}
async function removeStaging(staging) {
    // rm never follows a link: one inside is removed itself.
    if (staging !== undefined)
        await (0,promises_.rm)(staging, { recursive: true, force: true });
}
/** Puts `from` (inside the root) at `destination` (inside the root), replacing what is there. */
async function moveIntoPlace(from, destination, root) {
    const segments = (0,external_node_path_.relative)(root, destination).split(external_node_path_.sep);
    let parent = root;
    for (const segment of segments.slice(0, -1)) {
        parent = (0,external_node_path_.join)(parent, segment);
        await makeRealFolder(parent);
    }
    const existing = await (0,promises_.lstat)(destination).catch(() => undefined);
    const aside = (0,external_node_path_.join)(root, `${PARTIAL_PREFIX}old-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    if (existing === undefined)
        return (0,promises_.rename)(from, destination);
    await (0,promises_.rename)(destination, aside);
    try {
        await (0,promises_.rename)(from, destination);
    }
    catch (error) {
        await (0,promises_.rename)(aside, destination);
        throw error;
    }
    await (0,promises_.rm)(aside, { recursive: true, force: true });
}
/** A folder on the way to a destination: made when missing, refused when it is a link or a file. */
async function makeRealFolder(path) {
    const stat = await (0,promises_.lstat)(path).catch(() => undefined);
    if (stat === undefined) {
        await (0,promises_.mkdir)(path, { mode: 0o755 });
        return;
    }
    if (!stat.isDirectory()) {
        throw Object.assign(new Error('a folder on the way to the artifacts is a link or a file'), {
            code: 'ENOTDIR',
        });
    }
}

// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
;// CONCATENATED MODULE: ./src/artifacts/skip-tally.ts
// The skipped entries of one archive: a count per reason, and the first few names, made inert, for the one
// warning per archive.

const NAMES_KEPT = 5;
const NAME_LENGTH = 160;
class SkipTally {
    counts = {};
    firstNames = [];
    add(reason, name) {
        this.counts[reason] = (this.counts[reason] ?? 0) + 1;
        if (this.firstNames.length < NAMES_KEPT) {
            this.firstNames.push((0,safety/* sanitizeLine */.g$)(name, { maxLength: NAME_LENGTH }));
        }
    }
}

;// CONCATENATED MODULE: ./src/artifacts/staging-writer.ts
// Writes the entries of one archive into its staging folder, or only reads them (`write: false`), applying
// every rule of the extraction while streaming. Safe by construction: the only things ever made are
// folders (mkdir) and regular files (opened with O_CREAT | O_EXCL | O_NOFOLLOW), at paths joined from
// segments that checkEntryName() allowed, under a folder this process made itself moments before. No link
// is created (a symlink is skipped, a hardlink becomes a copy of a file written earlier), so none can be
// followed: nothing else writes into the staging folder. Modes are masked with 0o755 (the owner may always
// read and write, to clean up); owners are never set.






const staging_writer_WRITE_NEW = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | (external_node_fs_.constants.O_NOFOLLOW ?? 0);
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const TYPE_SKIPS = {
    SymbolicLink: 'symlink',
    CharacterDevice: 'device',
    BlockDevice: 'device',
    FIFO: 'fifo',
};
function fileMode(mode) {
    return ((mode ?? 0o644) & 0o755) | 0o600;
}
class StagingWriter {
    files = 0;
    entries = 0;
    tally = new SkipTally();
    #options;
    /** Folders made, by path relative to the staging folder ('' is the folder itself). */
    #dirs = new Set(['']);
    /** Regular files written, by path, with their size: the only targets a hardlink may copy. */
    #files = new Map();
    /** Every path made, by its folded form. */
    #folded = new Map([['', '']]);
    constructor(options) {
        this.#options = options;
    }
    /** An entry of a type the tar reader does not know. */
    ignored(entry) {
        this.#count();
        this.tally.add('unsupported-type', entry.path);
    }
    async entry(entry, content) {
        this.#count();
        const checked = checkEntryName(entry.path);
        if ('skip' in checked)
            return this.#skip(entry, checked.skip);
        const { segments } = checked;
        const typeSkip = TYPE_SKIPS[entry.type];
        if (typeSkip !== undefined)
            return this.#skip(entry, typeSkip);
        const isFile = FILE_TYPES.has(entry.type);
        if (!isFile && entry.type !== 'Directory' && entry.type !== 'Link') {
            return this.#skip(entry, 'unsupported-type');
        }
        const clash = this.#clash(segments, entry.type === 'Directory');
        if (clash !== undefined)
            return this.#skip(entry, clash);
        if (entry.type === 'Directory') {
            entry.resume();
            return this.#directory(segments, entry.mode);
        }
        if (entry.type === 'Link')
            return this.#hardlink(entry, segments);
        return this.#file(entry, segments, content);
    }
    #count() {
        this.entries += 1;
        if (this.entries > this.#options.maxEntries) {
            throw new TooLarge(`it holds more than ${this.#options.maxEntries.toLocaleString('en-US')} entries`);
        }
    }
    #skip(entry, reason) {
        this.tally.add(reason, entry.path);
        entry.resume();
    }
    /** Why these segments cannot be made: a name that folds onto another, or a file where a folder is. */
    #clash(segments, directory) {
        for (let i = 1; i <= segments.length; i++) {
            const path = segments.slice(0, i).join('/');
            const known = this.#folded.get(foldName(path));
            if (known !== undefined && known !== path)
                return 'same-after-case-folding';
            const last = i === segments.length;
            if (this.#files.has(path))
                return 'conflict';
            if (last && !directory && this.#dirs.has(path))
                return 'conflict';
        }
        return undefined;
    }
    #record(path) {
        this.#folded.set(foldName(path), path);
    }
    /** Makes each missing folder of `segments`, one level at a time. */
    async #folders(segments) {
        for (let i = 1; i <= segments.length; i++) {
            const path = segments.slice(0, i).join('/');
            if (this.#dirs.has(path))
                continue;
            if (this.#options.dir !== undefined)
                await makeFolder((0,external_node_path_.join)(this.#options.dir, ...segments.slice(0, i)));
            this.#dirs.add(path);
            this.#record(path);
        }
    }
    async #directory(segments, mode) {
        await this.#folders(segments);
        if (this.#options.dir !== undefined && segments.length > 0) {
            await (0,promises_.chmod)((0,external_node_path_.join)(this.#options.dir, ...segments), ((mode ?? 0o755) & 0o755) | 0o700);
        }
    }
    async #file(entry, segments, content) {
        if (segments.length === 0)
            return this.#skip(entry, 'conflict');
        const path = segments.join('/');
        await this.#folders(segments.slice(0, -1));
        const reader = this.#options.readerFor(path);
        const handle = this.#options.dir === undefined ? undefined : await openNew((0,external_node_path_.join)(this.#options.dir, ...segments));
        let size = 0;
        try {
            for await (const chunk of content) {
                this.#options.caps.take(chunk.length);
                if (handle !== undefined)
                    await writeAll(handle, chunk);
                size += chunk.length;
                await reader?.data(chunk);
            }
            await handle?.chmod(fileMode(entry.mode));
        }
        finally {
            await handle?.close();
        }
        await reader?.end();
        this.#files.set(path, size);
        this.#record(path);
        this.files += 1;
    }
    /** A hardlink to a file written earlier from this archive becomes a copy of it; any other is skipped. */
    async #hardlink(entry, segments) {
        const target = checkEntryName(entry.linkpath ?? '');
        const from = 'segments' in target ? target.segments.join('/') : undefined;
        const size = from === undefined ? undefined : this.#files.get(from);
        if (from === undefined || size === undefined || segments.length === 0)
            return this.#skip(entry, 'hardlink');
        entry.resume();
        const path = segments.join('/');
        await this.#folders(segments.slice(0, -1));
        this.#options.caps.take(size);
        const dir = this.#options.dir;
        if (dir !== undefined) {
            const destination = (0,external_node_path_.join)(dir, ...segments);
            await (0,promises_.copyFile)((0,external_node_path_.join)(dir, ...from.split('/')), destination, external_node_fs_.constants.COPYFILE_EXCL);
            await (0,promises_.chmod)(destination, fileMode(entry.mode));
        }
        this.#files.set(path, size);
        this.#record(path);
        this.files += 1;
    }
}
async function makeFolder(path) {
    try {
        await (0,promises_.mkdir)(path, { mode: 0o755 });
    }
    catch (error) {
        // Only a folder this writer made may already be there; anything else (a link) is refused.
        const stat = error.code === 'EEXIST' ? await (0,promises_.lstat)(path) : undefined;
        if (stat === undefined || !stat.isDirectory())
            throw error;
    }
}
async function openNew(path) {
    return (0,promises_.open)(path, staging_writer_WRITE_NEW, 0o600);
}
async function writeAll(handle, chunk) {
    let offset = 0;
    while (offset < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
        offset += bytesWritten;
    }
}

;// CONCATENATED MODULE: ./src/artifacts/store.ts
// One step's archive, from its bytes to its folder: streamed into a staging folder `.ci-run-partial-*`
// inside the artifacts root and moved into place only once complete, replacing what was there (never
// merging). The staging folder is removed on every other way out: a refusal, a cap, a cut or damaged
// archive, a full disk, an abort, a failing source. An abort and the source's own errors are thrown as
// they came, after the cleanup; what is wrong with the archive or the disk is a result.







const MAX_ENTRIES = 100_000;
/**
 * The most a step's tar may inflate to: twice `artifacts-max-size` and 64 MiB for headers and padding.
 * Skipped entries are never written, but a bomb of them would still keep a core busy.
 */
function maxInflatedOf(maxBytes) {
    return 2 * maxBytes + 64 * 1024 * 1024;
}
async function storeArchive(source, options) {
    const write = options.write !== false;
    const extract = options.extract !== false;
    const destination = write ? destinationOf(options.root, options.folder, extract) : undefined;
    const staging = write ? await makeStaging(options.root) : undefined;
    const caps = new StepCaps(write ? options.maxBytes : Infinity, write ? options.budget : undefined);
    const outputs = captureOutputs(options.outputsFile);
    const wantsEntries = outputs !== undefined || options.onEntry !== undefined;
    const writer = new StagingWriter({
        dir: extract ? staging : undefined,
        caps: extract ? caps : new StepCaps(Infinity, undefined),
        maxEntries: MAX_ENTRIES,
        readerFor: (path) => (path === outputs?.path ? outputs.reader : options.onEntry?.(path)),
    });
    const kept = extract || staging === undefined
        ? undefined
        : new KeptArchive((0,external_node_path_.join)(staging, 'archive.tar.gz'), caps, options.signal, maxInflatedOf(options.maxBytes));
    let outcome = { status: 'stored' };
    try {
        if (kept === undefined)
            await walkTarGz(source, writer, options.signal, maxInflatedOf(options.maxBytes));
        else
            await kept.keep(source, wantsEntries ? writer : undefined);
        if (staging !== undefined && destination !== undefined) {
            await moveIntoPlace(kept?.file ?? staging, destination, options.root);
        }
    }
    catch (error) {
        await removeStaging(staging);
        caps.giveBack();
        if (isThrown(error, options.signal))
            throw error instanceof SourceFailed ? error.cause : error;
        outcome = failedOutcome(error);
    }
    // A kept archive was moved out of its staging folder, which is left empty.
    if (kept !== undefined && outcome.status === 'stored')
        await removeStaging(staging);
    return resultOf(outcome, destination, writer, write ? caps.bytes : 0, outputs?.text());
}
function resultOf(outcome, destination, writer, bytes, outputsText) {
    const stored = outcome.status === 'stored';
    return {
        status: outcome.status,
        ...(stored && destination !== undefined ? { folder: destination } : {}),
        files: stored ? writer.files : 0,
        bytes: stored ? bytes : 0,
        skipped: writer.tally.counts,
        firstSkipped: writer.tally.firstNames,
        ...(outputsText !== undefined ? { outputsText } : {}),
        ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
    };
}
/** An abort and the source's own failures are the caller's to handle: they are thrown, not a result. */
function isThrown(error, signal) {
    return error instanceof SourceFailed || (signal?.aborted === true && error === signal.reason);
}
function failedOutcome(error) {
    if (error instanceof ArchiveRefused) {
        return { status: 'refused', reason: `not a gzipped tar archive: ${error.message}` };
    }
    if (error instanceof TooLarge)
        return { status: 'too-large', reason: error.message };
    if (error instanceof ArchiveDamaged)
        return { status: 'failed', reason: error.message };
    const code = error?.code;
    if (code === 'ENOSPC')
        return { status: 'failed', reason: 'the disk is full (ENOSPC)' };
    if (typeof code === 'string')
        return { status: 'failed', reason: `the files could not be written (${code})` };
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
}

;// CONCATENATED MODULE: ./src/artifacts/files.ts
// The artifacts port the core is handed (core/artifacts/files.ts), made here from the folder rules and the
// streaming store: the root is opened (and checked) once, before the first request, so a bad
// `artifacts-path` is an input error that sends nothing; every step's archive then shares one total budget.





/** The port over a checked root, or why `artifacts-path` cannot be used. */
async function openArtifactFiles(settings, place) {
    const opened = await openArtifactsRoot({ ...place, path: settings.path });
    if ('problem' in opened)
        return opened;
    const { root } = opened;
    const budget = new ByteBudget(settings.maxTotalBytes);
    return {
        files: {
            root,
            store: (source, { order, step, label }, { write, signal, onEntry }) => storeArchive(source, {
                root,
                folder: artifactFolder(order, step, label),
                maxBytes: settings.maxBytes,
                budget,
                extract: settings.extract,
                write,
                ...(settings.outputsFile !== undefined ? { outputsFile: settings.outputsFile } : {}),
                ...(onEntry ? { onEntry } : {}),
                signal,
            }),
            // Only what this root holds: a folder an earlier attempt stored, never anything above it.
            discard: async (folder) => {
                const inside = (0,external_node_path_.relative)(root, folder);
                if (inside === '' || inside.startsWith('..') || inside.startsWith(external_node_path_.sep))
                    return;
                await (0,promises_.rm)(folder, { recursive: true, force: true });
            },
        },
    };
}


/***/ })

};
