export const id = 377;
export const ids = [377];
export const modules = {

/***/ 744:
/***/ ((module) => {

/**
 * Helpers.
 */

var s = 1000;
var m = s * 60;
var h = m * 60;
var d = h * 24;
var w = d * 7;
var y = d * 365.25;

/**
 * Parse or format the given `val`.
 *
 * Options:
 *
 *  - `long` verbose formatting [false]
 *
 * @param {String|Number} val
 * @param {Object} [options]
 * @throws {Error} throw an error if val is not a non-empty string or a number
 * @return {String|Number}
 * @api public
 */

module.exports = function (val, options) {
  options = options || {};
  var type = typeof val;
  if (type === 'string' && val.length > 0) {
    return parse(val);
  } else if (type === 'number' && isFinite(val)) {
    return options.long ? fmtLong(val) : fmtShort(val);
  }
  throw new Error(
    'val is not a non-empty string or a valid number. val=' +
      JSON.stringify(val)
  );
};

/**
 * Parse the given `str` and return milliseconds.
 *
 * @param {String} str
 * @return {Number}
 * @api private
 */

function parse(str) {
  str = String(str);
  if (str.length > 100) {
    return;
  }
  var match = /^(-?(?:\d+)?\.?\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)?$/i.exec(
    str
  );
  if (!match) {
    return;
  }
  var n = parseFloat(match[1]);
  var type = (match[2] || 'ms').toLowerCase();
  switch (type) {
    case 'years':
    case 'year':
    case 'yrs':
    case 'yr':
    case 'y':
      return n * y;
    case 'weeks':
    case 'week':
    case 'w':
      return n * w;
    case 'days':
    case 'day':
    case 'd':
      return n * d;
    case 'hours':
    case 'hour':
    case 'hrs':
    case 'hr':
    case 'h':
      return n * h;
    case 'minutes':
    case 'minute':
    case 'mins':
    case 'min':
    case 'm':
      return n * m;
    case 'seconds':
    case 'second':
    case 'secs':
    case 'sec':
    case 's':
      return n * s;
    case 'milliseconds':
    case 'millisecond':
    case 'msecs':
    case 'msec':
    case 'ms':
      return n;
    default:
      return undefined;
  }
}

/**
 * Short format for `ms`.
 *
 * @param {Number} ms
 * @return {String}
 * @api private
 */

function fmtShort(ms) {
  var msAbs = Math.abs(ms);
  if (msAbs >= d) {
    return Math.round(ms / d) + 'd';
  }
  if (msAbs >= h) {
    return Math.round(ms / h) + 'h';
  }
  if (msAbs >= m) {
    return Math.round(ms / m) + 'm';
  }
  if (msAbs >= s) {
    return Math.round(ms / s) + 's';
  }
  return ms + 'ms';
}

/**
 * Long format for `ms`.
 *
 * @param {Number} ms
 * @return {String}
 * @api private
 */

function fmtLong(ms) {
  var msAbs = Math.abs(ms);
  if (msAbs >= d) {
    return plural(ms, msAbs, d, 'day');
  }
  if (msAbs >= h) {
    return plural(ms, msAbs, h, 'hour');
  }
  if (msAbs >= m) {
    return plural(ms, msAbs, m, 'minute');
  }
  if (msAbs >= s) {
    return plural(ms, msAbs, s, 'second');
  }
  return ms + ' ms';
}

/**
 * Pluralization helper.
 */

function plural(ms, msAbs, n, name) {
  var isPlural = msAbs >= n * 1.5;
  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');
}


/***/ }),

/***/ 8377:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  post: () => (/* binding */ post)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
;// CONCATENATED MODULE: ./src/api/step-log-read.ts
// A step's log read from a byte offset (`Range: bytes=N-`), and what the server's answer means for a
// reader that follows a growing log: the client says it in words, so that the core reads no status codes.
// `bytes 10-19/20`, `bytes 10-19/*` or `bytes */20` (RFC 9110 §14.4); undefined when it is none of these.
function parseContentRange(header) {
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined)
        return undefined;
    const match = /^\s*bytes\s+(?:(\d{1,15})-(\d{1,15})|\*)\s*\/\s*(\d{1,15}|\*)\s*$/i.exec(value);
    if (!match)
        return undefined;
    const [, first, last, length] = match;
    const totalLength = length === '*' ? undefined : Number(length);
    if (first === undefined)
        return totalLength === undefined ? undefined : { totalLength };
    const start = Number(first);
    if (Number(last) < start || (totalLength !== undefined && Number(last) >= totalLength))
        return undefined;
    return { start, ...(totalLength !== undefined ? { totalLength } : {}) };
}

;// CONCATENATED MODULE: ./src/api/artifact-read.ts

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The request headers of a read: no compression (offsets are the archive's own bytes), and a range. */
function artifactRequestHeaders(from) {
    const headers = { 'accept-encoding': 'identity' };
    if (from === undefined || from.offset === 0)
        return headers;
    headers.range = `bytes=${from.offset}-`;
    const ifRange = from.validator?.etag ?? from.validator?.lastModified;
    if (ifRange !== undefined)
        headers['if-range'] = ifRange;
    return headers;
}
/** A non-2xx answer that is a result: a redirect, not yet there, gone; undefined for a failure. */
function settleArtifactAnswer(response) {
    const { statusCode } = response;
    if (REDIRECTS.has(statusCode))
        return { kind: 'redirect', location: single(response.headers.location) };
    if (statusCode === 404)
        return { kind: 'not-yet' };
    if (statusCode === 410)
        return { kind: 'gone' };
    return undefined;
}
/** What a 2xx answer holds besides its body; undefined for a 206 without a usable byte range. */
function describeArtifactAnswer(response) {
    const validator = validatorOf(response.headers);
    const extra = validator !== undefined ? { validator } : {};
    if (response.statusCode !== 206) {
        const length = byteCount(single(response.headers['content-length']));
        return { kind: 'whole', start: 0, ...(length !== undefined ? { length } : {}), ...extra };
    }
    const range = parseContentRange(response.headers['content-range']);
    if (range?.start === undefined)
        return undefined;
    return {
        kind: 'partial',
        start: range.start,
        ...(range.totalLength !== undefined ? { length: range.totalLength } : {}),
        ...extra,
    };
}
/**
 * The answer's validator. A weak ETag (`W/"…"`) may not be used in If-Range (RFC 9110 §13.1.5), nor may
 * a value that would not fit in a header.
 */
function validatorOf(headers) {
    const etag = single(headers.etag)?.trim();
    const lastModified = single(headers['last-modified'])?.trim();
    const validator = {};
    if (etag && /^"[\x21\x23-\x7e\x80-\xff]*"$/.test(etag) && etag.length <= 256)
        validator.etag = etag;
    if (lastModified && /^[\x20-\x7e]{1,64}$/.test(lastModified) && !Number.isNaN(Date.parse(lastModified))) {
        validator.lastModified = lastModified;
    }
    return validator.etag !== undefined || validator.lastModified !== undefined ? validator : undefined;
}
function single(value) {
    return Array.isArray(value) ? value[0] : value;
}
function byteCount(value) {
    if (value === undefined || !/^\s*\d{1,15}\s*$/.test(value))
        return undefined;
    return Number(value);
}

// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
;// CONCATENATED MODULE: ./src/api/errors.ts
// Errors thrown by the API client. None of them ever carries the token: messages, fields and
// causes are built from redacted text only (see redact.ts).

/** A call that failed: an HTTP error status, a network failure, a timeout or an abort. */
class ApiError extends Error {
    name = 'ApiError';
    method;
    /** Path and query of the request (origin and path only for another origin); never contains the token. */
    path;
    kind;
    retryable;
    attempts;
    constructor(init) {
        super(init.message ?? describeApiError(init), init.cause ? { cause: init.cause } : undefined);
        this.method = init.method;
        this.path = init.path;
        this.kind = init.kind;
        this.retryable = init.retryable;
        this.attempts = init.attempts ?? 1;
        // Optional fields exist only when set, so that logs and snapshots show what is known.
        const optional = {
            status: init.status,
            serverMessage: init.serverMessage,
            hint: init.hint,
            unsupported: init.unsupported,
            retryAfterMs: init.retryAfterMs,
            code: init.code,
            pastDeadline: init.pastDeadline,
        };
        for (const [key, value] of Object.entries(optional)) {
            if (value !== undefined)
                Object.defineProperty(this, key, { value, enumerable: true });
        }
    }
}
/**
 * A trigger (POST) whose request may have reached the server, but no usable answer came back
 * (connection lost after sending, no response in time, a 5xx, an unreadable body). A run or
 * build may exist: look for it before triggering again. Never retried by the client.
 */
class TriggerOutcomeUnknownError extends ApiError {
    name = 'TriggerOutcomeUnknownError';
    /**
     * The server answered 2xx: it took the trigger and created the run or build, and only its answer
     * (the body, e.g. an unusable id) could not be used. Such a trigger must never be sent again.
     */
    taken;
    constructor(init) {
        const { taken = false, ...rest } = init;
        super({
            ...rest,
            retryable: false,
            message: rest.message ??
                `${describeApiError({ ...rest, retryable: false })}; ${outcomeAdvice(rest.path, taken)}`,
        });
        this.taken = taken;
    }
}
/** A response body that does not match the field tables of the API. */
class ContractError extends Error {
    name = 'ContractError';
    /** Endpoint template such as `GET /runs/:runId`. */
    endpoint;
    /** Field path such as `status`, `pipeline.id` or `[3].status`; `(body)` for the body itself. */
    field;
    constructor(endpoint, field, problem) {
        super(`Unexpected response from ${endpoint}: ${field === '(body)' ? 'the body' : `field "${field}"`} ${problem}`);
        this.endpoint = endpoint;
        this.field = field;
    }
}
/** A request that breaks a rule of the API; it was not sent. */
class RequestValidationError extends Error {
    name = 'RequestValidationError';
    field;
    constructor(field, message) {
        super(message);
        this.field = field;
    }
}
/**
 * A URL the server handed out that the client will not fetch: an origin that is neither the API's nor
 * listed, a redirect to one, plain http under an https API, or an address of a kind not allowed. The
 * message names the origin or host, never the URL's path or query.
 */
class UrlRefusedError extends RequestValidationError {
}
/** What the caller of a trigger whose outcome is unknown should do next; `taken` after a 2xx. */
function outcomeAdvice(path, taken = false) {
    const resource = /\/builds\b/.test(path) ? 'build' : 'run';
    return taken
        ? `the server took the trigger, so the ${resource} exists: look for it, and do not trigger again`
        : `the ${resource} may have been created anyway: look for it before triggering again`;
}
function describeApiError(init) {
    const subject = `${init.method} ${init.path}`;
    let text;
    switch (init.kind) {
        case 'http':
            text = `${subject} failed with HTTP ${init.status ?? '?'}${init.serverMessage ? `: ${init.serverMessage}` : ''}`;
            break;
        case 'timeout':
            text = `${subject} timed out${init.detail ? `: ${init.detail}` : ''}`;
            break;
        case 'aborted':
            text = `${subject} was aborted`;
            break;
        default:
            text = `${subject} failed: ${init.detail ?? 'network error'}`;
    }
    if (init.attempts !== undefined && init.attempts > 1)
        text += ` after ${init.attempts} attempts`;
    if (init.note)
        text += ` (${init.note})`;
    if (init.hint)
        text += `${/[.!?]$/.test(text) ? '' : '.'} Hint: ${init.hint}`;
    return text;
}
const BY_STATUS = new Map([
    [404, 'not-found'],
    [410, 'gone'],
    [405, 'not-allowed'],
    [401, 'denied'],
    [403, 'denied'],
    [400, 'invalid'],
    [422, 'invalid'],
    [429, 'throttled'],
    [408, 'transient'],
]);
/** The word of a failure: `describeFailure(error).word`. */
function failureOf(error) {
    return wordOf(error);
}
function errors_describeFailure(error) {
    const message = error instanceof Error ? error.message : String(error);
    const facts = error instanceof ApiError ? error : undefined;
    return {
        word: wordOf(error),
        retryable: facts?.retryable ?? false,
        retried: (facts?.attempts ?? 1) > 1,
        ...(facts?.retryAfterMs !== undefined ? { retryAfterMs: facts.retryAfterMs } : {}),
        taken: error instanceof TriggerOutcomeUnknownError && error.taken,
        pastDeadline: facts?.pastDeadline === true,
        ...(facts?.serverMessage ? { serverMessage: (0,safety/* sanitizeLine */.g$)(facts.serverMessage, { maxLength: 500 }) } : {}),
        message,
    };
}
function wordOf(error) {
    if (error instanceof ContractError)
        return 'unusable-answer';
    if (error instanceof UrlRefusedError)
        return 'url-refused';
    if (!(error instanceof ApiError))
        return 'internal';
    if (error instanceof TriggerOutcomeUnknownError)
        return 'outcome-unknown';
    if (error.unsupported)
        return 'unsupported';
    if (error.kind === 'aborted')
        return 'aborted';
    const { status } = error;
    if (status === undefined)
        return 'no-answer';
    return BY_STATUS.get(status) ?? (status >= 500 ? 'transient' : status >= 400 ? 'refused' : 'other');
}

;// CONCATENATED MODULE: ./src/api/base-url.ts
// The one place where a service URL becomes the API root: the action's settings and the client (and
// so the CLI) both go through normaliseApiUrl, so they agree on every URL.

const API_ROOT = '/api/v3';
// Without regard to case, as the client always matched it; the path is kept as written.
const ENDS_AT_API_ROOT = /\/api\/v3$/i;
const INSIDE_API = /\/api\/v3\//i;
/**
 * `https://host/x/` → `https://host/x/api/v3`; a path already ending in `/api/v3` keeps it. Refuses
 * anything but plain http(s) URLs, credentials in the URL, and paths inside the API (`/api/v3/runs`).
 */
function normaliseApiUrl(baseUrl) {
    let url;
    try {
        url = new URL(baseUrl);
    }
    catch {
        throw new RequestValidationError('baseUrl', `baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new RequestValidationError('baseUrl', `baseUrl must use http or https (got ${url.protocol})`);
    }
    if (url.username || url.password) {
        throw new RequestValidationError('baseUrl', 'baseUrl must not contain credentials; pass the token instead');
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (INSIDE_API.test(path)) {
        throw new RequestValidationError('baseUrl', `baseUrl points inside the API (${API_ROOT}/...), not at the service root`);
    }
    return `${url.origin}${ENDS_AT_API_ROOT.test(path) ? path : `${path}${API_ROOT}`}`;
}

;// CONCATENATED MODULE: ./src/api/dropped-bytes.ts
// Bytes read from a socket and dropped at once (a long text scanned and cut to its start) are garbage as
// soon as they are read, but their memory lives outside V8's heap and is freed only when a collection
// finds their buffers dead. A chunk waits in its body's stream long enough to outlive young-generation
// collections, so it is freed by a full one, which V8 starts by itself only once 64 MiB more is held
// outside the heap than after the last: 50 to 70 MiB of dropped chunks, on top of what the run needs.
// An action cannot tune that (no flag reaches the `node` the runner starts), so after every 8 MiB
// dropped, one full collection is asked for: about 8 ms, paid only by a server that sends long texts
// (a run whose bodies are a few KiB reads 8 MiB in an hour of polling).
const EVERY_BYTES = 8 * 1024 * 1024;
let dropped = 0;
let collections = 0;
/** undefined until first needed; null where the engine gives no way to ask. */
let collect;
/** How many collections were asked for so far. */
function collectionsAsked() {
    return collections;
}
/** `bytes` were read and are no longer held; true when a collection was asked for. */
function droppedBytes(bytes) {
    dropped += bytes;
    if (dropped < EVERY_BYTES)
        return false;
    dropped = 0;
    // Asked once: an engine that gives no way (null) is not asked again after every 8 MiB.
    if (collect === undefined)
        collect = fullCollection();
    if (collect === null)
        return false;
    collect();
    collections += 1;
    return true;
}
/**
 * V8's `gc`, taken from a fresh context while `--expose-gc` is set, and the flag unset at once: no
 * global of this process's own context changes, and a later context gets no `gc`.
 */
function fullCollection() {
    const own = globalThis.gc;
    if (typeof own === 'function')
        return own;
    try {
        const v8 = process.getBuiltinModule('node:v8');
        const vm = process.getBuiltinModule('node:vm');
        v8.setFlagsFromString('--expose-gc');
        try {
            const gc = vm.runInNewContext('gc');
            return typeof gc === 'function' ? gc : null;
        }
        finally {
            v8.setFlagsFromString('--no-expose-gc');
        }
    }
    catch {
        return null;
    }
}

// EXTERNAL MODULE: ./src/api/remote-text.ts
var remote_text = __webpack_require__(2618);
;// CONCATENATED MODULE: ./src/api/json-clip.ts
// Cutting long string literals out of a JSON body as its bytes arrive, so that a body carrying a text
// of megabytes is never held whole, nor as one string. The bytes pass through unchanged, except each
// string literal longer than LONG_LITERAL_BYTES: it is decoded as JSON.parse would decode it, only
// its start is kept, with the length and SHA-256 of the whole, and a placeholder takes its place in
// the text handed to JSON.parse. The parse step maps placeholders back (remote-text.ts withCutTexts).
// Everything else (malformed JSON outside such literals, a byte order mark, invalid UTF-8) is left to
// the reader and JSON.parse, as if nothing had been cut.

/**
 * A literal longer than this, raw, is cut at read. Far above what is kept of a text (4 KiB), so that
 * ordinary strings (ids, URLs, names, short messages) reach JSON.parse as they came. Even escaped at
 * six bytes a character (`\u0000`), such a literal decodes to more than 10 KiB: it is always cut.
 */
const LONG_LITERAL_BYTES = 64 * 1024;
/** What is kept of a long literal's start: enough for cutText to give the head clipRemoteText gives. */
const HEAD_BYTES = remote_text/* REMOTE_TEXT_BYTES */.pj + 8;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NONE = -2;
/** Scans one body, chunk by chunk. */
class JsonClipper {
    #kept = [];
    #keptBytes = 0;
    #inString = false;
    /** Inside a string, the last byte was a backslash that starts an escape. */
    #escaped = false;
    /** The current literal's raw bytes while it is short, after its opening quote. */
    #literal = [];
    #literalBytes = 0;
    /** The current literal once it is long. */
    #long;
    #cut = new Map();
    /** Random, made for this body: a server cannot send a placeholder it does not know. */
    #nonce;
    #malformed = false;
    /** Bytes held now: what passes through and the current literal while it is short. */
    get held() {
        return this.#keptBytes + this.#literalBytes + (this.#long ? HEAD_BYTES : 0);
    }
    push(chunk) {
        let from = 0; // start of what this chunk has not yet given to the kept bytes or the literal
        let index = 0;
        let nextQuote = -1;
        let nextBackslash = -1;
        while (index < chunk.length) {
            if (!this.#inString) {
                const open = chunk.indexOf(QUOTE, index);
                if (open === -1)
                    break;
                this.#keep(chunk.subarray(from, open + 1));
                from = index = open + 1;
                this.#inString = true;
                continue;
            }
            if (this.#escaped) {
                this.#escaped = false;
                index++;
                continue;
            }
            // The next quote and backslash are searched for once each and reused while ahead, so that a run
            // of backslashes costs one pass, not one search to the end per backslash.
            // (-1: not searched yet; NONE: none left in this chunk.)
            if (nextQuote !== NONE && nextQuote < index)
                nextQuote = chunk.indexOf(QUOTE, index);
            if (nextQuote === -1)
                nextQuote = NONE;
            if (nextBackslash !== NONE && nextBackslash < index)
                nextBackslash = chunk.indexOf(BACKSLASH, index);
            if (nextBackslash === -1)
                nextBackslash = NONE;
            const end = nextQuote === NONE ? chunk.length : nextQuote;
            if (nextBackslash !== NONE && nextBackslash < end) {
                this.#escaped = true;
                index = nextBackslash + 1;
                continue;
            }
            if (nextQuote === NONE)
                break;
            this.#literalPart(chunk.subarray(from, nextQuote));
            this.#closeLiteral();
            this.#inString = false;
            from = nextQuote; // the closing quote passes through
            index = nextQuote + 1;
        }
        if (this.#inString)
            this.#literalPart(chunk.subarray(from));
        else
            this.#keep(chunk.subarray(from));
    }
    end() {
        if (this.#inString) {
            // Unterminated: a short literal passes through and JSON.parse refuses it; a long one is refused here.
            if (this.#long)
                this.#malformed = true;
            else
                this.#literal.forEach((part) => this.#keep(part));
        }
        const bytes = Buffer.concat(this.#kept, this.#keptBytes);
        return { bytes, cut: this.#cut, malformed: this.#malformed };
    }
    #keep(bytes) {
        if (bytes.length === 0)
            return;
        this.#kept.push(bytes);
        this.#keptBytes += bytes.length;
    }
    #literalPart(raw) {
        if (raw.length === 0)
            return;
        if (this.#long) {
            this.#long.write(raw);
            return;
        }
        this.#literal.push(raw);
        this.#literalBytes += raw.length;
        if (this.#literalBytes <= LONG_LITERAL_BYTES)
            return;
        this.#long = new LongText();
        for (const part of this.#literal)
            this.#long.write(part);
        this.#literal = [];
        this.#literalBytes = 0;
    }
    #closeLiteral() {
        const long = this.#long;
        if (!long) {
            this.#literal.forEach((part) => this.#keep(part));
            this.#literal = [];
            this.#literalBytes = 0;
            return;
        }
        this.#long = undefined;
        const clipped = long.finish();
        if (!clipped) {
            this.#malformed = true;
            return;
        }
        this.#nonce ??= process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex');
        // Longer than any id may be and not a URL, so that where an id or a URL was expected it is refused;
        // the parsers judge it by the length of the text it stands for (remote-text.ts remoteLength), so
        // with the words the long text would have got. Only the texts' parsers map it back to a text.
        const placeholder = `(a text of more than 64 KiB, cut at read: ${this.#nonce} ${this.#cut.size})`;
        this.#cut.set(placeholder, clipped);
        this.#keep(Buffer.from(placeholder, 'utf8'));
    }
}
const SIMPLE_ESCAPES = {
    '"': '"',
    '\\': '\\',
    '/': '/',
    b: '\b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
};
// eslint-disable-next-line no-control-regex -- JSON forbids these raw in a string
const CONTROL = /[\u0000-\u001f]/;
const HEX4 = /^[0-9a-fA-F]{4}$/;
/**
 * One long literal's content, decoded as JSON.parse decodes it (UTF-8 with invalid bytes as U+FFFD, as
 * Buffer's toString gives them, then escapes), its UTF-8 counted and hashed as it comes, its start kept.
 */
class LongText {
    // ignoreBOM: a U+FEFF at the literal's start is content, not a mark to drop.
    #utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
    #hash = process.getBuiltinModule('node:crypto').createHash('sha256');
    /** Decoded text whose escape is not finished yet. */
    #pending = '';
    /** A high surrogate at the end of what was decoded: hashed with the low one that may follow. */
    #high = '';
    #bytes = 0;
    /** UTF-16 code units, the length of the string JSON.parse would have made. */
    #units = 0;
    #head = '';
    #headBytes = 0;
    #bad = false;
    write(raw) {
        this.#unescape(this.#utf8.decode(raw, { stream: true }));
    }
    /** What is kept of the text, or undefined when it was not a valid JSON string. */
    finish() {
        this.#unescape(this.#utf8.decode());
        if (this.#pending !== '')
            this.#bad = true;
        this.#add('', true);
        if (this.#bad)
            return undefined;
        const whole = { bytes: this.#bytes, sha256: this.#hash.digest('hex') };
        return { clipped: (0,remote_text/* cutText */.IN)(this.#head, whole), length: this.#units };
    }
    #unescape(decoded) {
        if (this.#bad)
            return;
        const text = this.#pending + decoded;
        const out = [];
        let from = 0;
        for (;;) {
            const slash = text.indexOf('\\', from);
            const plain = text.slice(from, slash === -1 ? text.length : slash);
            if (CONTROL.test(plain)) {
                this.#bad = true;
                return;
            }
            out.push(plain);
            from = slash === -1 ? text.length : slash;
            if (slash === -1)
                break;
            const kind = text[slash + 1];
            if (kind === undefined)
                break; // the escape goes on in the next part
            const simple = SIMPLE_ESCAPES[kind];
            if (simple !== undefined) {
                out.push(simple);
                from = slash + 2;
                continue;
            }
            if (kind !== 'u') {
                this.#bad = true;
                return;
            }
            if (text.length < slash + 6)
                break;
            const hex = text.slice(slash + 2, slash + 6);
            if (!HEX4.test(hex)) {
                this.#bad = true;
                return;
            }
            out.push(String.fromCharCode(parseInt(hex, 16)));
            from = slash + 6;
        }
        this.#pending = text.slice(from);
        this.#add(out.join(''), false);
    }
    /** Counts, hashes and (at the start) keeps `piece`, holding back a high surrogate at its end. */
    #add(piece, last) {
        let text = this.#high + piece;
        this.#high = '';
        const final = text.charCodeAt(text.length - 1);
        if (!last && final >= 0xd800 && final <= 0xdbff) {
            this.#high = text.slice(-1);
            text = text.slice(0, -1);
        }
        if (text === '')
            return;
        this.#units += text.length;
        this.#bytes += Buffer.byteLength(text, 'utf8');
        this.#hash.update(text, 'utf8');
        if (this.#headBytes < HEAD_BYTES) {
            // Each code unit is at least one byte: this many of them make at least the bytes still wanted.
            this.#head += text.slice(0, HEAD_BYTES - this.#headBytes);
            this.#headBytes = Buffer.byteLength(this.#head, 'utf8');
        }
    }
}

;// CONCATENATED MODULE: ./src/api/body.ts
// Reading response bodies: JSON for the endpoints, a short text prefix of error answers, and step
// logs as a stream.




/**
 * Reads at most `maxBytes` of a body as text and releases the connection. A text cut short loses
 * its unfinished last word: it could be the start of a token, which no redactor would recognise
 * (a token holds no whitespace).
 */
async function readTextPrefix(body, maxBytes = 64 * 1024) {
    const chunks = [];
    let size = 0;
    try {
        for await (const chunk of body) {
            const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
            chunks.push(buffer);
            size += buffer.length;
            if (size >= maxBytes)
                break;
        }
    }
    finally {
        if (!body.destroyed)
            body.destroy();
    }
    const text = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
    return size >= maxBytes ? text.replace(/\S+$/, '') : text;
}
/** The body as an async iterable of bytes; failures mid-stream go through `mapError`. */
async function* streamBody(body, mapError) {
    try {
        for await (const chunk of body) {
            yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        }
    }
    catch (err) {
        throw mapError(err);
    }
    finally {
        if (!body.destroyed)
            body.destroy();
    }
}
/**
 * A JSON body larger than this is refused, not read on. No answer of API v3 comes near it: lists are
 * paged (at most 100 applications, 20 runs, builds or workflows a page), and the unpaged answers are
 * one resource or a run's steps, about 400 bytes a step: 10,000 steps are under 4 MiB. It counts the
 * bytes that arrive, not the bytes kept (long texts are cut as they arrive, json-clip.ts): it bounds
 * the time and traffic one answer may take, which cutting does not.
 */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/**
 * A reader for JSON bodies: an empty, malformed or oversized body is a ContractError naming the
 * endpoint. At most MAX_JSON_BYTES are read; a larger body is cut off, and so is its connection. Long
 * string literals are cut as they arrive (json-clip.ts): what is held is the rest of the body and 4 KiB
 * of each long text. While it is read and parsed, what the body holds counts against the budget it is
 * given (one for the process), and waits for room there; a wait ends with the attempt (its signal or
 * its total time limit).
 */
function jsonReader(endpoint, parse) {
    return async (response, _path, bounded) => {
        const lease = bounded.bodies.open();
        try {
            const signal = bounded.signal ? AbortSignal.any([bounded.signal, bounded.limit]) : bounded.limit;
            const { text, cut, malformed } = await readCapped(response, endpoint, lease, signal);
            if (text.trim() === '')
                throw new ContractError(endpoint, '(body)', 'is empty (expected JSON)');
            let body;
            try {
                if (malformed)
                    throw new SyntaxError('a long string is not valid JSON');
                body = JSON.parse(text);
            }
            catch {
                throw new ContractError(endpoint, '(body)', 'is not valid JSON');
            }
            return cut.size > 0 ? (0,remote_text/* withCutTexts */.JW)(cut, () => parse(body)) : parse(body);
        }
        finally {
            lease.release();
        }
    };
}
async function readCapped(response, endpoint, lease, signal) {
    const { body } = response;
    const tooLarge = () => new ContractError(endpoint, '(body)', `is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB`);
    try {
        if (Number(response.headers['content-length']) > MAX_JSON_BYTES)
            throw tooLarge();
        const clipper = new JsonClipper();
        let size = 0;
        let taken = 0;
        for await (const chunk of body) {
            const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
            size += buffer.length;
            if (size > MAX_JSON_BYTES)
                throw tooLarge();
            clipper.push(buffer);
            // Counted as read: all but the body's short part is dropped as soon as scanned.
            droppedBytes(buffer.length);
            // The budget counts what is held, which grows by at most the chunk (a long text's bytes do not).
            if (clipper.held > taken) {
                await lease.take(clipper.held - taken, signal);
                taken = clipper.held;
            }
        }
        const { bytes, cut, malformed } = clipper.end();
        // A leading byte order mark is skipped, as undici's own text() does.
        const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
        return { text: bytes.toString('utf8', start), cut, malformed };
    }
    catch (err) {
        // Refused, or cut off while waiting for room: the rest is not read, and the connection goes.
        body.destroy();
        throw err;
    }
}

// EXTERNAL MODULE: ./node_modules/undici/lib/api/index.js
var api = __webpack_require__(6615);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/agent.js
var agent = __webpack_require__(7405);
var agent_default = /*#__PURE__*/__webpack_require__.n(agent);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/dispatcher.js
var dispatcher = __webpack_require__(883);
var dispatcher_default = /*#__PURE__*/__webpack_require__.n(dispatcher);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/proxy-agent.js
var proxy_agent = __webpack_require__(6672);
var proxy_agent_default = /*#__PURE__*/__webpack_require__.n(proxy_agent);
// EXTERNAL MODULE: ./node_modules/undici/lib/core/connect.js
var core_connect = __webpack_require__(9136);
var connect_default = /*#__PURE__*/__webpack_require__.n(core_connect);
;// CONCATENATED MODULE: ./src/api/undici.ts





Object.assign((dispatcher_default()).prototype, api);

/** undici's `request(url, options)`: one request to `url` through the given dispatcher. */
function request(url, options) {
    const { dispatcher, ...rest } = options;
    return dispatcher.request({ ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}

;// CONCATENATED MODULE: ./src/time.ts
// Time as an injectable dependency, so that backoff and polling can be tested without fake timers
// (fake timers would also freeze undici's own timers around real sockets).
const systemClock = { now: () => Date.now() };
const realSleep = (ms, signal) => new Promise((resolve, reject) => {
    if (signal?.aborted) {
        reject(signal.reason);
        return;
    }
    const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
    };
    const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
});

;// CONCATENATED MODULE: ./src/api/body-budget.ts
// One memory budget for the JSON bodies a process is reading at once. Each body is capped on its own
// (body.ts); this bounds them together, so that many targets read at the same moment cannot add up
// to more memory than the runner has. Step logs are streamed with bounded memory and are not counted.
/** What the bodies of all clients of one process may hold at once, unless a client is given its own. */
const PROCESS_BODY_BUDGET_BYTES = 32 * 1024 * 1024;
/**
 * Bytes of bodies being read at once, across every call that shares it. A body that would take it
 * over the limit waits until others are done, except the body opened first among those still being
 * read: it never waits, so that bodies waiting on each other always make progress. What is held is
 * therefore at most the limit plus one body (the per-body cap).
 */
class BodyBudget {
    limit;
    #used = 0;
    #peak = 0;
    /** Open leases in the order they were opened; the first one never waits. */
    #open = new Set();
    #wakers = [];
    constructor(limit) {
        if (!Number.isSafeInteger(limit) || limit < 1)
            throw new RangeError(`a body budget needs a size, not ${limit}`);
        this.limit = limit;
    }
    /** Bytes held now. */
    get used() {
        return this.#used;
    }
    /** Bodies waiting for room now. */
    get waiting() {
        return this.#wakers.length;
    }
    /** The most bytes held at once so far. */
    get peak() {
        return this.#peak;
    }
    open() {
        const key = {};
        this.#open.add(key);
        let held = 0;
        return {
            take: async (bytes, signal) => {
                while (this.#used + bytes > this.limit && this.#open.values().next().value !== key) {
                    await this.#nextRelease(signal);
                }
                held += bytes;
                this.#used += bytes;
                this.#peak = Math.max(this.#peak, this.#used);
            },
            release: () => {
                if (!this.#open.delete(key))
                    return;
                this.#used -= held;
                held = 0;
                const wakers = this.#wakers;
                this.#wakers = [];
                for (const wake of wakers)
                    wake();
            },
        };
    }
    #nextRelease(signal) {
        return new Promise((resolve, reject) => {
            if (signal?.aborted) {
                reject(signal.reason);
                return;
            }
            const onAbort = () => {
                this.#wakers = this.#wakers.filter((waker) => waker !== wake);
                reject(signal.reason);
            };
            const wake = () => {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.#wakers.push(wake);
        });
    }
}
/** The budget every client of this process shares unless given another. */
const processBodyBudget = new BodyBudget(PROCESS_BODY_BUDGET_BYTES);

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/api/proxy.ts
// Proxy selection from the environment, as @actions/http-client does it: HTTPS_PROXY for https
// targets, HTTP_PROXY for http targets (lower-case names first), NO_PROXY honoured, and loopback
// never proxied. (undici's EnvHttpProxyAgent would send loopback traffic through the proxy.)

function firstSet(env, names) {
    for (const name of names) {
        const value = env[name]?.trim();
        if (value)
            return value;
    }
    return undefined;
}
/** Host name without IPv6 brackets or a trailing dot, lower-cased. */
function bareHost(hostname) {
    return hostname
        .replace(/^\[(.*)\]$/, '$1')
        .replace(/\.$/, '')
        .toLowerCase();
}
function isLoopbackHost(hostname) {
    const host = bareHost(hostname);
    if (host === 'localhost' || host.endsWith('.localhost'))
        return true;
    if ((0,external_node_net_.isIP)(host) === 4)
        return host.startsWith('127.');
    if ((0,external_node_net_.isIP)(host) === 6) {
        const loopback = new external_node_net_.BlockList();
        loopback.addAddress('::1', 'ipv6');
        loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
        return loopback.check(host, 'ipv6');
    }
    return false;
}
function defaultPort(url) {
    return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
/** One NO_PROXY entry: `*`, a host (suffix match), `.suffix`, `*.suffix`, an IP, a CIDR, each with an optional `:port`. */
function matchesEntry(entry, host, port) {
    if (entry === '*')
        return true;
    let name = entry;
    let entryPort;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(name);
    if (bracketed) {
        name = bracketed[1] ?? '';
        entryPort = bracketed[2] ? Number(bracketed[2]) : undefined;
    }
    else if ((name.match(/:/g) ?? []).length === 1) {
        const [hostPart, portPart] = name.split(':');
        if (portPart && /^\d+$/.test(portPart)) {
            name = hostPart ?? '';
            entryPort = Number(portPart);
        }
    }
    if (entryPort !== undefined && entryPort !== port)
        return false;
    name = name.toLowerCase().replace(/\.$/, '');
    if (name.includes('/')) {
        const [address = '', bits = ''] = name.split('/');
        const family = (0,external_node_net_.isIP)(address);
        const hostFamily = (0,external_node_net_.isIP)(host);
        if (!family || hostFamily !== family || !/^\d+$/.test(bits))
            return false;
        const subnet = new external_node_net_.BlockList();
        try {
            subnet.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
        }
        catch {
            return false;
        }
        return subnet.check(host, family === 4 ? 'ipv4' : 'ipv6');
    }
    const suffix = name.replace(/^\*?\./, '');
    if (!suffix)
        return false;
    return host === suffix || host.endsWith(`.${suffix}`);
}
function bypassesProxy(url, env) {
    const host = bareHost(url.hostname);
    if (!host || isLoopbackHost(host))
        return true;
    const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
    if (!noProxy)
        return false;
    const port = defaultPort(url);
    return noProxy
        .split(/[,\s]+/)
        .filter(Boolean)
        .some((entry) => matchesEntry(entry, host, port));
}
/** The proxy URL to use for `url`, or undefined to connect directly. */
function proxyForUrl(url, env) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return undefined;
    const proxy = url.protocol === 'https:'
        ? firstSet(env, ['https_proxy', 'HTTPS_PROXY'])
        : firstSet(env, ['http_proxy', 'HTTP_PROXY']);
    if (!proxy || bypassesProxy(url, env))
        return undefined;
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

;// CONCATENATED MODULE: ./src/api/dispatcher.ts
// The one undici dispatcher of a client: a plain Agent, or, when a proxy variable is set, a router
// that sends each origin either straight out or through the proxy chosen by proxy.ts.
// Custom CAs need nothing here: Node's TLS already honours NODE_EXTRA_CA_CERTS.



const DEFAULT_TIMEOUTS = Object.freeze({
    connectMs: 10_000,
    headersMs: 30_000,
    bodyMs: 30_000,
    totalMs: 60_000,
    streamTotalMs: 120_000,
});
/** The defaults with the given values over them; each given value must be a positive integer. */
function resolveTimeouts(timeouts) {
    const resolved = { ...DEFAULT_TIMEOUTS };
    for (const key of Object.keys(DEFAULT_TIMEOUTS)) {
        const value = timeouts?.[key];
        if (value === undefined)
            continue;
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
            throw new RequestValidationError(`timeouts.${key}`, `timeouts.${key} must be a positive integer of ms`);
        }
        resolved[key] = value;
    }
    return resolved;
}
function agentOptions(timeouts) {
    const resolved = { ...DEFAULT_TIMEOUTS, ...withoutUndefined(timeouts) };
    return {
        connectTimeout: resolved.connectMs,
        headersTimeout: resolved.headersMs,
        bodyTimeout: resolved.bodyMs,
    };
}
function withoutUndefined(timeouts) {
    return Object.fromEntries(Object.entries(timeouts).filter(([, value]) => value !== undefined));
}
class ProxyRouter extends (dispatcher_default()) {
    #env;
    #options;
    #direct;
    #proxies = new Map();
    constructor(env, options, direct) {
        super();
        this.#env = env;
        this.#options = options;
        this.#direct = direct;
    }
    #route(origin) {
        const proxy = proxyForUrl(new URL(origin), this.#env);
        if (!proxy)
            return this.#direct;
        let agent = this.#proxies.get(proxy);
        if (!agent) {
            agent = new (proxy_agent_default())({ ...this.#options, uri: proxy });
            this.#proxies.set(proxy, agent);
        }
        return agent;
    }
    dispatch(options, handler) {
        return this.#route(String(options.origin)).dispatch(options, handler);
    }
    #all() {
        return [this.#direct, ...this.#proxies.values()];
    }
    close(callback) {
        const done = Promise.all(this.#all().map((agent) => agent.close())).then(() => undefined);
        if (!callback)
            return done;
        done.then(callback, callback);
    }
    destroy(errOrCallback, callback) {
        const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null);
        const cb = typeof errOrCallback === 'function' ? errOrCallback : callback;
        const done = Promise.all(this.#all().map((agent) => agent.destroy(err))).then(() => undefined);
        if (!cb)
            return done;
        done.then(cb, cb);
    }
}
function anyProxyVariable(env) {
    return ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].some((name) => Boolean(env[name]?.trim()));
}
/**
 * A dispatcher honouring HTTPS_PROXY/HTTP_PROXY/NO_PROXY (loopback always direct), or a plain
 * Agent when no proxy is configured; connect, headers and body timeouts applied. `connect`, when
 * given, makes the direct connections (a proxy's are its own).
 */
function createDispatcher(env, timeouts = {}, connect) {
    const options = agentOptions(timeouts);
    const direct = new (agent_default())(connect ? { ...options, connect } : options);
    return anyProxyVariable(env) ? new ProxyRouter({ ...env }, options, direct) : direct;
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/api/redact.ts
// Keeps the token out of everything the client lets escape: error messages, causes, debug lines.

const MASK = '***';
/** A server may quote part of a token ("token ghp_Q7xT2m… is invalid"): any piece this long is masked. */
const PIECE = 8;
function createRedactor(secrets) {
    const needles = new Set();
    for (const secret of secrets) {
        if (!secret)
            continue;
        needles.add(secret);
        needles.add(encodeURIComponent(secret));
    }
    const ordered = [...needles].sort((a, b) => b.length - a.length);
    return (text) => {
        // Zero-width characters between a token's characters would hide it from the search and not from a
        // reader: they go first (the messages the client shows are neutralised, which removes them anyway).
        let out = (0,safety/* removeInvisible */.i)(text);
        for (const needle of ordered)
            out = maskPieces(out.split(needle).join(MASK), needle);
        return out
            .replace(/(\bbearer\s+)[^\s"',;]+/gi, `$1${MASK}`)
            .replace(/([?&](?:access_)?token=)[^&#\s"']*/gi, `$1${MASK}`);
    };
}
/** Masks every run of PIECE or more characters of `text` that also stands in `secret`. */
function maskPieces(text, secret) {
    if (secret.length < PIECE || text.length < PIECE)
        return text;
    const windows = new Set();
    for (let at = 0; at + PIECE <= secret.length; at++)
        windows.add(secret.slice(at, at + PIECE));
    let out = '';
    let at = 0;
    while (at < text.length) {
        if (!windows.has(text.slice(at, at + PIECE))) {
            out += text[at];
            at += 1;
            continue;
        }
        let end = at + PIECE;
        while (end < text.length && windows.has(text.slice(end - PIECE + 1, end + 1)))
            end += 1;
        out += MASK;
        at = end;
    }
    return out;
}
/**
 * A copy of a thrown value that is safe to attach as `cause`: name, code and redacted message
 * only, never the original object (which may hold request options and headers).
 */
function sanitizeCause(value, redact, depth = 0) {
    if (!(value instanceof Error))
        return new Error(redact(String(value)));
    const inner = depth < 2 && value.cause !== undefined ? sanitizeCause(value.cause, redact, depth + 1) : undefined;
    const copy = new Error(redact(value.message), inner ? { cause: inner } : undefined);
    copy.name = value.name;
    const code = value.code;
    if (typeof code === 'string')
        copy.code = code;
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
}

;// CONCATENATED MODULE: ./src/api/http-errors.ts
// Turning an error response into a message and a hint. Error bodies follow the hapi/Boom shape
// `{statusCode, error, message}`; anything else falls back to the text, then to fixed messages.



const MAX_MESSAGE_LENGTH = 500;
const FIXED_MESSAGES = {
    401: 'authentication required',
    403: 'not authorized to access this resource',
    404: 'resource not found',
};
const STACK_ERROR = /only stack 1 and 5 are supported for builds/i;
/**
 * The message of an error answer on one line, masked by `redact` before it is shortened: a cut
 * first could keep the start of a token, which the redactor would no longer recognise.
 */
function serverMessageFrom(status, text, redact = createRedactor([])) {
    const trimmed = text.trim();
    if (trimmed.startsWith('{')) {
        try {
            const body = JSON.parse(trimmed);
            if (typeof body.message === 'string' && body.message.trim())
                return shorten(body.message, redact);
            if (typeof body.error === 'string' && body.error.trim())
                return shorten(body.error, redact);
        }
        catch {
            // Not JSON after all: use the text below.
        }
    }
    // An HTML error page (from a proxy or load balancer) says nothing useful in a log line.
    if (trimmed && !trimmed.startsWith('<'))
        return shorten(trimmed, redact);
    return FIXED_MESSAGES[status] ?? external_node_http_.STATUS_CODES[status] ?? `HTTP ${status}`;
}
/**
 * Made inert first (escape sequences, control and bidirectional characters: taking them out could join
 * the pieces of a token), then masked, then cut.
 */
function shorten(text, redact) {
    const oneLine = redact((0,safety/* stripControls */.$Y)(text).replace(/\s+/g, ' ').trim());
    return (0,safety/* clip */.$Q)(oneLine, MAX_MESSAGE_LENGTH);
}
function hintFor(status, serverMessage) {
    if (status === 400 && STACK_ERROR.test(serverMessage)) {
        return 'builds exist only on stacks 1 and 5; for a workflow-stack (stack 6) application trigger a run with pipeline-id instead';
    }
    switch (status) {
        case 401:
            return 'the token is missing, invalid or expired: check the token secret';
        case 403:
            return "the token's user may not access this resource: check its access to the owner and application";
        case 404:
            return 'check the owner, application name or id (private resources that the token cannot see also answer 404)';
        default:
            return undefined;
    }
}

;// CONCATENATED MODULE: ./src/api/origins.ts
// Where the client goes for URLs the server hands out (step logs, artifacts): which origins, and which
// addresses. Only the API's own origin and the origins listed in `log-origins` are fetched; the token
// goes to the API's origin alone (exchange.ts). Even on those origins, loopback, link-local, private
// and cloud metadata addresses are refused unless the API itself is on an address of the same kind:
// an emulator on 127.0.0.1 serves its own logs, a server on 10.x may link to logs on 10.x.
//
// The address is checked where the connection is made, after name resolution, so that a name that
// resolves to 169.254.169.254 is refused like the literal. Through a proxy only the name can be
// checked (an IP literal, or a metadata host name): the proxy resolves it.



// In order of precedence: 169.254.169.254 is metadata before it is link-local.
const IPV4_RANGES = [
    ['metadata', '169.254.169.254', 32],
    // "This host": a connection to 0.0.0.0 reaches the local machine.
    ['loopback', '0.0.0.0', 8],
    ['loopback', '127.0.0.0', 8],
    ['link-local', '169.254.0.0', 16],
    ['private', '10.0.0.0', 8],
    ['private', '100.64.0.0', 10],
    ['private', '172.16.0.0', 12],
    ['private', '192.168.0.0', 16],
    // Not global unicast: protocol assignments, benchmarking, multicast, the reserved block and broadcast.
    ['reserved', '192.0.0.0', 24],
    ['reserved', '198.18.0.0', 15],
    ['reserved', '224.0.0.0', 4],
    ['reserved', '240.0.0.0', 4],
];
const IPV6_RANGES = [
    ['metadata', 'fd00:ec2::254', 128],
    ['loopback', '::', 128],
    ['loopback', '::1', 128],
    ['link-local', 'fe80::', 10],
    ['private', 'fc00::', 7],
    // Teredo hides the address it reaches.
    ['reserved', '2001::', 32],
];
/**
 * IPv6 outside these is not global unicast (IPv4-compatible `::a.b.c.d`, multicast, discard…): refused
 * as reserved. IPv4-mapped and NAT64 forms are judged by the IPv4 address they carry.
 */
const GLOBAL_V6 = [
    ['2000::', 3],
    ['::ffff:0:0', 96],
    ['64:ff9b::', 96],
];
const METADATA_NAMES = new Set(['metadata.google.internal']);
const WORDS = {
    public: 'public',
    loopback: 'loopback',
    'link-local': 'link-local',
    private: 'private',
    metadata: 'cloud metadata',
    reserved: 'reserved (not global unicast)',
};
const CLASS_LISTS = (() => {
    const lists = new Map();
    const list = (kind) => lists.get(kind) ?? lists.set(kind, new external_node_net_.BlockList()).get(kind);
    for (const [kind, address, bits] of IPV4_RANGES) {
        // IPv4-mapped IPv6 (::ffff:a.b.c.d) matches IPv4 rules already; NAT64 (64:ff9b::/96) does not.
        list(kind).addSubnet(address, bits, 'ipv4');
        list(kind).addSubnet(`64:ff9b::${address}`, 96 + bits, 'ipv6');
        // 6to4 (2002:AABB:CCDD::/48) carries the IPv4 address it routes to.
        list(kind).addSubnet(sixToFour(address), 16 + bits, 'ipv6');
    }
    for (const [kind, address, bits] of IPV6_RANGES)
        list(kind).addSubnet(address, bits, 'ipv6');
    return [...lists];
})();
const GLOBAL_LIST = (() => {
    const list = new external_node_net_.BlockList();
    for (const [address, bits] of GLOBAL_V6)
        list.addSubnet(address, bits, 'ipv6');
    return list;
})();
/** The 6to4 prefix of an IPv4 address: 2002:AABB:CCDD::. */
function sixToFour(ipv4) {
    const hex = ipv4.split('.').map((part) => Number(part).toString(16).padStart(2, '0'));
    return `2002:${hex[0]}${hex[1]}:${hex[2]}${hex[3]}::`;
}
/** Host name without IPv6 brackets, zone or trailing dot, lower-cased. */
function origins_bareHost(hostname) {
    return hostname
        .replace(/^\[(.*)\]$/, '$1')
        .replace(/%.*$/, '')
        .replace(/\.$/, '')
        .toLowerCase();
}
/** The kind of an IP address; undefined for anything that is not one. */
function classifyAddress(address) {
    const bare = origins_bareHost(address);
    const family = (0,external_node_net_.isIP)(bare);
    if (family === 0)
        return undefined;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const special = CLASS_LISTS.find(([, list]) => list.check(bare, type))?.[0];
    if (special !== undefined)
        return special;
    return type === 'ipv6' && !GLOBAL_LIST.check(bare, 'ipv6') ? 'reserved' : 'public';
}
/** What the host says of itself without a lookup: an IP literal, or a name known to be local. */
function classifyHost(host) {
    if (host === 'localhost' || host.endsWith('.localhost'))
        return 'loopback';
    if (METADATA_NAMES.has(host))
        return 'metadata';
    return classifyAddress(host);
}
/** A connection the policy refused; it was never used for a request. */
class AddressRefusedError extends Error {
    name = 'AddressRefusedError';
    code = 'ERR_ADDRESS_REFUSED';
}
// node:dns loads at the first name to check, not at start-up before the first request.
const systemResolve = (hostname) => process.getBuiltinModule('node:dns').promises.lookup(hostname, { all: true, order: 'verbatim' });
class OriginPolicy {
    #apiUrl;
    #api;
    /** The API's origin first, then the listed ones. */
    #origins;
    #resolve;
    #allowed;
    /** `apiUrl` is the normalised API root (see normaliseApiUrl). */
    constructor(apiUrl, options = {}) {
        this.#apiUrl = apiUrl;
        this.#api = new URL(apiUrl);
        this.#resolve = options.resolveName ?? systemResolve;
        const origins = [this.#api.origin];
        for (const entry of options.extraOrigins ?? []) {
            const origin = originOf(entry);
            if (origin === undefined) {
                throw new RequestValidationError('extraOrigins', 'extraOrigins must hold http(s) origins only');
            }
            if (!origins.includes(origin))
                origins.push(origin);
        }
        this.#origins = origins;
    }
    /**
     * A URL the server handed out, resolved against the API root, with credentials and fragment
     * dropped. Refused unless http(s), not plain http while the API is https, and on an allowed origin.
     */
    resolve(raw, field) {
        let url;
        try {
            url = new URL(raw, `${this.#apiUrl}/`);
        }
        catch {
            throw new RequestValidationError(field, `${field} is not a valid URL`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
            throw new RequestValidationError(field, `${field} must be an http or https URL (got ${url.protocol})`);
        }
        if (this.#api.protocol === 'https:' && url.protocol === 'http:') {
            throw new RequestValidationError(field, `refusing to fetch ${field} over plain http while the API uses https`);
        }
        if (!this.#origins.includes(url.origin)) {
            throw new RequestValidationError(field, `refusing to fetch ${field} from ${url.origin}: it is neither the API's origin nor listed in ` +
                `log-origins (allowed: ${this.#origins.join(', ')})`);
        }
        url.username = '';
        url.password = '';
        url.hash = '';
        return url;
    }
    /** Refuses, before anything is sent, a host whose kind of address is known from its name alone. */
    async admit(url, field) {
        const host = origins_bareHost(url.hostname);
        const kind = classifyHost(host);
        if (kind === undefined)
            return;
        const allowed = await this.allowedClasses();
        if (!allowed.has(kind)) {
            throw new RequestValidationError(field, `refusing to fetch ${field}: ${problem(host, host, kind, allowed)}`);
        }
    }
    /** Public addresses, and those of the kinds the API itself is on. */
    allowedClasses() {
        this.#allowed ??= this.#apiClasses().then((kinds) => new Set(['public', ...kinds]));
        return this.#allowed;
    }
    async #apiClasses() {
        const host = origins_bareHost(this.#api.hostname);
        const known = classifyHost(host);
        if (known !== undefined)
            return [known];
        try {
            const addresses = await this.#resolve(host);
            return addresses.flatMap((entry) => classifyAddress(entry.address) ?? []);
        }
        catch {
            // Not resolvable here (a proxy may resolve it): the API counts as public.
            return [];
        }
    }
    /** For net.connect: resolves the name and hands out only the addresses the policy allows. */
    lookup = (hostname, options, callback) => {
        this.#addressesFor(origins_bareHost(hostname), options.family).then((addresses) => {
            if (options.all)
                callback(null, [...addresses]);
            else
                callback(null, addresses[0].address, addresses[0].family);
        }, (error) => callback(error, ''));
    };
    async #addressesFor(host, family) {
        const allowed = await this.allowedClasses();
        const named = classifyHost(host);
        if (named !== undefined && !allowed.has(named)) {
            throw new AddressRefusedError(problem(host, host, named, allowed));
        }
        const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
        const found = (await this.#resolve(host)).filter((entry) => !wanted || entry.family === wanted);
        const usable = found.filter((entry) => permits(allowed, classifyAddress(entry.address)));
        if (usable.length > 0)
            return usable;
        const first = found[0];
        if (!first)
            throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
        throw new AddressRefusedError(problem(host, first.address, classifyAddress(first.address), allowed));
    }
    /**
     * An undici connector that resolves through `lookup` and checks the address the socket actually
     * connected to (IP literals skip the lookup).
     */
    connector(timeoutMs) {
        const connect = connect_default()({ timeout: timeoutMs, lookup: this.lookup });
        return (options, callback) => {
            this.allowedClasses().then((allowed) => connect(options, (error, socket) => {
                if (error)
                    return callback(error, null);
                const address = socket.remoteAddress ?? '';
                const kind = classifyAddress(address);
                if (permits(allowed, kind))
                    return callback(null, socket);
                socket.destroy();
                callback(new AddressRefusedError(problem(origins_bareHost(options.hostname), address, kind, allowed)), null);
            }), (error) => callback(error, null));
        };
    }
}
function permits(allowed, kind) {
    return kind !== undefined && allowed.has(kind);
}
function problem(host, address, kind, allowed) {
    const subject = host === address ? host : `${host} resolves to ${address || 'an unknown address'}, which`;
    const what = kind === undefined ? 'not a usable address' : `a ${WORDS[kind]} address`;
    const like = [...allowed].filter((each) => each !== 'public').map((each) => WORDS[each]);
    const also = like.length === 0 ? '' : `, and ${like.join(' or ')} ones like the API's`;
    return `${subject} is ${what}; only public addresses are fetched${also}`;
}
function originOf(entry) {
    try {
        const url = new URL(entry);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/api/retry.ts
// The retry policy for reads and aborts: capped exponential backoff with full jitter, the server's
// Retry-After honoured up to a cap, all within a per-call budget and the caller's deadline.

// Eight attempts: full jitter can draw five retries within a second or two, and a read before the
// trigger that gives up loses the whole run; the budget, not the count, bounds a longer outage.
const DEFAULT_RETRY_POLICY = Object.freeze({
    maxAttempts: 8,
    baseMs: 500,
    capMs: 10_000,
    retryAfterCapMs: 30_000,
    budgetMs: 60_000,
});
/** Later layers override earlier ones; every value is checked. */
function resolveRetryPolicy(...layers) {
    const policy = { ...DEFAULT_RETRY_POLICY };
    for (const layer of layers) {
        if (!layer)
            continue;
        for (const key of Object.keys(DEFAULT_RETRY_POLICY)) {
            const value = layer[key];
            if (value !== undefined)
                policy[key] = value;
        }
    }
    for (const [key, value] of Object.entries(policy)) {
        const min = key === 'maxAttempts' ? 1 : 0;
        if (typeof value !== 'number' || Number.isNaN(value) || value < min) {
            throw new RequestValidationError(`retry.${key}`, `retry.${key} must be a number of at least ${min}`);
        }
    }
    return policy;
}
/** Full jitter: a uniform draw from [0, min(cap, base × 2^retryIndex)); retryIndex 0 is the first retry. */
function backoffDelay(retryIndex, policy, random) {
    const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** retryIndex);
    const draw = Math.min(Math.max(random(), 0), 1);
    return Math.floor(draw * ceiling);
}
/** `Retry-After` as delta-seconds or an HTTP date, in milliseconds from `nowMs`; undefined if unusable. */
function parseRetryAfter(header, nowMs) {
    const value = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!value)
        return undefined;
    if (/^\d+(\.\d+)?$/.test(value))
        return Math.round(Number(value) * 1000);
    if (!/[a-z]/i.test(value))
        return undefined;
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
/** Statuses worth another try: throttling, request timeout, and server errors that may pass. */
function isRetryableStatus(status) {
    if (status === 429 || status === 408)
        return true;
    return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}
function planRetry(state, policy, random) {
    if (state.attempts >= policy.maxAttempts) {
        return {
            retry: false,
            reason: `${policy.maxAttempts} attempt${policy.maxAttempts === 1 ? '' : 's'} made`,
            exhausted: true,
        };
    }
    let delayMs;
    if (state.retryAfterMs !== undefined) {
        if (state.retryAfterMs > policy.retryAfterCapMs) {
            return {
                retry: false,
                reason: `the server asked to wait ${state.retryAfterMs} ms, more than the ${policy.retryAfterCapMs} ms cap`,
                exhausted: false,
            };
        }
        delayMs = state.retryAfterMs;
    }
    else {
        delayMs = backoffDelay(state.attempts - 1, policy, random);
    }
    const resumeAt = state.now + delayMs;
    if (resumeAt > state.startedAt + policy.budgetMs) {
        return {
            retry: false,
            reason: `the retry budget of ${policy.budgetMs} ms would be exceeded`,
            exhausted: false,
        };
    }
    if (state.deadline !== undefined && resumeAt > state.deadline) {
        return { retry: false, reason: 'the deadline would be passed', exhausted: false, pastDeadline: true };
    }
    return { retry: true, delayMs };
}

;// CONCATENATED MODULE: ./src/api/transport.ts
// What a failed exchange means: the kind of failure, and whether the request may have reached the
// server (which decides between "not sent, safe to try again" and "outcome unknown" for triggers).
// Failures that no retry can fix: the client was closed, the request or certificate is invalid.
const PERMANENT = new Set([
    'UND_ERR_CLOSED',
    'UND_ERR_DESTROYED',
    'UND_ERR_INVALID_ARG',
    'ERR_INVALID_URL',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);
// Failures while resolving the name, connecting, or negotiating TLS or a proxy tunnel.
const BEFORE_SENDING = new Set([
    ...PERMANENT,
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EAI_FAIL',
    'EAI_NODATA',
    'EAI_NONAME',
    'EHOSTUNREACH',
    'EHOSTDOWN',
    'ENETUNREACH',
    'ENETDOWN',
    'EADDRNOTAVAIL',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_PRX_CONN',
    'UND_ERR_PRX_TLS',
]);
function codeOf(err) {
    if (typeof err !== 'object' || err === null)
        return undefined;
    const code = err.code;
    if (typeof code === 'string')
        return code;
    // Node's happy-eyeballs connect reports an AggregateError of one failure per address.
    const errors = err.errors;
    if (Array.isArray(errors))
        return errors.map(codeOf).find((inner) => inner !== undefined);
    const cause = err.cause;
    return cause === undefined ? undefined : codeOf(cause);
}
function classifyTransportError(err, timeouts) {
    const code = codeOf(err);
    const timeout = (detail, mayHaveReachedServer) => ({
        kind: 'timeout',
        code,
        detail,
        mayHaveReachedServer,
        retryable: true,
    });
    switch (code) {
        case 'UND_ERR_CONNECT_TIMEOUT':
            return timeout(`no connection within ${timeouts.connectMs} ms`, false);
        case 'UND_ERR_HEADERS_TIMEOUT':
            return timeout(`no response within ${timeouts.headersMs} ms`, true);
        case 'UND_ERR_BODY_TIMEOUT':
            return timeout(`the response body stalled for ${timeouts.bodyMs} ms`, true);
        case 'UND_ERR_SOCKET':
        case 'ECONNRESET':
        case 'EPIPE':
            return {
                kind: 'network',
                code,
                detail: `the connection was closed (${code})`,
                mayHaveReachedServer: true,
                retryable: true,
            };
        default: {
            const message = err instanceof Error && err.message ? err.message : 'network error';
            return {
                kind: 'network',
                ...(code !== undefined ? { code } : {}),
                detail: code && !message.includes(code) ? `${message} (${code})` : message,
                mayHaveReachedServer: code === undefined || !BEFORE_SENDING.has(code),
                retryable: code === undefined || !PERMANENT.has(code),
            };
        }
    }
}

;// CONCATENATED MODULE: ./src/api/exchange.ts
// Sends one logical request of the API client through an undici dispatcher, with timeouts and the
// retry policy. The token goes only to the API's own origin and never into an error or a log line.
// Reads and aborts are retried; triggers never are (see TriggerOutcomeUnknownError). URLs the server
// handed out go through a dispatcher of their own, whose connections the origin policy checks.











const DEFAULT_USER_AGENT = 'ci-run-action';
class Exchanger {
    #origin;
    #policy;
    #token;
    #userAgent;
    #timeouts;
    #retry;
    #clock;
    #sleep;
    #debug;
    #dispatcher;
    #ownsDispatcher;
    /** For URLs the server handed out; made when first needed. */
    #guarded;
    #random;
    #redact;
    #bodies;
    /** `apiUrl` is the normalised API root (see normaliseApiUrl). */
    constructor(apiUrl, options) {
        this.#origin = new URL(apiUrl).origin;
        this.#policy = new OriginPolicy(apiUrl, {
            ...(options.extraOrigins ? { extraOrigins: options.extraOrigins } : {}),
            ...(options.resolveName ? { resolveName: options.resolveName } : {}),
        });
        // Trimmed: a secret pasted with a trailing newline is a common slip.
        this.#token = options.token?.trim() || undefined;
        // Checked here so that a malformed token never reaches a header (or an error message).
        if (this.#token !== undefined && !/^[\x21-\x7e]+$/.test(this.#token)) {
            throw new RequestValidationError('token', 'token must be printable ASCII without spaces or line breaks');
        }
        this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
        this.#timeouts = resolveTimeouts(options.timeouts);
        resolveRetryPolicy(options.retry);
        this.#retry = options.retry;
        this.#clock = options.clock ?? systemClock;
        this.#sleep = options.sleep ?? realSleep;
        this.#debug = options.debug;
        this.#random = options.random ?? Math.random;
        this.#redact = createRedactor([this.#token]);
        this.#bodies = options.bodyBudget ?? processBodyBudget;
        this.#ownsDispatcher = options.dispatcher === undefined;
        this.#dispatcher = options.dispatcher ?? createDispatcher(process.env, this.#timeouts);
    }
    /**
     * A URL the server handed out, resolved against the API root and checked by the origin policy; one it
     * will not fetch is a UrlRefusedError.
     */
    async serverUrl(raw, field) {
        try {
            const url = this.#policy.resolve(raw, field);
            await this.#policy.admit(url, field);
            return url;
        }
        catch (err) {
            if (err instanceof RequestValidationError)
                throw new UrlRefusedError(err.field, err.message);
            throw err;
        }
    }
    /**
     * The body of a 2xx answer as bytes, handed out as they arrive; nothing is buffered whole. The
     * attempt's limits still hold while it is read.
     */
    stream(response, path, bounded) {
        return streamBody(response.body, (err) => this.#streamError(path, err, bounded));
    }
    /** Closes the dispatcher this exchanger created; a dispatcher passed in is left to its owner. */
    async close() {
        await Promise.all([this.#ownsDispatcher ? this.#dispatcher.close() : undefined, this.#guarded?.close()]);
    }
    #dispatcherFor(exchange) {
        if (exchange.field === undefined)
            return this.#dispatcher;
        this.#guarded ??= createDispatcher(process.env, this.#timeouts, this.#policy.connector(this.#timeouts.connectMs));
        return this.#guarded;
    }
    async send(exchange, call = {}) {
        const policy = resolveRetryPolicy(this.#retry, call.retry);
        const path = this.#describe(exchange.url, exchange.field !== undefined);
        const startedAt = this.#clock.now();
        for (let attempt = 1;; attempt++) {
            if (call.signal?.aborted)
                throw this.#abortedError(exchange, path, attempt - 1);
            const began = this.#clock.now();
            const result = await this.#attempt(exchange, path, attempt, call.signal);
            const took = `${Math.max(0, this.#clock.now() - began)} ms`;
            const tag = `attempt ${attempt}/${exchange.retry ? policy.maxAttempts : 1}`;
            if (result.ok) {
                this.#log(`${exchange.method} ${path} → ${result.status} in ${took} (${tag})`);
                return result.value;
            }
            if ('contract' in result) {
                this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag}): ${result.contract.message}`);
                throw result.contract;
            }
            const { init } = result;
            if (result.outcomeUnknown) {
                this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag}; outcome unknown, not retried)`);
                throw new TriggerOutcomeUnknownError({ ...init, taken: result.taken === true });
            }
            if (!exchange.retry || !init.retryable || init.kind === 'aborted') {
                this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag})`);
                throw new ApiError(init);
            }
            const decision = planRetry({
                attempts: attempt,
                startedAt,
                now: this.#clock.now(),
                ...(call.deadline !== undefined ? { deadline: call.deadline } : {}),
                ...(init.retryAfterMs !== undefined ? { retryAfterMs: init.retryAfterMs } : {}),
            }, policy, this.#random);
            if (!decision.retry) {
                this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag}; giving up: ${decision.reason})`);
                // Running out of attempts needs no note: the message already counts them.
                const { reason, pastDeadline } = decision;
                const gaveUp = { ...init, note: `gave up: ${reason}`, ...(pastDeadline ? { pastDeadline } : {}) };
                throw new ApiError(decision.exhausted ? init : gaveUp);
            }
            this.#log(`${exchange.method} ${path} → ${result.label} in ${took} (${tag}; retrying in ${decision.delayMs} ms)`);
            try {
                await this.#sleep(decision.delayMs, call.signal);
            }
            catch (err) {
                if (call.signal?.aborted)
                    throw this.#abortedError(exchange, path, attempt);
                throw err;
            }
        }
    }
    #describe(url, handedOut) {
        // The query of a URL the server handed out is left out: pre-signed URLs carry their credentials there.
        if (url.origin !== this.#origin)
            return this.#redact(`${url.origin}${url.pathname}`);
        return this.#redact(handedOut ? url.pathname : `${url.pathname}${url.search}`);
    }
    /** The token masked, and for a URL the server handed out, the values of its query too (a signature). */
    #redactorFor(exchange) {
        if (exchange.field === undefined || exchange.url.search === '')
            return this.#redact;
        const values = [...exchange.url.searchParams.values()].filter((value) => value.length >= 8);
        return createRedactor([this.#token, ...values]);
    }
    async #attempt(exchange, path, attempt, signal) {
        const headers = {
            ...exchange.headers,
            accept: exchange.accept ?? 'application/json',
            'user-agent': this.#userAgent,
        };
        if (exchange.body !== undefined)
            headers['content-type'] = 'application/json';
        // The token goes to the API's own origin only, never to URLs on other hosts.
        if (this.#token && exchange.url.origin === this.#origin)
            headers.authorization = `Bearer ${this.#token}`;
        // The whole attempt, headers and body, within one limit: the idle timers reset on every byte. An
        // exchange that is `unbounded` has none: its caller bounds it (an artifact of gigabytes must finish).
        const limitMs = exchange.unbounded
            ? Infinity
            : exchange.field === undefined
                ? this.#timeouts.totalMs
                : this.#timeouts.streamTotalMs;
        const limit = exchange.unbounded ? new AbortController().signal : AbortSignal.timeout(limitMs);
        const bounded = { signal, limit, limitMs, bodies: this.#bodies };
        let response;
        try {
            response = await request(exchange.url, {
                method: exchange.method,
                headers,
                ...(exchange.body !== undefined ? { body: JSON.stringify(exchange.body) } : {}),
                signal: signal ? AbortSignal.any([signal, limit]) : limit,
                dispatcher: this.#dispatcherFor(exchange),
                headersTimeout: this.#timeouts.headersMs,
                bodyTimeout: this.#timeouts.bodyMs,
            });
        }
        catch (err) {
            if (err instanceof AddressRefusedError && exchange.field !== undefined) {
                this.#log(`${exchange.method} ${path} → refused (attempt ${attempt}): ${err.message}`);
                throw new UrlRefusedError(exchange.field, `refusing to fetch ${exchange.field}: ${err.message}`);
            }
            return this.#failure(exchange, path, attempt, err, bounded, false);
        }
        const { statusCode } = response;
        if (statusCode < 200 || statusCode > 299) {
            const settled = exchange.settle?.(response);
            if (settled === undefined)
                return this.#httpError(exchange, path, attempt, response);
            await response.body.dump().catch(() => undefined);
            return { ok: true, value: settled, status: statusCode };
        }
        try {
            return { ok: true, value: await exchange.read(response, path, bounded), status: statusCode };
        }
        catch (err) {
            const failed = err instanceof ContractError
                ? this.#unusableBody(exchange, path, attempt, statusCode, err)
                : this.#failure(exchange, path, attempt, err, bounded, true);
            // A 2xx to a trigger: the server created the run or build, whatever became of its answer.
            return 'init' in failed && failed.outcomeUnknown ? { ...failed, taken: true } : failed;
        }
    }
    async #httpError(exchange, path, attempt, response) {
        const { statusCode } = response;
        const text = await readTextPrefix(response.body).catch(() => '');
        const serverMessage = serverMessageFrom(statusCode, text, this.#redactorFor(exchange));
        const retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.#clock.now());
        const hint = hintFor(statusCode, serverMessage);
        let init = {
            method: exchange.method,
            path,
            kind: 'http',
            status: statusCode,
            serverMessage,
            retryable: isRetryableStatus(statusCode),
            attempts: attempt,
            ...(hint ? { hint } : {}),
            ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        };
        if (exchange.onHttpError)
            init = exchange.onHttpError(init);
        // A 5xx to a trigger may come after the server created the run; a 4xx is a clear "no".
        return {
            ok: false,
            init,
            outcomeUnknown: exchange.trigger && statusCode >= 500,
            label: String(statusCode),
        };
    }
    /** A 2xx answer whose body does not fit: a contract failure, or an unknown outcome for a trigger. */
    #unusableBody(exchange, path, attempt, statusCode, err) {
        const label = `${statusCode} (unusable body)`;
        if (!exchange.trigger)
            return { ok: false, contract: err, label };
        return {
            ok: false,
            outcomeUnknown: true,
            label,
            init: {
                method: exchange.method,
                path,
                kind: 'http',
                status: statusCode,
                retryable: false,
                attempts: attempt,
                message: `${exchange.method} ${path} answered ${statusCode} with an unusable body (${err.message}); ${outcomeAdvice(path, true)}`,
                cause: sanitizeCause(err, this.#redact),
            },
        };
    }
    /** A transport failure (or abort) as an attempt result; `afterHeaders` when the response had begun. */
    #failure(exchange, path, attempt, err, { signal, limit, limitMs }, afterHeaders) {
        if (signal?.aborted) {
            return {
                ok: false,
                init: { method: exchange.method, path, kind: 'aborted', retryable: false, attempts: attempt },
                // The request was on its way: a trigger may have been created.
                outcomeUnknown: exchange.trigger,
                label: 'aborted',
            };
        }
        const failure = limit.aborted ? overLimit(limitMs) : classifyTransportError(err, this.#timeouts);
        const init = this.#transportInit(exchange.method, path, err, failure, attempt);
        return {
            ok: false,
            init,
            outcomeUnknown: exchange.trigger && (afterHeaders || failure.mayHaveReachedServer),
            label: failure.code ?? failure.kind,
        };
    }
    #abortedError(exchange, path, attempts) {
        return new ApiError({ method: exchange.method, path, kind: 'aborted', retryable: false, attempts });
    }
    #streamError(path, err, { signal, limit, limitMs }) {
        if (signal?.aborted)
            return new ApiError({ method: 'GET', path, kind: 'aborted', retryable: false });
        const failure = limit.aborted ? overLimit(limitMs) : classifyTransportError(err, this.#timeouts);
        return new ApiError(this.#transportInit('GET', path, err, failure));
    }
    #transportInit(method, path, err, failure, attempts) {
        return {
            method,
            path,
            kind: failure.kind,
            retryable: failure.retryable,
            ...(attempts !== undefined ? { attempts } : {}),
            detail: this.#redact(failure.detail),
            cause: sanitizeCause(err, this.#redact),
            ...(failure.code !== undefined ? { code: failure.code } : {}),
        };
    }
    #log(line) {
        if (!this.#debug)
            return;
        try {
            this.#debug(this.#redact(line));
        }
        catch {
            // A failing log sink must not fail the call it describes.
        }
    }
}
/** An attempt that outlasted its total limit, however steadily the bytes came. */
function overLimit(limitMs) {
    return {
        kind: 'timeout',
        code: 'ERR_TOTAL_TIMEOUT',
        detail: `no complete answer within ${limitMs} ms`,
        mayHaveReachedServer: true,
        retryable: true,
    };
}

// EXTERNAL MODULE: ./src/api/ids.ts
var ids = __webpack_require__(7958);
;// CONCATENATED MODULE: ./src/api/parse-texts.ts
// The remote texts of parsed resources, clipped as remote-text.ts says: every optional text, the texts
// that identify a run or a build (with what they were when cut), env vars and pushed commits.

const isFields = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An optional text, clipped; anything but a string is undefined. */
function optText(value) {
    return typeof value === 'string' ? (0,remote_text/* clipText */.gL)(value) : undefined;
}
const IDENTITY_KEYS = ['branch', 'commitHash', 'message'];
/**
 * `branch`, `commitHash` and `message` of a run or a build, clipped, and under `whole` what each cut one
 * was: the lost-trigger search compares them exactly with what was sent.
 */
function identityTexts(o) {
    const texts = {};
    let whole;
    for (const key of IDENTITY_KEYS) {
        const value = o[key];
        if (typeof value !== 'string')
            continue;
        const clipped = (0,remote_text/* clipRemoteText */.wy)(value);
        texts[key] = clipped.text;
        if (clipped.whole)
            (whole ??= {})[key] = clipped.whole;
    }
    return whole ? { ...texts, whole } : texts;
}
/** Env vars as the run shows them: each key and value clipped, with what a cut one was. */
function parseEnvVars(value) {
    if (!Array.isArray(value))
        return undefined;
    return value
        .filter(isFields)
        .filter((item) => typeof item.key === 'string')
        .map((item) => {
        const key = (0,remote_text/* clipRemoteText */.wy)(item.key);
        const text = typeof item.value === 'string' ? item.value : String(item.value ?? '');
        const val = (0,remote_text/* clipRemoteText */.wy)(text);
        const whole = {
            ...(key.whole ? { key: key.whole } : {}),
            ...(val.whole ? { value: val.whole } : {}),
        };
        return key.whole || val.whole
            ? { key: key.text, value: val.text, whole }
            : { key: key.text, value: val.text };
    });
}
const COMMIT_TEXTS = ['_id', 'commit', 'message', 'by'];
/** Pushed commits: the texts a commit is shown by, clipped; nothing else of what the server sent. */
function parseCommits(value) {
    if (!Array.isArray(value))
        return undefined;
    return value.filter(isFields).map((commit) => {
        const kept = {};
        for (const key of COMMIT_TEXTS) {
            const text = optText(commit[key]);
            if (text !== undefined)
                kept[key] = text;
        }
        return kept;
    });
}

;// CONCATENATED MODULE: ./src/api/timestamp.ts
// Timestamps as real servers sent them: ISO 8601 as documented, or Go's `time.String()` text.
// `2017-07-04 22:43:55.359468446 +0000 UTC`, optionally followed by Go's monotonic reading `m=+0.01`.
const GO_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))? ([+-]\d{2}):?(\d{2})(?: [A-Za-z]{1,5})?(?: m=[+-][\d.]+)?$/;
// ISO 8601 date-time; a missing zone means UTC (the API only speaks UTC).
const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function milliseconds(fraction) {
    return (fraction ?? '').padEnd(3, '0').slice(0, 3);
}
/** ISO 8601 or Go `time.String()` text (fractions truncated to milliseconds); undefined when neither. */
function parseTimestamp(value) {
    // A finite number can still be no date (1e20): dropped like any malformed optional field.
    if (typeof value === 'number' && Number.isFinite(value))
        return validDate(new Date(value));
    if (typeof value !== 'string')
        return undefined;
    const text = value.trim();
    let normalised;
    const go = GO_TIME.exec(text);
    const iso = go ? null : ISO_TIME.exec(text);
    if (go) {
        normalised = `${go[1]}T${go[2]}.${milliseconds(go[3])}${go[4]}:${go[5]}`;
    }
    else if (iso) {
        const time = iso[2]?.length === 5 ? `${iso[2]}:00` : iso[2];
        let zone = (iso[4] ?? 'Z').toUpperCase();
        if (/^[+-]\d{2}$/.test(zone))
            zone += ':00';
        else if (/^[+-]\d{4}$/.test(zone))
            zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
        normalised = `${iso[1]}T${time}.${milliseconds(iso[3])}${zone}`;
    }
    else if (ISO_DATE.test(text)) {
        normalised = text;
    }
    if (normalised === undefined)
        return undefined;
    const ms = Date.parse(normalised);
    return Number.isNaN(ms) ? undefined : new Date(ms);
}
function validDate(date) {
    return Number.isNaN(date.getTime()) ? undefined : date;
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/api/urls.ts
var urls = __webpack_require__(1044);
;// CONCATENATED MODULE: ./src/api/parse.ts
// Tolerant readers for response bodies, and the one place where what a server says is checked.
// What real servers sent must fit: Go-style timestamps, `progress: null`, `pendingapproval`, steps
// named by `displayName`, settings nested under `settings`, extra fields. What no server should send
// must not get through: ids go into URL paths, outputs and saved state, URLs into links and requests,
// statuses and results into outputs and the gate. The rules:
// - a required field (ids, `url`, `status`, list bodies) that is missing, of the wrong type or
//   unusable (an id that fails isSafeId, a URL that is not http(s)) is a ContractError naming the
//   endpoint and the field, and saying what is wrong without repeating the value;
// - an optional field that is null, missing or unusable becomes undefined;
// - a status or result outside the known values becomes `unknown`, never taken for finished;
// - unknown extra fields are ignored.








function child(at, key) {
    const path = typeof key === 'number' ? `${at.path}[${key}]` : at.path ? `${at.path}.${key}` : key;
    return { endpoint: at.endpoint, path };
}
function typeName(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
function fail(at, expected, value) {
    const problem = value === undefined ? `is missing (expected ${expected})` : `is not ${expected} (got ${typeName(value)})`;
    throw new ContractError(at.endpoint, at.path || '(body)', problem);
}
function parse_isFields(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function requireObject(value, at) {
    if (!parse_isFields(value))
        fail(at, 'an object', value);
    return value;
}
/** An id as text: a string, or a whole number some servers may send for one. */
function idText(value) {
    if (typeof value === 'string')
        return value;
    return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
}
function requireId(o, key, at) {
    const text = idText(o[key]);
    if ((0,ids/* isSafeId */.J)(text))
        return text;
    if (text === undefined)
        return fail(child(at, key), 'a non-empty string', o[key]);
    const { endpoint, path } = child(at, key);
    throw new ContractError(endpoint, path, `is not a usable id (${(0,ids/* idFault */.m)(text, (0,remote_text/* remoteLength */.pJ)(text))})`);
}
function optId(value) {
    const text = idText(value);
    return (0,ids/* isSafeId */.J)(text) ? text : undefined;
}
function requireUrl(o, key, at) {
    const value = requireString(o, key, at);
    const checked = (0,urls/* checkUrl */.C)(value, (0,remote_text/* remoteLength */.pJ)(value));
    if ('href' in checked)
        return checked.href;
    const { endpoint, path } = child(at, key);
    throw new ContractError(endpoint, path, `is not a usable URL (${checked.fault})`);
}
function optUrl(value) {
    if (typeof value !== 'string')
        return undefined;
    const checked = (0,urls/* checkUrl */.C)(value, (0,remote_text/* remoteLength */.pJ)(value));
    return 'href' in checked ? checked.href : undefined;
}
function requireString(o, key, at) {
    const value = o[key];
    if (typeof value !== 'string')
        fail(child(at, key), 'a string', value);
    return value;
}
/** A nested object parsed by `parser` (its errors name the field); anything else becomes undefined. */
function optionalObject(o, key, at, parser) {
    const value = o[key];
    return parse_isFields(value) ? parser(value, child(at, key)) : undefined;
}
/** Remote texts are clipped to 4 KiB here, with a "(cut)" note (remote-text.ts). */
const optString = optText;
function optNumber(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
/** Percent: a number from 0 to 100, rounded to a whole one; anything else is unusable. */
function optProgress(value) {
    return typeof value === 'number' && value >= 0 && value <= 100 ? Math.round(value) : undefined;
}
function optBoolean(value) {
    return typeof value === 'boolean' ? value : undefined;
}
function optStringList(value) {
    return Array.isArray(value)
        ? value.filter((item) => typeof item === 'string').map(remote_text/* clipText */.gL)
        : undefined;
}
const KNOWN_STATUSES = new Set(types/* STATUSES */.f);
const KNOWN_RESULTS = new Set(types/* RESULTS */.Pr);
const MAX_RAW_RESULT = 200;
/** `status`: a required string; one outside the known values is `unknown`. */
function readStatus(o, at) {
    const value = requireString(o, 'status', at);
    return KNOWN_STATUSES.has(value) ? value : 'unknown';
}
/**
 * `result`: a missing, null or unknown result is `unknown`. An unknown string is kept as `rawResult`
 * for the people reading the outcome; nothing decides on it.
 */
function readResult(o) {
    const value = o.result;
    if (typeof value === 'string' && KNOWN_RESULTS.has(value))
        return { result: value };
    if (typeof value !== 'string')
        return { result: 'unknown' };
    // clipText first: a result cut at read is shown by its start, as a long one would be.
    return { result: 'unknown', rawResult: (0,safety/* clip */.$Q)((0,remote_text/* clipText */.gL)(value), MAX_RAW_RESULT) };
}
/** Where a resource is: `id` and `url`, both required. */
function readIdentity(o, at) {
    return { id: requireId(o, 'id', at), url: requireUrl(o, 'url', at) };
}
/** How far a run, build, deploy or workflow item got: `status`, `result` and `progress` (percent). */
function readState(o, at) {
    return { status: readStatus(o, at), ...readResult(o), progress: optProgress(o.progress) };
}
/** Drops undefined properties so parsed objects compare and print cleanly. */
function compact(value) {
    for (const key of Object.keys(value)) {
        if (value[key] === undefined)
            delete value[key];
    }
    return value;
}
/** A parser of a required object: `read` takes its fields, and those left undefined are dropped. */
function objectParser(read) {
    return (value, at) => compact(read(requireObject(value, at), at));
}
const parseUser = (value) => {
    if (!parse_isFields(value))
        return undefined;
    const meta = parse_isFields(value.meta) ? value.meta : {};
    const userId = value.userId === null ? null : optId(value.userId);
    return compact({
        userId,
        name: optString(value.name),
        type: optString(value.type),
        username: optString(meta.username) ?? optString(value.username),
    });
};
const parsePipelineRef = objectParser((o, at) => ({
    id: requireId(o, 'id', at),
    url: optUrl(o.url),
    name: optString(o.name),
    pipelineName: optString(o.pipelineName),
    type: optString(o.type),
    permissions: optString(o.permissions),
    setScmProviderStatus: optBoolean(o.setScmProviderStatus),
    createdAt: parseTimestamp(o.createdAt),
}));
function readSourceRunId(o) {
    if (parse_isFields(o.sourceRun))
        return optId(o.sourceRun.id);
    return optId(o.sourceRun) ?? optId(o.sourceRunId);
}
const parseRun = objectParser((o, at) => ({
    ...readIdentity(o, at),
    ...identityTexts(o),
    ...readState(o, at),
    createdAt: parseTimestamp(o.createdAt),
    startedAt: parseTimestamp(o.startedAt),
    finishedAt: parseTimestamp(o.finishedAt),
    envVars: parseEnvVars(o.envVars),
    commits: parseCommits(o.commits),
    user: parseUser(o.user),
    pipeline: optionalObject(o, 'pipeline', at, parsePipelineRef),
    sourceRunId: readSourceRunId(o),
}));
/** `index` is the step's position in its list, used when the server sent no `order`. */
function parseStep(value, at, index = 0) {
    const o = requireObject(value, at);
    const order = Number.isSafeInteger(o.order) && o.order >= 0 ? o.order : index + 1;
    return compact({
        id: requireId(o, 'id', at),
        url: optUrl(o.url),
        order,
        name: optString(o.step) ?? optString(o.displayName) ?? optString(o.name) ?? `step ${order}`,
        phase: optString(o.phase),
        status: readStatus(o, at),
        ...readResult(o),
        createdAt: parseTimestamp(o.createdAt),
        startedAt: parseTimestamp(o.startedAt),
        finishedAt: parseTimestamp(o.finishedAt),
        logUrl: optUrl(o.logUrl),
        artifactsUrl: o.artifactsUrl === null ? null : optUrl(o.artifactsUrl),
    });
}
const parseApplicationRef = objectParser((o, at) => {
    // Some servers nest privacy and stack under `settings`.
    const settings = parse_isFields(o.settings) ? o.settings : {};
    return {
        ...readIdentity(o, at),
        name: (0,remote_text/* clipText */.gL)(requireString(o, 'name', at)),
        owner: parseUser(o.owner),
        privacy: optString(o.privacy) ?? optString(settings.privacy),
        stack: optNumber(o.stack) ?? optNumber(settings.stack),
        createdAt: parseTimestamp(o.createdAt),
        updatedAt: parseTimestamp(o.updatedAt),
    };
});
const parseApplication = (value, at) => {
    const ref = parseApplicationRef(value, at);
    const o = value;
    const settings = parse_isFields(o.settings) ? o.settings : {};
    const scm = parse_isFields(o.scm) ? o.scm : undefined;
    return compact({
        ...ref,
        builds: optUrl(o.builds),
        deploys: optUrl(o.deploys),
        scm: scm
            ? compact({
                repository: optString(scm.repository),
                owner: optString(scm.owner),
                type: optString(scm.type),
            })
            : undefined,
        ignoredBranches: optStringList(o.ignoredBranches) ?? optStringList(settings.ignoredBranches),
    });
};
const parseBuild = objectParser((o, at) => ({
    ...readIdentity(o, at),
    ...readState(o, at),
    ...identityTexts(o),
    createdAt: parseTimestamp(o.createdAt),
    startedAt: parseTimestamp(o.startedAt),
    finishedAt: parseTimestamp(o.finishedAt),
    application: optionalObject(o, 'application', at, parseApplicationRef),
}));
const parseDeploy = objectParser((o, at) => ({
    ...readIdentity(o, at),
    ...readState(o, at),
    createdAt: parseTimestamp(o.createdAt),
}));
/** Flattens the item's `data` object (runId, pipelineId, step counters) into the item. */
const parseWorkflowItem = objectParser((o, at) => {
    const data = parse_isFields(o.data) ? o.data : {};
    return {
        id: requireId(o, 'id', at),
        type: optString(o.type),
        ...readState(o, at),
        updatedAt: parseTimestamp(o.updatedAt),
        runId: optId(data.runId),
        pipelineId: optId(data.pipelineId),
        targetName: optString(data.targetName),
        restricted: optBoolean(data.restricted),
        currentStep: optNumber(data.currentStep),
        totalSteps: optNumber(data.totalSteps),
        stepName: optString(data.stepName),
        parentItem: optId(o.parentItem),
    };
});
const parseWorkflow = objectParser((o, at) => {
    const data = parse_isFields(o.data) ? o.data : undefined;
    let items = [];
    if (o.items !== undefined && o.items !== null) {
        items = parseListAt(o.items, child(at, 'items'), parseWorkflowItem);
    }
    return {
        ...readIdentity(o, at),
        trigger: optString(o.trigger),
        createdAt: parseTimestamp(o.createdAt),
        startedAt: parseTimestamp(o.startedAt),
        updatedAt: parseTimestamp(o.updatedAt),
        data: data
            ? compact({
                branch: optString(data.branch),
                commitHash: optString(data.commitHash),
                message: optString(data.message),
                sourceRunId: optId(data.sourceRunId),
            })
            : undefined,
        items,
        user: parseUser(o.user),
        application: optionalObject(o, 'application', at, parseApplicationRef),
    };
});
const parsePipeline = objectParser((o, at) => {
    const name = optString(o.name) ?? optString(o.pipelineName);
    if (name === undefined)
        fail(child(at, 'name'), 'a string', o.name);
    return {
        id: requireId(o, 'id', at),
        url: optUrl(o.url),
        name,
        pipelineName: optString(o.pipelineName),
        type: optString(o.type),
        permissions: optString(o.permissions),
        createdAt: parseTimestamp(o.createdAt),
    };
});
const parsePipelineWithApplication = (value, at) => {
    const pipeline = parsePipeline(value, at);
    const application = optionalObject(value, 'application', at, parseApplicationRef);
    return application ? { ...pipeline, application } : pipeline;
};
function parseListAt(value, at, item) {
    if (!Array.isArray(value))
        fail(at, 'an array', value);
    return value.map((entry, index) => item(entry, child(at, index), index));
}
/** Parses a single-object body of `endpoint` (e.g. `GET /runs/:runId`). */
function parseBody(body, endpoint, parser) {
    return parser(body, { endpoint, path: '' });
}
/** Parses a list body (a bare array) of `endpoint`; items are named `[i].field` in errors. */
function parseListBody(body, endpoint, item) {
    return parseListAt(body, { endpoint, path: '' }, item);
}

;// CONCATENATED MODULE: ./src/spec/api-v3.ts
// Lists the CI Service API v3 specification fixes, shared by the client and the emulator: they implement
// the two sides of one spec, and neither may import the other.
/** The orders of the lists sorted by creation date (runs, workflows, builds, deploys). */
const CREATION_SORTS = ['creationDateAsc', 'creationDateDesc'];
/** The orders of the applications list. */
const APPLICATION_SORTS = [
    'nameAsc',
    'nameDesc',
    'createdAtAsc',
    'createdAtDesc',
    'updatedAtAsc',
    'updatedAtDesc',
];

;// CONCATENATED MODULE: ./src/api/requests.ts
// Builds each endpoint's method, path, query and payload after checking the API's rules
// (spec §4 and §8), so that a request that breaks them is never sent.



const MAX_IGNORED_BRANCHES = 10;
function query(params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
        if (value !== undefined)
            search.append(key, String(value));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
}
function segment(value, field) {
    if (typeof value !== 'string' || value.trim() === '') {
        throw new RequestValidationError(field, `${field} must be a non-empty string`);
    }
    // The last line against a path that climbs: `.` and `..` stay dot segments however they are encoded.
    if (value === '.' || value === '..') {
        throw new RequestValidationError(field, `${field} may not be "." or ".."`);
    }
    return encodeURIComponent(value);
}
function optionalText(value, field) {
    if (value === undefined)
        return undefined;
    if (typeof value !== 'string' || value === '') {
        throw new RequestValidationError(field, `${field} must be a non-empty string when given`);
    }
    return value;
}
function integerIn(value, field, min, max) {
    if (value === undefined)
        return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
        throw new RequestValidationError(field, `${field} must be an integer ${range} (got ${String(value)})`);
    }
    return value;
}
function limit(value, min, max) {
    return integerIn(value, 'limit', min, max);
}
function skip(value) {
    return integerIn(value, 'skip', 0, Number.MAX_SAFE_INTEGER);
}
function oneOf(value, field, allowed) {
    if (value === undefined)
        return undefined;
    if (typeof value !== 'string' || !allowed.includes(value)) {
        throw new RequestValidationError(field, `${field} must be one of ${allowed.join(', ')} (got ${String(value)})`);
    }
    return value;
}
/** `limit` (1 to 20), `skip` and `sort` by creation date, shared by the run-like lists. */
function sortedPage(page) {
    return {
        limit: limit(page.limit, 1, 20),
        skip: skip(page.skip),
        sort: oneOf(page.sort, 'sort', CREATION_SORTS),
    };
}
function stack(value) {
    return integerIn(value, 'stack', 1, Number.MAX_SAFE_INTEGER);
}
function envVars(value) {
    if (value === undefined)
        return undefined;
    if (!Array.isArray(value))
        throw new RequestValidationError('envVars', 'envVars must be an array of {key, value}');
    return value.map((item, index) => {
        const entry = item;
        if (typeof entry?.key !== 'string' || entry.key === '' || typeof entry.value !== 'string') {
            throw new RequestValidationError(`envVars[${index}]`, `envVars[${index}] must have a non-empty string key and a string value`);
        }
        // Only key and value are sent, in the caller's order (later entries may use earlier ones).
        return { key: entry.key, value: entry.value };
    });
}
/** Shared by run and build triggers: `commitHash` needs `branch`. */
function commonTrigger(payload) {
    const branch = optionalText(payload.branch, 'branch');
    const commitHash = optionalText(payload.commitHash, 'commitHash');
    if (commitHash !== undefined && branch === undefined) {
        throw new RequestValidationError('commitHash', 'commitHash requires branch: give the branch the commit is on');
    }
    if (payload.message !== undefined && typeof payload.message !== 'string') {
        throw new RequestValidationError('message', 'message must be a string');
    }
    return requests_withoutUndefined({
        branch,
        commitHash,
        message: payload.message,
        envVars: envVars(payload.envVars),
    });
}
function requests_withoutUndefined(value) {
    for (const key of Object.keys(value))
        if (value[key] === undefined)
            delete value[key];
    return value;
}
/**
 * The request named `endpoint` (`GET /runs/:runId`): its method, and its path with each `:name` filled
 * with `params[name]`, checked and encoded.
 */
function requests_request(endpoint, params = {}) {
    const [method, template] = endpoint.split(' ');
    const path = template.replace(/:(\w+)/g, (_, name) => segment(params[name], name));
    return { method, endpoint, path };
}
function withQuery(spec, params) {
    return { ...spec, path: spec.path + query(params) };
}
/** A trigger: its body holds the required id (checked first), its `own` fields, then those of both triggers. */
function triggerRequest(endpoint, field, payload, own = () => ({})) {
    const id = payload?.[field];
    if (typeof id !== 'string' || id === '') {
        throw new RequestValidationError(field, `a ${endpoint === 'POST /runs' ? 'run' : 'build'} trigger needs ${field}`);
    }
    return {
        ...requests_request(endpoint),
        body: requests_withoutUndefined({ [field]: id, ...own(payload), ...commonTrigger(payload) }),
    };
}
function listApplicationsRequest(owner, options = {}) {
    return withQuery(requests_request('GET /applications/:owner', { owner }), {
        stack: stack(options.stack),
        limit: limit(options.limit, 1, 100),
        skip: skip(options.skip),
        sort: oneOf(options.sort, 'sort', APPLICATION_SORTS),
    });
}
function getApplicationRequest(owner, name) {
    return requests_request('GET /applications/:owner/:application', { owner, application: name });
}
function setIgnoredBranchesRequest(owner, name, branches) {
    if (!Array.isArray(branches) || branches.some((branch) => typeof branch !== 'string' || branch === '')) {
        throw new RequestValidationError('ignoredBranches', 'ignoredBranches must be an array of non-empty strings');
    }
    if (branches.length > MAX_IGNORED_BRANCHES) {
        throw new RequestValidationError('ignoredBranches', `ignoredBranches takes at most ${MAX_IGNORED_BRANCHES} entries (got ${branches.length})`);
    }
    return {
        ...requests_request('PATCH /applications/:owner/:application', { owner, application: name }),
        body: { ignoredBranches: [...branches] },
    };
}
function listBuildsRequest(owner, name, filters = {}) {
    const commit = optionalText(filters.commit, 'commit');
    if (commit !== undefined && commit.length !== 40) {
        throw new RequestValidationError('commit', `commit must be a full 40-character hash (got ${commit.length} characters)`);
    }
    return withQuery(requests_request('GET /applications/:owner/:application/builds', { owner, application: name }), {
        branch: optionalText(filters.branch, 'branch'),
        commit,
        result: optionalText(filters.result, 'result'),
        stack: stack(filters.stack),
        status: optionalText(filters.status, 'status'),
        ...sortedPage(filters),
    });
}
function getBuildRequest(id) {
    return requests_request('GET /builds/:buildId', { buildId: id });
}
function triggerBuildRequest(payload) {
    return triggerRequest('POST /builds', 'applicationId', payload);
}
function listDeploysRequest(owner, name, filters = {}) {
    return withQuery(requests_request('GET /applications/:owner/:application/deploys', { owner, application: name }), {
        buildId: optionalText(filters.buildId, 'buildId'),
        result: optionalText(filters.result, 'result'),
        stack: stack(filters.stack),
        status: optionalText(filters.status, 'status'),
        ...sortedPage(filters),
    });
}
function listRunsRequest(filters) {
    const applicationId = optionalText(filters?.applicationId, 'applicationId');
    const pipelineId = optionalText(filters?.pipelineId, 'pipelineId');
    if (applicationId === undefined && pipelineId === undefined) {
        throw new RequestValidationError('applicationId', 'listing runs needs applicationId or pipelineId');
    }
    return withQuery(requests_request('GET /runs'), {
        applicationId,
        pipelineId,
        ...sortedPage(filters),
        status: optionalText(filters.status, 'status'),
        result: optionalText(filters.result, 'result'),
        branch: optionalText(filters.branch, 'branch'),
        tag: optionalText(filters.tag, 'tag'),
        commit: optionalText(filters.commit, 'commit'),
        sourceRun: optionalText(filters.sourceRun, 'sourceRun'),
        author: optionalText(filters.author, 'author'),
    });
}
function getRunRequest(id) {
    return requests_request('GET /runs/:runId', { runId: id });
}
function getRunStepsRequest(id) {
    return requests_request('GET /runs/:runId/steps', { runId: id });
}
function triggerRunRequest(payload) {
    return triggerRequest('POST /runs', 'pipelineId', payload, (run) => ({
        sourceRunId: optionalText(run.sourceRunId, 'sourceRunId'),
    }));
}
function abortRunRequest(id) {
    // Clients of the real service sent an empty JSON object as the abort body.
    return { ...requests_request('PUT /runs/:runId/abort', { runId: id }), body: {} };
}
function listWorkflowsRequest(filters) {
    const applicationId = optionalText(filters?.applicationId, 'applicationId');
    if (applicationId === undefined) {
        throw new RequestValidationError('applicationId', 'listing workflows needs applicationId');
    }
    return withQuery(requests_request('GET /workflows'), { applicationId, ...sortedPage(filters) });
}
function getWorkflowRequest(id) {
    return requests_request('GET /workflows/:workflowId', { workflowId: id });
}
function listPipelinesRequest(owner, name, page = {}) {
    return withQuery(requests_request('GET /applications/:owner/:application/pipelines', { owner, application: name }), {
        limit: limit(page.limit, 1, Number.MAX_SAFE_INTEGER),
        skip: skip(page.skip),
    });
}
function getPipelineRequest(id) {
    return requests_request('GET /pipelines/:pipelineId', { pipelineId: id });
}

;// CONCATENATED MODULE: ./src/api/client.ts
// The API v3 client: one method per endpoint, each validated before sending and parsed tolerantly
// after receiving. Sending, retrying and the token's safety are the exchange layer's (exchange.ts).








/** Redirects followed from a step's `artifactsUrl` to its archive, each hop checked. */
const MAX_REDIRECTS = 5;
class ApiClient {
    /** Normalised API root, ending in `/api/v3`. */
    apiUrl;
    /** The largest page the run-like lists take (runs, builds, deploys, workflows). */
    pageSize = 20;
    #exchanger;
    constructor(options) {
        this.apiUrl = normaliseApiUrl(options.baseUrl);
        this.#exchanger = new Exchanger(this.apiUrl, options);
    }
    // One method per JSON endpoint: its request builder, how many arguments that takes (optional ones
    // included; the next one is the call's options), and the reader of its body.
    // Applications
    listApplications = this.#endpoint(listApplicationsRequest, 2, list(parseApplicationRef));
    getApplication = this.#endpoint(getApplicationRequest, 2, parseApplication);
    setIgnoredBranches = this.#endpoint(setIgnoredBranchesRequest, 3, parseApplication);
    // Builds and deploys (classic stack)
    listBuilds = this.#endpoint(listBuildsRequest, 3, list(parseBuild));
    getBuild = this.#endpoint(getBuildRequest, 1, parseBuild);
    triggerBuild = this.#endpoint(triggerBuildRequest, 1, parseBuild);
    listDeploys = this.#endpoint(listDeploysRequest, 3, list(parseDeploy));
    // Runs (workflow stack)
    listRuns = this.#endpoint(listRunsRequest, 1, list(parseRun));
    getRun = this.#endpoint(getRunRequest, 1, parseRun);
    getRunSteps = this.#endpoint(getRunStepsRequest, 1, list(parseStep));
    triggerRun = this.#endpoint(triggerRunRequest, 1, parseRun);
    abortRun = this.#endpoint(abortRunRequest, 1, parseRun);
    // Workflows and pipelines
    listWorkflows = this.#endpoint(listWorkflowsRequest, 1, list(parseWorkflow));
    getWorkflow = this.#endpoint(getWorkflowRequest, 1, parseWorkflow);
    listPipelines = this.#endpoint(listPipelinesRequest, 3, list(parsePipeline));
    getPipeline = this.#endpoint(getPipelineRequest, 1, parsePipelineWithApplication);
    /**
     * `PUT /builds/:buildId/abort`, built from the API root and the id, never from a URL the server sent;
     * a server without it answers 404/405, reported with `unsupported: true`.
     */
    async abortBuild(id, call) {
        const url = new URL(`${this.apiUrl}${getBuildRequest(id).path}/abort`);
        return this.#exchanger.send({
            method: 'PUT',
            endpoint: 'PUT /builds/:buildId/abort',
            url,
            body: {},
            retry: true,
            trigger: false,
            onHttpError: (init) => init.status === 404 || init.status === 405
                ? { ...init, unsupported: true, hint: 'this server offers no build abort' }
                : init,
            read: jsonReader('PUT /builds/:buildId/abort', (body) => parseBody(body, 'PUT /builds/:buildId/abort', parseBuild)),
        }, call);
    }
    /**
     * Opens a step log (plain text) and hands out its bytes as they arrive; nothing is buffered
     * whole. Fetched only from the API's origin or an origin in `extraOrigins`, never from a local or
     * metadata address the API is not on (origins.ts); the token goes to the API's origin alone.
     */
    async openStepLog(logUrl, call) {
        const url = await this.#exchanger.serverUrl(logUrl, 'logUrl');
        return this.#exchanger.send({
            method: 'GET',
            endpoint: 'GET :logUrl',
            url,
            field: 'logUrl',
            accept: 'text/plain, */*',
            retry: true,
            trigger: false,
            read: async (response, path, bounded) => this.#exchanger.stream(response, path, bounded),
        }, call);
    }
    /**
     * Reads a step's log from byte `from` on (`Range: bytes=N-`), for following a log while it grows: a 206
     * is the part asked for, a 200 the whole log (the server ignored the range), a 416 nothing new (with
     * the log's length, which may be below `from` when the log started over), a 404 no log yet. The same
     * origin rules as openStepLog apply.
     */
    async readStepLog(logUrl, from, call) {
        if (!Number.isSafeInteger(from) || from < 0)
            throw new RangeError(`from must be a byte offset, not ${from}`);
        const url = await this.#exchanger.serverUrl(logUrl, 'logUrl');
        const endpoint = 'GET :logUrl';
        return this.#exchanger.send({
            method: 'GET',
            endpoint,
            url,
            field: 'logUrl',
            accept: 'text/plain, */*',
            // Without compression: the offsets are those of the log's own bytes.
            headers: { range: `bytes=${from}-`, 'accept-encoding': 'identity' },
            retry: true,
            trigger: false,
            settle: (response) => {
                if (response.statusCode === 404)
                    return { kind: 'not-yet' };
                if (response.statusCode !== 416)
                    return undefined;
                const range = parseContentRange(response.headers['content-range']);
                return range?.totalLength !== undefined
                    ? { kind: 'nothing-new', totalLength: range.totalLength }
                    : { kind: 'nothing-new' };
            },
            read: async (response, path, bounded) => {
                const body = () => this.#exchanger.stream(response, path, bounded);
                if (response.statusCode !== 206)
                    return { kind: 'whole', body: body() };
                const range = parseContentRange(response.headers['content-range']);
                if (range?.start === undefined) {
                    await response.body.dump().catch(() => undefined);
                    throw new ContractError(endpoint, 'Content-Range', 'is missing or not a single byte range');
                }
                return {
                    kind: 'partial',
                    start: range.start,
                    body: body(),
                    ...(range.totalLength !== undefined ? { totalLength: range.totalLength } : {}),
                };
            },
        }, call);
    }
    /**
     * One read of a step's artifacts: the whole archive, or with `from` the rest of the same version from
     * `from.offset` on (`Range` with `If-Range`). Redirects are followed here, at most 5, each hop checked
     * as the URL itself was: only to the API's origin or an origin in `extraOrigins`, the token to the API's
     * origin alone. No total time limit: the caller's signal bounds the read (the idle timeouts hold).
     * Refusals are UrlRefusedErrors naming the origin, never the URL's path or query.
     */
    async readArtifact(artifactsUrl, from, call) {
        if (from !== undefined && (!Number.isSafeInteger(from.offset) || from.offset < 0))
            throw new RangeError(`from.offset must be a byte offset, not ${from.offset}`);
        const field = 'artifactsUrl';
        const endpoint = 'GET :artifactsUrl';
        let url = await this.#exchanger.serverUrl(artifactsUrl, field);
        for (let hops = 0;; hops++) {
            const onApiOrigin = url.origin === new URL(this.apiUrl).origin;
            const answer = await this.#exchanger.send({
                method: 'GET',
                endpoint,
                url,
                field,
                accept: '*/*',
                headers: artifactRequestHeaders(from),
                unbounded: true,
                retry: true,
                trigger: false,
                settle: settleArtifactAnswer,
                // The hints speak of the token, which only the API's origin is sent.
                onHttpError: ({ hint, ...init }) => (onApiOrigin && hint !== undefined ? { ...init, hint } : init),
                read: async (response, path, bounded) => {
                    const described = describeArtifactAnswer(response);
                    if (described === undefined) {
                        await response.body.dump().catch(() => undefined);
                        throw new ContractError(endpoint, 'Content-Range', 'is missing or not a single byte range');
                    }
                    const { start, ...rest } = described;
                    const body = this.#exchanger.stream(response, path, bounded);
                    return rest.kind === 'partial' ? { ...rest, start, body } : { ...rest, kind: 'whole', body };
                },
            }, call);
            if (answer.kind !== 'redirect')
                return answer;
            if (hops === MAX_REDIRECTS) {
                throw new ContractError(endpoint, 'Location', `leads through more than ${MAX_REDIRECTS} redirects`);
            }
            url = await this.#redirect(answer.location, url, endpoint, field);
        }
    }
    /** Where a redirect leads, checked by the origin policy like the URL the server handed out. */
    async #redirect(location, from, endpoint, field) {
        let next;
        try {
            if (location === undefined)
                throw new TypeError('no Location');
            next = new URL(location, from);
        }
        catch {
            throw new ContractError(endpoint, 'Location', 'of a redirect is missing or not a valid URL');
        }
        try {
            return await this.#exchanger.serverUrl(next.href, field);
        }
        catch (err) {
            if (!(err instanceof UrlRefusedError))
                throw err;
            throw new UrlRefusedError(field, `not following a redirect of ${field}: ${err.message}`);
        }
    }
    /** Closes the dispatcher the client created; a dispatcher passed in is left to its owner. */
    async close() {
        await this.#exchanger.close();
    }
    #endpoint(request, arity, parser) {
        // Async, so that a request that breaks a rule rejects rather than throws.
        return async (...args) => this.#json(request(...args.slice(0, arity)), parser, args[arity]);
    }
    #json(spec, parser, call) {
        return this.#exchanger.send({
            method: spec.method,
            endpoint: spec.endpoint,
            url: new URL(`${this.apiUrl}${spec.path}`),
            body: spec.body,
            retry: spec.method === 'GET' || spec.method === 'PUT',
            trigger: spec.method === 'POST',
            read: jsonReader(spec.endpoint, (body) => parseBody(body, spec.endpoint, parser)),
        }, call);
    }
}
function list(item) {
    return (value, at) => parseListBody(value, at.endpoint, item);
}

;// CONCATENATED MODULE: ./src/api/connect.ts
// The one way the action, its post entry and the CLI build a client for the CI service.

function createApiClient({ baseUrl, token, userAgent, logOrigins, debug }) {
    return new ApiClient({
        baseUrl,
        userAgent,
        ...(token ? { token } : {}),
        ...(logOrigins?.length ? { extraOrigins: logOrigins } : {}),
        ...(debug ? { debug } : {}),
    });
}
/** Runs `work` with a client and closes it whatever happens. */
async function withApiClient(connection, work) {
    const client = createApiClient(connection);
    try {
        return await work(client);
    }
    finally {
        await client.close().catch(() => undefined);
    }
}

;// CONCATENATED MODULE: ./src/core/abort.ts


/** What came of an abort, said once as a clause and as the sentence it ends. */
function said(clause) {
    return { clause, message: `${clause}.` };
}
const PEEK_MS = 1500;
/** Failures of an abort that are tried again without reading the work first. */
const RETRY_AT_ONCE = new Set([
    'no-answer',
    'aborted',
    'transient',
    'throttled',
    'other',
]);
function operations(client, ref) {
    return ref.kind === 'run'
        ? { read: (call) => client.getRun(ref.id, call), abort: (call) => client.abortRun(ref.id, call) }
        : { read: (call) => client.getBuild(ref.id, call), abort: (call) => client.abortBuild(ref.id, call) };
}
async function abortRemote(client, ref, options) {
    const { clock, sleep } = options;
    const attempt = new AbortAttempt(client, ref, options);
    if (!options.askFirst) {
        // A run that finished on its own needs no abort; one quick read tells, and costs little.
        const first = await attempt.read(Math.min(attempt.deadline, clock.now() + PEEK_MS));
        if (first?.status === 'finished')
            return attempt.finished(first, true);
    }
    while (clock.now() < attempt.deadline && !options.signal?.aborted) {
        const done = await attempt.step();
        if (done)
            return done;
        const pause = Math.min(options.retryEveryMs ?? 500, attempt.deadline - clock.now());
        if (pause <= 0)
            break;
        try {
            await sleep(pause, options.signal);
        }
        catch {
            break;
        }
    }
    return attempt.gaveUp();
}
/** One abort in progress: what it has tried, and what the server said last. */
class AbortAttempt {
    deadline;
    noun;
    #lastProblem = 'no answer from the server';
    #accepted = false;
    #saidNotStarted = false;
    #ops;
    #ref;
    #options;
    constructor(client, ref, options) {
        this.#ops = operations(client, ref);
        this.#ref = ref;
        this.#options = options;
        this.noun = ref.kind === 'run' ? 'Run' : 'Build';
        this.deadline = options.clock.now() + options.budgetMs;
    }
    async read(until = this.deadline) {
        try {
            return await this.#ops.read(callWindow(until, this.#options.clock, this.#options.signal));
        }
        catch {
            return undefined;
        }
    }
    finished(resource, alreadyFinished) {
        const { noun } = this;
        const id = this.#ref.id;
        return {
            ref: this.#ref,
            confirmed: true,
            ...(alreadyFinished ? { alreadyFinished } : {}),
            resource,
            ...said(alreadyFinished
                ? `${noun} ${id} had already finished (result: ${clean(resource.result)}); nothing to abort`
                : `${noun} ${id} was aborted (result: ${clean(resource.result)})`),
        };
    }
    /** Asks once (or, once accepted, looks once); a result when the abort is over, else undefined. */
    async step() {
        if (this.#accepted) {
            // The server took the abort; wait for the state to show it rather than asking again.
            const current = await this.read();
            if (current?.status === 'finished')
                return this.finished(current, false);
            this.#lastProblem = `the abort was accepted but the ${this.#ref.kind} is still ${clean(current?.status ?? 'unreadable')}`;
            return undefined;
        }
        try {
            const answer = await this.#ops.abort(callWindow(this.deadline, this.#options.clock, this.#options.signal));
            if (answer.status === 'finished')
                return this.finished(answer, answer.result !== 'aborted');
            this.#accepted = true;
            return this.step();
        }
        catch (error) {
            if (this.#options.signal?.aborted)
                return this.gaveUp();
            const failure = errors_describeFailure(error);
            // Not a failure of the call (an unusable answer, a bug): nothing to ask again.
            if (failure.word === 'internal' || failure.word === 'unusable-answer')
                throw error;
            return this.#refused(failure);
        }
    }
    async #refused(failure) {
        const { noun } = this;
        const id = this.#ref.id;
        if (failure.word === 'unsupported') {
            return {
                ref: this.#ref,
                confirmed: false,
                ...said(`${noun} ${id} could not be aborted: the server offers no abort for it. Stop it on the server`),
            };
        }
        this.#lastProblem = clean(failure.serverMessage ?? failure.message);
        // No answer, or one worth asking again for: try again.
        if (RETRY_AT_ONCE.has(failure.word)) {
            return undefined;
        }
        // Refused: find out why from the resource itself rather than from the server's wording.
        const current = await this.read();
        if (current?.status === 'finished')
            return this.finished(current, true);
        if (current && current.status !== 'running') {
            if (!this.#saidNotStarted) {
                this.#options.log.info(`${noun} ${id} has not started yet (${clean(current.status)}); retrying the abort until it starts.`);
                this.#saidNotStarted = true;
            }
            return undefined;
        }
        return failure.word === 'denied' || failure.word === 'not-found' ? this.gaveUp() : undefined;
    }
    gaveUp() {
        return {
            ref: this.#ref,
            confirmed: false,
            ...said(`${this.noun} ${this.#ref.id} could not be aborted within ${Math.round(this.#options.budgetMs / 1000)}s: ${this.#lastProblem}`),
        };
    }
}
/** Aborts several at once, so that together they take no longer than one. */
function abortAll(client, refs, options) {
    return Promise.all(refs.map((ref) => abortRemote(client, ref, options)));
}
function callWindow(deadline, clock, signal) {
    const timeout = AbortSignal.timeout(Math.max(1, deadline - clock.now()));
    return { deadline, signal: signal ? AbortSignal.any([signal, timeout]) : timeout };
}
function clean(text) {
    return (0,safety/* sanitizeLine */.g$)(text, { maxLength: 300 }).replace(/\.+$/, '');
}

;// CONCATENATED MODULE: ./src/core/budget.ts
class Budget {
    /** Epoch ms on `clock`. */
    deadline;
    totalMs;
    #clock;
    #spent = new AbortController();
    #timer;
    constructor(clock, totalMs) {
        this.#clock = clock;
        this.totalMs = totalMs;
        this.deadline = clock.now() + totalMs;
        this.#timer = setTimeout(() => this.#spent.abort(new Error('the time budget is spent')), totalMs);
        this.#timer.unref?.();
    }
    /** Ms left, never below 0. */
    left() {
        return Math.max(0, this.deadline - this.#clock.now());
    }
    get spent() {
        return this.#spent.signal.aborted || this.left() === 0;
    }
    /**
     * Bounds for one call or piece of work: at most `capMs`, and never past what is left once `reserveMs`
     * is kept for the work after it.
     */
    slice(capMs, reserveMs = 0) {
        const ms = Math.max(1, Math.min(capMs, this.left() - reserveMs));
        return {
            ms,
            deadline: this.#clock.now() + ms,
            signal: AbortSignal.any([this.#spent.signal, AbortSignal.timeout(ms)]),
        };
    }
    dispose() {
        clearTimeout(this.#timer);
    }
}

;// CONCATENATED MODULE: ./src/text/path-segment.ts
// A URL path segment built from remote text (a pipeline's, an application's or an owner's name). Every
// byte of its UTF-8 outside `[A-Za-z0-9_.-]` is percent-encoded: encodeURIComponent keeps `!`, `'`, `(`,
// `)`, `*` and `~`, and a link is pasted into quoted strings (`url = '${{ steps.ci.outputs.web-url }}'` in
// a script, Python or a shell), where a `'` would end the string and let the name run as code. With
// only letters, digits, `_`, `.`, `-` and `%XX` left, the segment means the same text to every server
// and is inert in any quoting. A `.` or `..` segment stays a dot segment however it is encoded: callers
// must not build one.
/** `text` as one path segment (or query value) made of `[A-Za-z0-9_.-]` and `%XX` only. */
function pathSegment(text) {
    // toWellFormed: a lone surrogate becomes U+FFFD, where encodeURIComponent would throw.
    return encodeURIComponent(text.toWellFormed()).replace(/[!'()*~]/g, percentEncoded);
}
function percentEncoded(char) {
    return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

;// CONCATENATED MODULE: ./src/core/refs.ts
// A reference to remote work, and the one place its API URL is built from an id.

function runRef(apiUrl, id) {
    return { kind: 'run', id, url: `${apiUrl}/runs/${pathSegment(id)}` };
}
function buildRef(apiUrl, id) {
    return { kind: 'build', id, url: `${apiUrl}/builds/${pathSegment(id)}` };
}

// EXTERNAL MODULE: ./src/core/fingerprint.ts
var core_fingerprint = __webpack_require__(5527);
;// CONCATENATED MODULE: ./src/core/trigger.ts
// Triggers exactly once. When a POST's answer is lost after it may have reached the server, we look
// for what it created among the runs that appeared since a watermark taken just before it, and adopt
// it only when exactly one matches. Only when nothing appears, even after a settle time, is the POST
// sent again: the server did not take it. A 2xx whose body was unusable is different: the server
// took the trigger, so we look for what it created but never send the trigger again.





/** A lost trigger answer the action cannot look behind: without `application` its builds cannot be listed. */
class TriggerUnverifiableError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'TriggerUnverifiableError';
}
/** A trigger whose answer was lost every time it was sent, with no trace of it: nothing was created. */
class TriggerNotTakenError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'TriggerNotTakenError';
}
/** Several new runs match a trigger whose answer was lost or unusable: the action cannot tell its own. */
class TriggerAmbiguousError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'TriggerAmbiguousError';
}
/** The server took the trigger (a 2xx), but what it created cannot be found to be followed. */
class TakenButNotFoundError extends (/* unused pure expression or super */ null && (Error)) {
    name = 'TakenButNotFoundError';
}
/** A cancel while the trigger waited: the flow ends cancelled, not in error. */
class TriggerCancelledError extends Error {
    name = 'TriggerCancelledError';
    /** Nothing can exist (the trigger was refused), so post has nothing to look for. */
    nothingTriggered;
    /** What the trigger was waiting for: to be sent again, or for a lost trigger's run to be found. */
    during;
    constructor(during, nothingTriggered) {
        super(during === 'resend-wait'
            ? 'Cancelled while waiting to send the trigger again.'
            : 'Cancelled while checking whether the lost trigger was taken.');
        this.during = during;
        this.nothingTriggered = nothingTriggered;
    }
}
const REFUSED_RETRIES = 3;
const REFUSED_WAIT_CAP_MS = 30_000;
/**
 * Sends a trigger, again only when the server certainly did not take it: throttled, or a connection that
 * was never made. Anything that may have reached the server is left to the lost-response search.
 */
async function sendTrigger(deps, send, sendsBefore) {
    for (let attempt = 1;; attempt++) {
        try {
            return await send();
        }
        catch (error) {
            const failure = describeFailure(error);
            const refused = failure.retryable && (failure.word === 'no-answer' || failure.word === 'throttled');
            if (!refused || attempt > REFUSED_RETRIES)
                throw error;
            const wait = Math.min(failure.retryAfterMs ?? 1000 * 2 ** (attempt - 1), REFUSED_WAIT_CAP_MS);
            deps.log.info(`The trigger was not taken (${sanitizeLine(failure.message, { maxLength: 300 })}); sending it again in ${Math.ceil(wait / 1000)}s.`);
            try {
                await deps.sleep(wait, deps.cancel);
            }
            catch {
                throw new TriggerCancelledError('resend-wait', sendsBefore === 0);
            }
        }
    }
}
const SEARCH_ATTEMPTS = 4;
const SEARCH_PAUSE_MS = 1000;
/** After a search found nothing: one more look this much later, before sending again. */
const SETTLE_MS = 5000;
/** Sends after the first, each only once no trace of the earlier ones was found. */
const RESENDS = 2;
/**
 * Sends the trigger. When its answer is lost, looks for what it created; when nothing appears, even
 * after a settle time, the server did not take it, and it is sent again (at most RESENDS times).
 */
async function triggerOnce(deps, target) {
    const { noun } = target;
    for (let sends = 1;; sends++) {
        let lost;
        try {
            return await sendTrigger(deps, target.send, sends - 1);
        }
        catch (error) {
            lost = describeFailure(error);
            if (lost.word !== 'outcome-unknown')
                throw error;
        }
        if (!target.find) {
            throw new TriggerUnverifiableError(`${lostAnswer(noun, lost)}; the ${noun} ${lost.taken ? 'exists' : 'may exist'}. Without ` +
                '`application: owner/name` its builds cannot be listed to find it, so the action stops here ' +
                'and does not trigger twice.');
        }
        if (lost.taken)
            return findTaken(deps, target, target.find, lost, sends);
        deps.log.warning(`The response to the ${noun} trigger was lost (${lost.message}). The ${noun} may exist: looking for it instead of triggering again.`);
        const found = await lookOrLastLook(deps, target.find, sends <= RESENDS);
        if (found.length > 0)
            return adoptOne(deps, target, found, 'was lost');
        if (sends > RESENDS) {
            throw new TriggerNotTakenError(`The response to the ${noun} trigger was lost ${sends} times and no new ${noun} matches it, so the ` +
                'server most likely did not create one. Nothing was triggered twice; re-run the job to try again.');
        }
        deps.log.info(`No ${noun} of that trigger appeared, so the server did not take it: sending it again.`);
    }
}
/** What became of the trigger's answer, with the error's own words. */
function lostAnswer(noun, lost) {
    const why = sanitizeLine(lost.message, { maxLength: 500 });
    return lost.taken
        ? `The server created the ${noun}, but its answer to the trigger was unusable (${why})`
        : `The response to the ${noun} trigger was lost (${why})`;
}
/** The one match, adopted; several are refused, for the action cannot tell which one it created. */
function adoptOne(deps, target, found, answer, after = '') {
    const { noun } = target;
    if (found.length > 1) {
        throw new TriggerAmbiguousError(`The response to the ${noun} trigger ${answer} and several new ${noun}s match it, so the action cannot ` +
            `tell which one it created and follows none: ${found.map((item) => sanitizeLine(target.idOf(item))).join(', ')}.${after}`);
    }
    deps.log.info(`Adopted ${noun} ${sanitizeLine(target.idOf(found[0]))}, created by the trigger whose response ${answer}.`);
    return found[0];
}
/**
 * The server answered 2xx, so it created the run or build, but the answer could not be used (an
 * unusable id, say). The work is looked for like a lost one; the trigger is never sent again.
 */
async function findTaken(deps, target, find, lost, sends) {
    const { noun } = target;
    const whatHappened = lostAnswer(noun, lost);
    // After the first send, earlier ones went out too: each lost, then looked for and found nowhere.
    const noSecondSend = sends === 1 ? 'nothing was triggered twice' : 'the trigger is not sent again';
    deps.log.warning(`${whatHappened}. Looking for the ${noun} it created; the trigger is not sent again.`);
    let found;
    try {
        found = await lookOrLastLook(deps, find, true);
    }
    catch (error) {
        throw new TakenButNotFoundError(`${whatHappened}, and looking for the ${noun} failed too (${sanitizeLine(messageOf(error), { maxLength: 500 })}). ` +
            `The ${noun} exists but cannot be followed; ${noSecondSend}.`);
    }
    if (found.length > 0) {
        return adoptOne(deps, target, found, 'was unusable', ` The ${noun} exists; ${noSecondSend}.`);
    }
    throw new TakenButNotFoundError(`${whatHappened}, and no new ${noun} matches it. The server created a ${noun} that cannot be followed; ${noSecondSend}.`);
}
const LAST_LOOK_RETRY = { maxAttempts: 4, baseMs: 100, capMs: 400, retryAfterCapMs: 500 };
/** The search below; when a cancel cuts it short, one last look, and the one match it finds if it does. */
async function lookOrLastLook(deps, find, settle) {
    try {
        return await search(deps, () => find(), settle);
    }
    catch (error) {
        const { lastLook } = deps;
        if (!lastLook || !deps.cancel?.aborted)
            throw error;
        // A look that fails on its way (a reset, a 5xx) is tried again at once, within the budget: one lost
        // answer would otherwise leave main without the id of a run that exists.
        const call = {
            deadline: deps.clock.now() + lastLook.budgetMs,
            retry: LAST_LOOK_RETRY,
            ...(lastLook.hurry ? { signal: lastLook.hurry } : {}),
        };
        const found = await find(lastLook.client, call).catch(() => []);
        if (found.length !== 1)
            throw error;
        return found;
    }
}
/** Looks a few times, then (when `settle`) once more after a pause, for what a lost trigger created. */
async function search(deps, find, settle) {
    for (let attempt = 1; attempt <= SEARCH_ATTEMPTS; attempt++) {
        const found = await find();
        if (found.length > 0)
            return found;
        if (attempt < SEARCH_ATTEMPTS)
            await deps.sleep(SEARCH_PAUSE_MS);
    }
    if (!settle)
        return [];
    try {
        await deps.sleep(SETTLE_MS, deps.cancel);
    }
    catch {
        throw new TriggerCancelledError('lost-search', false);
    }
    return find();
}
function triggerRunOnce(deps, payload, fingerprint, key) {
    return triggerOnce(deps, {
        noun: 'run',
        send: () => deps.client.triggerRun(payload),
        find: (client = deps.client, call) => findTriggeredRuns(client, fingerprint, key, call),
        idOf: (run) => run.id,
    });
}
/**
 * The runs above the watermark that match the trigger. List items omit env vars and the source run,
 * so each candidate is read whole to compare those too.
 */
async function findTriggeredRuns(client, fingerprint, key, call) {
    const known = new Set(fingerprint.known);
    const newest = await client.listRuns({ pipelineId: fingerprint.pipelineId, limit: client.pageSize }, call);
    const fresh = newest.filter((run) => !known.has(run.id) && (0,core_fingerprint/* matchesFingerprint */.GV)(run, fingerprint, key));
    const detailed = await Promise.all(fresh.map((run) => client.getRun(run.id, call)));
    return detailed.filter((run) => (0,core_fingerprint/* matchesFingerprint */.GV)(run, fingerprint, key));
}
function triggerBuildOnce(deps, payload, before) {
    const known = new Set(before.builds.map((build) => build.id));
    const list = before.list;
    return triggerOnce(deps, {
        noun: 'build',
        send: () => deps.client.triggerBuild(payload),
        ...(list
            ? {
                find: async (client, call) => (await list(client, call)).filter((build) => !known.has(build.id) &&
                    // Texts cut at parse are compared by the length and SHA-256 of the whole.
                    (payload.branch === undefined ||
                        sameText(build.branch, build.whole?.branch, payload.branch)) &&
                    (payload.message === undefined ||
                        sameText(build.message, build.whole?.message, payload.message))),
            }
            : {}),
        idOf: (build) => build.id,
    });
}

;// CONCATENATED MODULE: ./src/core/backstop.ts


/**
 * `key` is the fingerprint's key, made again from the token as main made it; `call` bounds the search
 * for a trigger in flight (the post step has a budget).
 */
async function leftWork(client, state, key, call) {
    // Built from the API root and the ids: a saved URL is never where an abort is sent.
    const saved = state.id
        ? [
            (state.kind === 'build' ? buildRef : runRef)(client.apiUrl, state.id),
            ...(state.workflowRuns ?? []).map((id) => runRef(client.apiUrl, id)),
        ]
        : [];
    if (!state.pendingTrigger)
        return { refs: saved };
    let candidates;
    try {
        candidates = await findTriggeredRuns(client, state.pendingTrigger, key, call);
    }
    catch {
        return { refs: saved, unsearched: 1 };
    }
    if (candidates.length > 1)
        return { refs: saved, ambiguous: candidates.length };
    const inFlight = candidates.map((run) => runRef(client.apiUrl, run.id));
    return { refs: [...saved, ...inFlight.filter((ref) => ref.id !== state.id)] };
}
/** With several targets: what each unsettled target left, looked for at the same time. */
async function leftWorkOfTargets(client, targets, key, call) {
    const unsettled = targets.filter((target) => !target.settled && (target.id || target.pendingTrigger));
    const each = await Promise.all(unsettled.map((target) => leftWork(client, target, key, call)));
    const ambiguous = each.reduce((sum, left) => sum + (left.ambiguous ?? 0), 0);
    const unsearched = each.reduce((sum, left) => sum + (left.unsearched ?? 0), 0);
    return {
        refs: each.flatMap((left) => left.refs),
        ...(ambiguous > 0 ? { ambiguous } : {}),
        ...(unsearched > 0 ? { unsearched } : {}),
    };
}

// EXTERNAL MODULE: ./src/core/contract.ts
var contract = __webpack_require__(2013);
;// CONCATENATED MODULE: ./src/core/flow/target-label.ts
// How each of several targets is named in the log, the summary and the GitHub reports: the pipeline's
// name when it is unique among the targets, else with its application (and owner); an id as it is.

function targetLabels(targets) {
    const forms = targets.map((target) => {
        switch (target.kind) {
            case 'pipeline':
                return [
                    target.pipeline,
                    `${target.application}/${target.pipeline}`,
                    `${target.owner}/${target.application}/${target.pipeline}`,
                ];
            case 'pipeline-id':
                return [target.pipelineId];
            case 'run-id':
                return [target.runId];
            case 'application-id':
                return [target.applicationId];
            case 'application':
                return [`${target.owner}/${target.application}`];
        }
    });
    return forms.map((names) => {
        const unique = names.find((name) => forms.filter((other) => other.includes(name)).length === 1);
        return (0,safety/* sanitizeLine */.g$)(unique ?? names.at(-1), { maxLength: 100 });
    });
}
/** A GitHub report's name for one target: `{pipeline}` replaced, or ` (label)` appended. */
function nameForTarget(name, label) {
    return name.includes('{pipeline}') ? name.replaceAll('{pipeline}', label) : `${name} (${label})`;
}

// EXTERNAL MODULE: ./src/github/open-reports.ts
var open_reports = __webpack_require__(5577);
// EXTERNAL MODULE: ./src/github/settings.ts
var github_settings = __webpack_require__(9518);
;// CONCATENATED MODULE: ./src/action/github-names.ts
// A target's GitHub reports: each report's name as the target names it (among several, holding its label).


function namedFor(github, target) {
    const name = typeof target === 'string' ? (each) => nameForTarget(each, target) : target;
    const named = { ...github };
    for (const field of github_settings/* REPORT_FIELDS */.r$) {
        const given = github[field];
        if (given !== undefined)
            named[field] = name(given);
    }
    return named;
}

// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
// EXTERNAL MODULE: ./src/text/message.ts
var message = __webpack_require__(6400);
;// CONCATENATED MODULE: ./src/core/outcome.ts



/** The one decision: how the step ends, and whether post has anything left to do. */
function decide(ending, gate) {
    switch (ending.kind) {
        case 'finished':
            return { outcome: finishedOutcome(ending, gate), settled: true };
        case 'not-waited':
            return {
                outcome: {
                    kind: 'triggered',
                    success: true,
                    message: `Triggered ${ending.ref.kind} ${ending.ref.id}; not waiting for it (wait: false).`,
                },
                settled: true,
            };
        case 'stopped':
            if (isCancel(ending))
                return cancelDecision(ending, gate);
            return {
                outcome: {
                    kind: 'timed-out',
                    success: false,
                    message: `${stopWords('timeout', gate)}${afterStop(ending)}`,
                },
                settled: settledAfterStop(ending),
            };
        case 'cut-before-start':
            if (isCancel(ending))
                return cancelDecision(ending, gate);
            return {
                outcome: {
                    kind: 'timed-out',
                    success: false,
                    message: `${stopWords('timeout', gate)}${afterCut(ending)}`,
                },
                settled: !ending.triggerSent,
            };
        case 'cancelled-before-trigger':
        case 'cancelled-before-retry':
        case 'trigger-cancelled':
            return cancelDecision(ending, gate);
        case 'error':
            return {
                outcome: {
                    kind: 'unknown',
                    success: false,
                    message: (0,safety/* sanitizeLine */.g$)((0,message/* messageOf */.b)(ending.error), { maxLength: 2000 }),
                },
                settled: false,
            };
        case 'stopped-by-fail-fast':
            return failFastDecision(ending, gate);
        case 'artifacts-missing':
            return { outcome: artifactsMissing(ending, gate), settled: true };
        case 'targets':
            // A step with one target ends as that target did.
            if (ending.targets.length === 1)
                return ending.targets[0].decision;
            return {
                outcome: targetsOutcome(ending.targets, ending.failedFirst),
                settled: ending.targets.every((target) => target.decision.settled),
            };
        case 'left-by-main':
            return leftByMain(ending.ref, ending.now);
    }
}
/** The endings that are a cancel (of the job, or by `fail-fast`, which the flow tells apart). */
function isCancel(ending) {
    switch (ending.kind) {
        case 'stopped':
        case 'cut-before-start':
            return ending.reason === 'cancelled';
        case 'cancelled-before-trigger':
        case 'cancelled-before-retry':
        case 'trigger-cancelled':
            return true;
        default:
            return false;
    }
}
/** A cancel: `Cancelled`, then what came of it; and whether post has anything left. */
function cancelDecision(ending, gate) {
    const { rest, settled } = afterCancel(ending);
    return { outcome: cancelled(`${stopWords('cancelled', gate)}${rest}`), settled };
}
/** What follows a cancel's first word, from a space or a `;` to the final period. */
function afterCancel(ending) {
    switch (ending.kind) {
        case 'stopped':
            return { rest: afterStop(ending), settled: settledAfterStop(ending) };
        case 'cut-before-start':
            return { rest: afterCut(ending), settled: !ending.triggerSent };
        case 'cancelled-before-trigger':
            return { rest: ' before anything was triggered.', settled: true };
        case 'cancelled-before-retry':
            return {
                rest: ` before ${attemptWords(ending.next)} was triggered; ${failedAttemptLine(ending.failed, ending.steps)}.`,
                settled: true,
            };
        case 'trigger-cancelled':
            return {
                rest: ending.during === 'resend-wait'
                    ? ' while waiting to send the trigger again; nothing was triggered.'
                    : ' while checking whether the lost trigger was taken; it is not sent again, and the post step ' +
                        'looks for the run it may have created.',
                settled: ending.nothingTriggered,
            };
    }
}
// A trigger that went out may have created a run: the post step looks for it by its fingerprint.
function afterCut(ending) {
    return ending.triggerSent
        ? " while the trigger's answer was awaited; the post step looks for what it may have created."
        : ' before anything was triggered.';
}
/** `attempt 2/3`. */
function attemptWords({ number, of }) {
    return `attempt ${number}/${of}`;
}
/** `Run 5e1f… failed at step 2/3 "build"`: an attempt that failed by itself, as the log and the outcome say it. */
function failedAttemptLine(ref, steps) {
    return `${ref.kind === 'build' ? 'Build' : 'Run'} ${(0,safety/* sanitizeLine */.g$)(ref.id)} failed${(0,format/* atFailedStep */.NL)(steps)}`;
}
function cancelled(message) {
    return { kind: 'cancelled', success: false, message };
}
function kindOfResult(result) {
    return result === 'passed' || result === 'failed' || result === 'aborted' ? result : 'unknown';
}
function finishedOutcome(ending, gate) {
    const { what, result } = ending;
    const kind = kindOfResult(result);
    const attempt = ending.attempt ? ` (${attemptWords(ending.attempt)})` : '';
    if (kind === 'passed')
        return { kind, success: true, message: `The ${what} passed${attempt}.` };
    const base = kind === 'unknown'
        ? `The ${what} finished with result "${(0,safety/* sanitizeLine */.g$)(ending.rawResult ?? result, { maxLength: 100 })}", which is not "passed"`
        : `The ${what} ${kind === 'failed' ? 'failed' : 'was aborted'}${ending.steps ? (0,format/* atFailedStep */.NL)(ending.steps) : ''}`;
    if (!gate.propagateFailure) {
        return {
            kind,
            success: true,
            message: `${base}; the step passes because propagate-failure is false${attempt}.`,
        };
    }
    return { kind, success: false, message: `${base}${attempt}.` };
}
/** What came of the remote work after a stop: aborted, finished already, left running, or not aborted. */
function afterStop({ abort, what }) {
    const noun = what === 'build' ? 'build' : 'run';
    const aborted = abort?.alreadyFinished
        ? `; the ${noun} had already finished (result: ${(0,safety/* sanitizeLine */.g$)(abort.resource?.result ?? 'unknown')})`
        : abort?.confirmed
            ? `; the ${noun} was aborted`
            : '';
    const left = abort === undefined ? `; the ${noun} was left running` : '';
    const failedAbort = abort && !abort.confirmed ? `; ${abort.clause}` : '';
    return `${aborted}${left}${failedAbort}.`;
}
function settledAfterStop(ending) {
    return ending.leftOnPurpose || ending.abort?.confirmed === true;
}
/** `Timed out after 10m00s` or `Cancelled`: how a stop's line begins. */
function stopWords(reason, gate) {
    if (reason === 'cancelled')
        return 'Cancelled';
    return `Timed out${gate.timeoutMs !== undefined ? ` after ${(0,format/* formatDuration */.a3)(gate.timeoutMs)}` : ''}`;
}
/**
 * A target cancelled because another failed first: aborted, or when it had finished just before the
 * abort, gated on its own result.
 */
function failFastDecision({ failedFirst, cancelled: cancel, target }, gate) {
    const { rest, settled } = afterCancel(cancel);
    const finished = target.abort?.alreadyFinished ? target.abort.resource : undefined;
    if (finished) {
        const ending = {
            kind: 'finished',
            what: target.what,
            result: finished.result,
            steps: target.steps,
        };
        return { outcome: finishedOutcome(ending, gate), settled };
    }
    return {
        outcome: {
            kind: 'aborted',
            success: false,
            message: `Aborted because ${failedFirst} failed (fail-fast: true)${rest}`,
        },
        settled,
    };
}
/** A run that passed (or passes the gate) fails when the artifacts it was to store are missing. */
function artifactsMissing({ finished, missing }, gate) {
    const outcome = finishedOutcome(finished, gate);
    if (!outcome.success)
        return outcome;
    const ended = finished.result === 'passed'
        ? 'passed'
        : `finished ${(0,safety/* sanitizeLine */.g$)(finished.rawResult ?? finished.result, { maxLength: 100 })}`;
    const which = missing.includes('*')
        ? 'no step stored artifacts'
        : `${missing.map((name) => JSON.stringify((0,safety/* sanitizeLine */.g$)(name, { maxLength: 100 }))).join(', ')} stored no artifacts`;
    return {
        kind: 'failed',
        success: false,
        message: `The ${finished.what} ${ended}, but ${which} (if-no-artifacts: error).`,
    };
}
/** The rank of each kind, worst first: the kind the step reports is the worst of its targets'. */
const WORST_FIRST = {
    failed: 0,
    'timed-out': 1,
    cancelled: 2,
    aborted: 3,
    unknown: 4,
    triggered: 5,
    passed: 6,
};
const KINDS_WORST_FIRST = Object.keys(WORST_FIRST).sort((one, other) => WORST_FIRST[one] - WORST_FIRST[other]);
/** Whether a target that ended this way stops the others under `fail-fast`. */
const STOPS_OTHERS = {
    failed: true,
    aborted: true,
    unknown: true,
    passed: false,
    'timed-out': false,
    cancelled: false,
    triggered: false,
};
function stopsOthers(outcome) {
    return STOPS_OTHERS[outcome.kind];
}
function targetsOutcome(targets, failedFirst) {
    const kinds = targets.map((target) => target.decision.outcome.kind);
    const kind = KINDS_WORST_FIRST.find((each) => kinds.includes(each)) ?? 'unknown';
    const counts = KINDS_WORST_FIRST.flatMap((each) => {
        const count = kinds.filter((other) => other === each).length;
        return count > 0 ? [`${count} ${each}`] : [];
    });
    const notPassed = targets
        .filter((target) => !['passed', 'triggered'].includes(target.decision.outcome.kind))
        .map((target) => `${target.label} ${target.decision.outcome.kind}`);
    const why = failedFirst !== undefined ? `; ${failedFirst} failed first (fail-fast: true)` : '';
    const which = notPassed.length > 0
        ? ` (${notPassed.slice(0, 10).join(', ')}${notPassed.length > 10 ? ', …' : ''})`
        : '';
    return {
        kind,
        success: targets.every((target) => target.decision.outcome.success),
        message: `${targets.length} targets: ${counts.join(', ')}${which}${why}.`,
    };
}
/** Post's word on work main left: finished with its result, else stopped (cancelled). */
function leftByMain(ref, now) {
    const what = ref ? `${ref.kind} ${(0,safety/* sanitizeLine */.g$)(ref.id, { maxLength: 100 })}` : 'The remote work';
    if (!ref || !now || now.status !== 'finished') {
        return { outcome: cancelled(`${what}: the action was stopped`), settled: false };
    }
    const kind = kindOfResult(now.result);
    return { outcome: { kind, success: kind === 'passed', message: `${what} ${kind}` }, settled: true };
}

;// CONCATENATED MODULE: ./src/core/env-vars.ts
const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NAME_RULE = 'letters, digits and `_`, not starting with a digit';
class EnvVarsError extends Error {
    name = 'EnvVarsError';
    /** 1-based line of the lines form, when the problem is on a line. */
    line;
    /** 0-based index of the JSON form, when the problem is in an element. */
    index;
    constructor(message, where = {}) {
        super(message);
        if (where.line !== undefined)
            this.line = where.line;
        if (where.index !== undefined)
            this.index = where.index;
    }
}
function env_vars_parseEnvVars(text) {
    return text.trimStart().startsWith('[') ? parseJsonForm(text) : parseLinesForm(text);
}
function parseLinesForm(text) {
    const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const vars = [];
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i] ?? '';
        const lineNumber = i + 1;
        const content = line.trim();
        if (content === '' || content.startsWith('#'))
            continue;
        const equals = line.indexOf('=');
        const heredoc = line.indexOf('<<');
        if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
            vars.push({ key: checkedKey(line.slice(0, equals), lineNumber), value: line.slice(equals + 1) });
            continue;
        }
        if (heredoc >= 0) {
            const key = checkedKey(line.slice(0, heredoc), lineNumber);
            const delimiter = line.slice(heredoc + 2).trim();
            if (delimiter === '') {
                throw new EnvVarsError(`line ${lineNumber}: \`${key}<<\` has no delimiter; write \`${key}<<EOF\`, the value's lines, then a line with only \`EOF\`.`, { line: lineNumber });
            }
            const end = lines.findIndex((candidate, j) => j > i && candidate.trimEnd() === delimiter);
            if (end < 0) {
                throw new EnvVarsError(`line ${lineNumber}: the multi-line value \`${key}<<${delimiter}\` is never closed; ` +
                    `add a line containing only \`${delimiter}\` after its last line.`, { line: lineNumber });
            }
            vars.push({ key, value: lines.slice(i + 1, end).join('\n') });
            i = end;
            continue;
        }
        throw new EnvVarsError(`line ${lineNumber} is not \`KEY=VALUE\`, \`KEY<<DELIMITER\`, a \`#\` comment or a blank line.`, { line: lineNumber });
    }
    return vars;
}
function checkedKey(raw, lineNumber) {
    const key = raw.trim();
    if (key === '') {
        throw new EnvVarsError(`line ${lineNumber} has no variable name before \`=\` or \`<<\`.`, {
            line: lineNumber,
        });
    }
    if (!ENV_VAR_NAME.test(key)) {
        // The text before `=` is not repeated: on a botched multi-line value it can be part of a secret.
        throw new EnvVarsError(`line ${lineNumber}: the variable name is not valid; use ${NAME_RULE}.`, {
            line: lineNumber,
        });
    }
    return key;
}
function parseJsonForm(text) {
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        throw new EnvVarsError(`the text starts with \`[\` but is not valid JSON${jsonErrorLocation(text, error)}.`);
    }
    if (!Array.isArray(data)) {
        throw new EnvVarsError('the JSON is not an array; write `[{"key": "NAME", "value": "text"}, ...]`.');
    }
    return data.map((element, index) => jsonElement(element, index));
}
function jsonElement(element, index) {
    const at = `element at index ${index}`;
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
        throw new EnvVarsError(`${at} is not an object like \`{"key": "NAME", "value": "text"}\`.`, { index });
    }
    const record = element;
    const unknown = Object.keys(record).find((property) => property !== 'key' && property !== 'value');
    if (unknown !== undefined) {
        throw new EnvVarsError(`${at} has the property ${JSON.stringify(unknown.slice(0, 40))}; only "key" and "value" are allowed.`, { index });
    }
    const { key, value } = record;
    if (typeof key !== 'string')
        throw new EnvVarsError(`${at}: "key" must be a string.`, { index });
    if (!ENV_VAR_NAME.test(key)) {
        throw new EnvVarsError(`${at}: "key" ${JSON.stringify(key.slice(0, 40))} is not valid; use ${NAME_RULE}.`, {
            index,
        });
    }
    if (typeof value === 'string')
        return { key, value };
    if (typeof value === 'number' || typeof value === 'boolean')
        return { key, value: String(value) };
    throw new EnvVarsError(`${at}: "value" must be a string (numbers and booleans are accepted and sent as text), not ${typeWord(value)}.`, { index });
}
function typeWord(value) {
    if (value === undefined)
        return 'missing';
    if (value === null)
        return 'null';
    return Array.isArray(value) ? 'an array' : `an ${typeof value}`;
}
// V8's messages may quote the input (a secret, perhaps), so only the position is taken from them.
function jsonErrorLocation(text, error) {
    const message = error instanceof Error ? error.message : '';
    const position = /at position (\d+)/.exec(message);
    if (position?.[1] !== undefined) {
        const before = text.slice(0, Number(position[1]));
        const line = before.split('\n').length;
        const column = before.length - before.lastIndexOf('\n');
        return ` (line ${line}, column ${column})`;
    }
    return /end of JSON/i.test(message) ? ' (it ends before the array is closed)' : '';
}

// EXTERNAL MODULE: ./src/core/settings/problems.ts
var settings_problems = __webpack_require__(3849);
;// CONCATENATED MODULE: ./src/core/glob.ts
// Glob patterns matched against the paths inside an archive (segments joined with `/`): `**` as a whole
// segment matches any number of segments, `*` any characters within a segment, `?` one character,
// `[abc]`, `[a-z]` and `[!abc]` one character of a set, and `\` takes the next character as it is.
// Case-sensitive; a leading dot is matched like any other character; no negation, no braces.
// Segments are matched one at a time, each without regular expressions (a star goes back at most to
// itself), and `**` by a table over segments: a path from the server costs at most about (pattern
// segments × path segments × segment length²), never an exponential backtracking.
/** The bracket expression starting at `start` (`[`) as a test of one character, or undefined when unclosed. */
function bracketAt(pattern, start) {
    let i = start + 1;
    const negate = pattern[i] === '!' || pattern[i] === '^';
    if (negate)
        i += 1;
    const ranges = [];
    let first = true;
    while (i < pattern.length && (first || pattern[i] !== ']')) {
        const from = pattern[i];
        if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
            ranges.push([from, pattern[i + 2]]);
            i += 3;
        }
        else {
            ranges.push([from, from]);
            i += 1;
        }
        first = false;
    }
    if (i >= pattern.length)
        return undefined;
    const test = (char) => ranges.some(([low, high]) => char >= low && char <= high) !== negate;
    return { test, end: i };
}
function tokensOf(segment) {
    const tokens = [];
    for (let i = 0; i < segment.length; i++) {
        const char = segment[i];
        if (char === '\\' && i + 1 < segment.length) {
            i += 1;
            const literal = segment[i];
            tokens.push((each) => each === literal);
        }
        else if (char === '*') {
            if (tokens.at(-1) !== 'star')
                tokens.push('star');
        }
        else if (char === '?')
            tokens.push(() => true);
        else if (char === '[' && bracketAt(segment, i) !== undefined) {
            const bracket = bracketAt(segment, i);
            tokens.push(bracket.test);
            i = bracket.end;
        }
        else
            tokens.push((each) => each === char);
    }
    return tokens;
}
/**
 * Whether the characters match the tokens: the greedy walk that goes back only to the last star, which is
 * enough (a later star can take whatever an earlier one would have), so it is linear per star.
 */
function matchTokens(tokens, chars) {
    let t = 0;
    let c = 0;
    let starAt = -1;
    let starFrom = 0;
    while (c < chars.length) {
        const token = tokens[t];
        if (token === 'star') {
            starAt = t;
            starFrom = c;
            t += 1;
        }
        else if (token !== undefined && token(chars[c])) {
            t += 1;
            c += 1;
        }
        else if (starAt !== -1) {
            t = starAt + 1;
            starFrom += 1;
            c = starFrom;
        }
        else
            return false;
    }
    while (tokens[t] === 'star')
        t += 1;
    return t === tokens.length;
}
function segmentMatcher(segment) {
    if (segment === '**')
        return { any: true };
    const tokens = tokensOf(segment);
    // By code point, so `?` is one character even outside the Basic Multilingual Plane.
    return { any: false, test: (name) => matchTokens(tokens, Array.from(name)) };
}
/** Why a pattern cannot be used, or undefined when it can. */
function globProblem(pattern) {
    if (pattern.startsWith('!'))
        return `"${pattern}" starts with "!": patterns cannot exclude`;
    if (pattern.startsWith('/'))
        return `"${pattern}" is absolute: patterns match paths inside the archive`;
    if (pattern.split('/').includes('..'))
        return `"${pattern}" has "..": archive paths never do`;
    return undefined;
}
/** A test for archive paths matching one pattern (a leading `./` is ignored). */
function compileGlob(pattern) {
    const segments = pattern
        .replace(/^(?:\.\/)+/, '')
        .split('/')
        .filter((each, i, all) => {
        // `a//b` is `a/b`, and `**/**` is `**`.
        if (each === '')
            return false;
        return !(each === '**' && all[i - 1] === '**');
    });
    const matchers = segments.map(segmentMatcher);
    return (path) => matchSegments(matchers, path.split('/'));
}
function matchSegments(matchers, names) {
    // reachable[j]: the matchers so far can consume exactly the first j names.
    let reachable = new Array(names.length + 1).fill(false);
    reachable[0] = true;
    for (const matcher of matchers) {
        const next = new Array(names.length + 1).fill(false);
        for (let j = 0; j <= names.length; j++) {
            if (!reachable[j])
                continue;
            if (matcher.any) {
                for (let k = j; k <= names.length; k++)
                    next[k] = true;
                break;
            }
            if (j < names.length && matcher.test(names[j]))
                next[j + 1] = true;
        }
        reachable = next;
    }
    return reachable[names.length] === true;
}
/** The patterns of a multi-line input: one a line, trimmed, blank lines left out. */
function globLines(text) {
    return text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
}
/** A test for archive paths matching any of the patterns. */
function globMatcher(patterns) {
    const tests = patterns.map(compileGlob);
    return (path) => tests.some((test) => test(path));
}

;// CONCATENATED MODULE: ./src/core/settings/byte-size.ts
// Sizes as users write them: `2GB`, `500 MiB`, `1048576`. KB, MB, GB and TB are decimal (powers of 1000),
// KiB, MiB, GiB and TiB binary (powers of 1024), as the units' own standards say; `B` or no unit is bytes.
// Units are case-insensitive, numbers whole: a fraction of a byte limit is a typing mistake.
const BYTE_SIZE_FORMS = 'a whole number with a unit such as `500MB`, `2GB` or `1GiB` (KB, MB, GB, TB are powers of 1000; ' +
    'KiB, MiB, GiB, TiB powers of 1024), or a bare number of bytes';
const UNITS = {
    b: 1,
    kb: 1000,
    mb: 1000 ** 2,
    gb: 1000 ** 3,
    tb: 1000 ** 4,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
    tib: 1024 ** 4,
};
const FORM = /^(\d+)\s*([a-z]*)$/i;
class ByteSizeError extends Error {
    name = 'ByteSizeError';
}
/** Bytes for `text`; throws a ByteSizeError for anything that is not a whole, positive size. */
function parseByteSize(text) {
    const trimmed = text.trim();
    if (trimmed === '')
        throw new ByteSizeError('the size is empty.');
    const shown = JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
    const match = FORM.exec(trimmed);
    if (match === null) {
        const why = /^\d*[.,]\d/.test(trimmed) ? 'is not a whole number' : 'is not a size';
        throw new ByteSizeError(`${shown} ${why}; write ${BYTE_SIZE_FORMS}.`);
    }
    const name = (match[2] ?? '').toLowerCase() || 'b';
    // Own keys only: `5constructor` is not a unit.
    const unit = Object.hasOwn(UNITS, name) ? UNITS[name] : undefined;
    if (unit === undefined) {
        throw new ByteSizeError(`${shown} has an unknown unit; write ${BYTE_SIZE_FORMS}.`);
    }
    const bytes = Number(match[1]) * unit;
    if (bytes === 0)
        throw new ByteSizeError(`${shown} is zero: the size must be at least one byte.`);
    if (!Number.isSafeInteger(bytes))
        throw new ByteSizeError(`${shown} is too large.`);
    return bytes;
}

// EXTERNAL MODULE: ./node_modules/ms/index.js
var ms = __webpack_require__(744);
var ms_default = /*#__PURE__*/__webpack_require__.n(ms);
;// CONCATENATED MODULE: ./src/core/duration.ts
// Durations as users write them in workflow files: `90s`, `20m`, `2h`, `1h30m`, `1.5h`, or a bare number of
// seconds. `ms` converts each part; it alone would read a bare number as milliseconds and cannot sum `1h30m`.

/** The longest duration accepted anywhere: longer values are typing mistakes, not waits. */
const MAX_DURATION_MS = 7 * 24 * 60 * 60 * 1000;
/** How to write a duration, for error messages and hints. */
const DURATION_FORMS = 'a number with a unit (`ms`, `s`, `m`, `h` or `d`) such as `90s`, `20m`, `2h`, `1.5h` or `1h30m`, ' +
    'or a bare number of seconds such as `45`';
const duration_UNITS = new Set([
    'ms',
    'msec',
    'msecs',
    'millisecond',
    'milliseconds',
    's',
    'sec',
    'secs',
    'second',
    'seconds',
    'm',
    'min',
    'mins',
    'minute',
    'minutes',
    'h',
    'hr',
    'hrs',
    'hour',
    'hours',
    'd',
    'day',
    'days',
]);
const BARE_SECONDS = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
// Applied to trimmed text; each part starts with a digit or `.`, so the parts cannot overlap.
const COMPOUND = /^(?:(?:\d+(?:\.\d+)?|\.\d+)\s*[a-z]+\s*)+$/i;
const PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)/gi;
class DurationError extends Error {
    name = 'DurationError';
}
/** Milliseconds for `text`; throws a DurationError for anything that is not a duration of at most 7 days. */
function parseDuration(text) {
    const trimmed = text.trim();
    if (trimmed === '')
        throw new DurationError('the duration is empty.');
    const shown = JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
    if (trimmed.startsWith('-'))
        throw new DurationError(`${shown} is negative: a duration must be positive.`);
    const total = BARE_SECONDS.test(trimmed) ? Number(trimmed) * 1000 : sumParts(trimmed, shown);
    if (!Number.isFinite(total))
        throw new DurationError(`${shown} is not a duration.`);
    if (total > MAX_DURATION_MS) {
        throw new DurationError(`${shown} is too long: the longest accepted duration is 7 days (\`7d\`).`);
    }
    return Math.round(total);
}
function sumParts(text, shown) {
    if (text.length > 100 || !COMPOUND.test(text))
        throw new DurationError(`${shown} is not a duration.`);
    let total = 0;
    for (const [, amount = '', unit = ''] of text.matchAll(PART)) {
        if (!duration_UNITS.has(unit.toLowerCase())) {
            throw new DurationError(`${shown} uses the unit \`${unit}\`, which is not supported: use \`ms\`, \`s\`, \`m\`, \`h\` or \`d\`.`);
        }
        total += ms_default()(`${amount}${unit}`);
    }
    return total;
}

;// CONCATENATED MODULE: ./src/core/settings/values.ts
// Checks of single inputs. Each reads one trimmed value, reports what is wrong to `problems` and returns the
// parsed value, or undefined when the value is empty or wrong.





function readBaseUrl(text, problems) {
    const example = 'for example `base-url: https://ci.example.com`';
    const add = (problem, fix) => void problems.add('base-url', problem, fix);
    // A URL with a query, fragment, user info or whitespace may hold a secret: it is never quoted back.
    const shown = /[\s?#@]/.test(text) ? 'the value' : (0,settings_problems/* quote */.hD)(text);
    if (text === '') {
        add('a value is required: the root URL of the CI service.', `Set it, ${example}.`);
        return undefined;
    }
    if (/\s/.test(text)) {
        add('the value contains whitespace.', `Write the URL alone, ${example}.`);
        return undefined;
    }
    const url = problems.parse('base-url', TypeError, () => new URL(text), () => [
        `${shown} is not an absolute http or https URL.`,
        `Write the full URL with its scheme, ${example} (or \`http://\` for a local server).`,
    ]);
    if (url === undefined)
        return undefined;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        add(`${shown} uses \`${url.protocol}\`; only http and https URLs are allowed.`, `Write the full URL with \`https://\` (or \`http://\` for a local server), ${example}.`);
        return undefined;
    }
    if (url.username !== '' || url.password !== '') {
        add('the URL contains credentials (`user:password@`), which would be sent along and logged.', 'Remove them from the URL and pass the API token in `token`.');
        return undefined;
    }
    if (text.includes('?')) {
        add(`the URL for ${url.origin} has a query string; the service root takes none.`, `Remove everything from \`?\` on, ${example}; pass the API token in \`token\`.`);
        return undefined;
    }
    if (text.includes('#')) {
        add(`the URL for ${url.origin} has a fragment (\`#...\`).`, `Remove it, ${example}.`);
        return undefined;
    }
    // The checks above leave normaliseApiUrl one reason to refuse: a path inside the API.
    return problems.parse('base-url', RequestValidationError, () => normaliseApiUrl(text), () => [
        `${shown} points inside the API (\`/api/v3/...\`), not at the service root.`,
        `Cut the URL after \`/api/v3\` or leave \`/api/v3\` out, ${example}.`,
    ]);
}
/** `log-origins`: one origin a line (or comma-separated), each plain https, or http when the API is. */
function readLogOrigins(text, apiUrl, problems) {
    const origins = [];
    const apiIsHttp = apiUrl?.startsWith('http:') ?? false;
    for (const entry of text.split(/[\n,]/).map((part) => part.trim())) {
        if (entry === '')
            continue;
        const origin = values_originOf(entry);
        const shown = /[\s?#@]/.test(entry) ? 'an entry' : (0,settings_problems/* quote */.hD)(entry);
        if (origin === undefined) {
            problems.add('log-origins', `${shown} is not an origin (a scheme, a host and an optional port, nothing else).`, 'Write one origin a line, for example `https://logs.example.com` or `https://storage.example.com:8443`.');
        }
        else if (origin.startsWith('http:') && !apiIsHttp) {
            problems.add('log-origins', `${shown} is plain http while \`base-url\` is https: its logs could be read or changed on the way.`, 'Use the https origin of that host.');
        }
        else if (!origins.includes(origin)) {
            origins.push(origin);
        }
    }
    return origins;
}
function values_originOf(entry) {
    try {
        const url = new URL(entry);
        const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
        const plain = !url.username && !url.password && !entry.includes('@');
        if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || !plain)
            return undefined;
        return url.origin;
    }
    catch {
        return undefined;
    }
}
function readToken(text, needed, problems) {
    if (text === '') {
        if (needed) {
            problems.add('token', 'no token was given, but triggering a run or build needs an API token.', 'Pass it from a secret: `token: ${{ secrets.CI_TOKEN }}`. If the secret exists and the token is still ' +
                'empty, the workflow runs for a pull request from a fork: GitHub does not pass secrets to such ' +
                'workflows, so trigger from `push`, `workflow_dispatch` or a `pull_request_target` workflow that does ' +
                'not run the fork’s code. Only following an existing run (`run-id`) works without a token.');
        }
        return '';
    }
    // The token itself is never repeated in a message.
    if (/^bearer\s/i.test(text)) {
        problems.add('token', 'the token starts with `Bearer `; the action adds that prefix itself.', 'Pass the token alone, for example `token: ${{ secrets.CI_TOKEN }}` with the secret holding only the token.');
    }
    else if (/\s/.test(text)) {
        problems.add('token', 'the token contains whitespace or a line break, which a token never does.', 'Store the token alone in the secret, without spaces or extra lines, and pass `token: ${{ secrets.CI_TOKEN }}`.');
    }
    else if (/[^\x21-\x7e]/.test(text)) {
        problems.add('token', 'the token contains characters that cannot be sent in an HTTP header (only printable ASCII is allowed).', 'Check that the secret holds the API token as the service showed it, and nothing else.');
    }
    return text;
}
function readBoolean(name, text, fallback, problems) {
    if (text === '')
        return fallback;
    const lower = text.toLowerCase();
    if (lower === 'true')
        return true;
    if (lower === 'false')
        return false;
    problems.add(name, `${(0,settings_problems/* quote */.hD)(text)} is not a boolean; allowed values are \`true\` and \`false\`.`, `Write \`${name}: true\` or \`${name}: false\`, or leave it out for the default (\`${fallback}\`).`);
    return fallback;
}
function readChoice(name, text, allowed, fallback, problems) {
    if (text === '')
        return fallback;
    const choice = allowed.find((value) => value === text.toLowerCase());
    if (choice !== undefined)
        return choice;
    const list = allowed.map((value) => `\`${value}\``).join(', ');
    problems.add(name, `${(0,settings_problems/* quote */.hD)(text)} is not allowed; use one of ${list}.`, `Write for example \`${name}: ${fallback}\` (the default, also used when it is left out).`);
    return fallback;
}
const ID_EXAMPLE = 'Ids are 24 hexadecimal characters, like `5f8e3c2a9b1d4e6f7a8b9c0d`';
/** Where each kind of id comes from, for hints. */
const ID_SOURCES = {
    'pipeline-id': 'list the application’s pipelines with `GET /api/v3/applications/<owner>/<application>/pipelines`, ' +
        'or give the pipeline by name with `pipeline: owner/application/pipeline` instead.',
    'application-id': 'read the `id` of `GET /api/v3/applications/<owner>/<application>`, or give the application by name with ' +
        '`application: owner/application` instead.',
    'run-id': 'use the `run-id` output of the step that triggered the run, e.g. `${{ steps.<step-id>.outputs.run-id }}`.',
    'source-run-id': 'use the `run-id` output of the step that ran the source run, e.g. `${{ steps.<step-id>.outputs.run-id }}`.',
};
function readId(name, text, problems) {
    if (text === '')
        return undefined;
    const where = ID_SOURCES[name] ?? '';
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
        problems.add(name, `${(0,settings_problems/* quote */.hD)(text)} is a URL, not an id.`, `Give only the id. ${ID_EXAMPLE}; ${where}`);
        return undefined;
    }
    const bad = /[\s/\\?#%]|\p{Cc}/u.exec(text)?.[0];
    if (bad !== undefined) {
        const what = /\s|\p{Cc}/u.test(bad) ? 'whitespace or a control character' : `\`${bad}\``;
        problems.add(name, `${(0,settings_problems/* quote */.hD)(text)} is not an id: it contains ${what}.`, `${ID_EXAMPLE}; ${where}`);
        return undefined;
    }
    // The rule the server's own ids pass: nothing that could stand for another path (`.`, `..`).
    if (!(0,ids/* isSafeId */.J)(text)) {
        problems.add(name, `${(0,settings_problems/* quote */.hD)(text)} is not an id: ${(0,ids/* idFault */.m)(text)}.`, `${ID_EXAMPLE}; ${where}`);
        return undefined;
    }
    return text;
}
function readCommit(text, problems) {
    if (text === '')
        return undefined;
    if (/^[0-9a-f]{40}$/i.test(text))
        return text.toLowerCase();
    const hint = 'Pass the full hash, for example `commit: ${{ github.sha }}`, or leave `commit` out to run the latest ' +
        'commit of `branch`.';
    const reason = /^[0-9a-f]{4,39}$/i.test(text)
        ? 'is a short hash; a full commit hash of 40 hexadecimal characters is needed'
        : 'is not a commit hash; it must be 40 hexadecimal characters';
    problems.add('commit', `${(0,settings_problems/* quote */.hD)(text)} ${reason}.`, hint);
    return undefined;
}
function readBranch(text, problems) {
    if (text === '')
        return undefined;
    const hint = 'Give the branch name alone, for example `branch: main` or `branch: ${{ github.head_ref || github.ref_name }}`.';
    if (text.startsWith('refs/')) {
        problems.add('branch', `${(0,settings_problems/* quote */.hD)(text)} is a full ref; the service takes a branch name without \`refs/heads/\`.`, hint);
        return undefined;
    }
    const reason = branchNameFlaw(text);
    if (reason !== undefined) {
        problems.add('branch', `${(0,settings_problems/* quote */.hD)(text)} is not a valid git branch name: ${reason}.`, hint);
        return undefined;
    }
    return text;
}
// The rules of `git check-ref-format --branch` that a branch typed into a workflow can break.
function branchNameFlaw(name) {
    if (/\s|\p{Cc}/u.test(name))
        return 'it contains whitespace or a control character';
    const special = /[~^:?*[\\]/.exec(name)?.[0];
    if (special !== undefined)
        return `it contains \`${special}\``;
    if (name.includes('..'))
        return 'it contains `..`';
    if (name.includes('@{'))
        return 'it contains `@{`';
    if (name.includes('//'))
        return 'it contains `//`';
    if (name === '@')
        return 'it is `@`';
    if (name.startsWith('-') || name.startsWith('/'))
        return `it starts with \`${name[0]}\``;
    if (name.endsWith('/') || name.endsWith('.'))
        return `it ends with \`${name[name.length - 1]}\``;
    if (name.endsWith('.lock'))
        return 'it ends with `.lock`';
    if (name.split('/').some((part) => part.startsWith('.')))
        return 'a part of it starts with `.`';
    return undefined;
}
/** `owner/application`: two non-empty parts without whitespace. */
function readApplicationName(text, problems) {
    if (text === '')
        return undefined;
    const parts = text.split('/');
    const hint = 'Write the owner and the application separated by `/`, for example `application: acme/shop`.';
    if (parts.length !== 2 || parts.some((part) => part === '')) {
        problems.add('application', `${(0,settings_problems/* quote */.hD)(text)} is not in the form \`owner/application\`.`, hint);
        return undefined;
    }
    const [owner = '', name = ''] = parts;
    if (!isNamePart(owner) || !isNamePart(name)) {
        problems.add('application', `${(0,settings_problems/* quote */.hD)(text)} contains whitespace or one of \`?\`, \`#\`, \`%\`, \`\\\`, or a part that is \`.\` or \`..\`.`, hint);
        return undefined;
    }
    return { owner, name };
}
/** `owner/application/pipeline`: three non-empty parts; the pipeline name may contain inner spaces. */
function readPipelineName(text, problems) {
    if (text === '')
        return undefined;
    const parts = text.split('/');
    const hint = 'Write the owner, the application and the pipeline name separated by `/`, for example ' +
        '`pipeline: acme/shop/build`, or give the pipeline by id with `pipeline-id`.';
    if (parts.length !== 3 || parts.some((part) => part.trim() === '')) {
        problems.add('pipeline', `${(0,settings_problems/* quote */.hD)(text)} is not in the form \`owner/application/pipeline\` (three non-empty parts).`, hint);
        return undefined;
    }
    const [owner = '', application = '', pipeline = ''] = parts;
    if (!isNamePart(owner) || !isNamePart(application)) {
        problems.add('pipeline', `${(0,settings_problems/* quote */.hD)(text)}: the owner and the application may not contain whitespace or \`?\`, \`#\`, \`%\`, \`\\\`, nor be \`.\` or \`..\`.`, hint);
        return undefined;
    }
    if (isDotSegment(pipeline)) {
        problems.add('pipeline', `${(0,settings_problems/* quote */.hD)(text)}: the pipeline name may not be \`.\` or \`..\`.`, hint);
        return undefined;
    }
    if (pipeline !== pipeline.trim() || /\p{Cc}/u.test(pipeline)) {
        problems.add('pipeline', `${(0,settings_problems/* quote */.hD)(text)}: the pipeline name has spaces around it or a control character.`, hint);
        return undefined;
    }
    return { owner, application, pipeline };
}
function isNamePart(part) {
    return !/[\s?#%\\]|\p{Cc}/u.test(part) && !isDotSegment(part);
}
/** `.` and `..` are read as path segments by every URL parser, even percent-encoded. */
function isDotSegment(part) {
    return part === '.' || part === '..';
}
/** `timeout`: empty or zero means no limit. */
function readTimeout(text, problems) {
    if (text === '')
        return undefined;
    const milliseconds = problems.parse('timeout', DurationError, () => parseDuration(text), (error) => [error.message, `Write ${DURATION_FORMS}; leave it empty or write \`0\` for no limit.`]);
    return milliseconds === 0 ? undefined : milliseconds;
}
const MAX_RETRIES = 5;
/** `retries`: a whole number from 0 to 5; empty means 0. */
function readRetries(text, problems) {
    if (text === '')
        return 0;
    if (/^\d{1,3}$/.test(text) && Number(text) <= MAX_RETRIES)
        return Number(text);
    problems.add('retries', `${(0,settings_problems/* quote */.hD)(text)} is not a whole number from 0 to ${MAX_RETRIES}.`, 'Write for example `retries: 2` to trigger a run that failed by itself up to twice more, or `retries: 0` ' +
        '(the default) for none.');
    return 0;
}
const MIN_POLL_INTERVAL_MS = 1000;
const MAX_POLL_INTERVAL_MS = 60 * 60 * 1000;
function readPollInterval(text, problems) {
    if (text === '' || text.toLowerCase() === 'auto')
        return 'auto';
    const hint = `Write \`auto\` (the default) or a fixed interval from \`1s\` to \`1h\`: ${DURATION_FORMS}.`;
    const milliseconds = problems.parse('poll-interval', DurationError, () => parseDuration(text), (error) => [error.message, hint]);
    if (milliseconds === undefined)
        return 'auto';
    if (milliseconds < MIN_POLL_INTERVAL_MS) {
        problems.add('poll-interval', `${(0,settings_problems/* quote */.hD)(text)} is shorter than the minimum of 1s.`, hint);
    }
    else if (milliseconds > MAX_POLL_INTERVAL_MS) {
        problems.add('poll-interval', `${(0,settings_problems/* quote */.hD)(text)} is longer than the maximum of 1h.`, hint);
    }
    else {
        return { fixedMs: milliseconds };
    }
    return 'auto';
}

;// CONCATENATED MODULE: ./src/core/settings/artifacts.ts
// The artifact inputs: which steps' artifacts come back, where to, within which sizes, and the values file
// read from them. Checked with the other inputs, before anything is sent; the folder itself (inside the
// workspace, no link on the way) is checked by the adapter before the first request, since it takes the disk.



const ARTIFACT_INPUT_DEFAULTS = {
    artifacts: 'none',
    'artifacts-path': 'ci-run-artifacts',
    'artifacts-max-size': '2GB',
    'artifacts-max-total': '10GB',
    'artifacts-extract': 'true',
    'if-no-artifacts': 'warn',
    'outputs-file': '',
    'test-reports': '',
    'test-reports-root': '',
};
/** Whether the run's artifacts are read at all: for some steps, or for the values file. */
function wantsArtifacts(settings) {
    return settings.steps !== 'none' || settings.outputsFile !== undefined || settings.testReports.length > 0;
}
function readArtifactInputs(kind, wait, value, raw, problems) {
    const steps = readSteps(raw('artifacts'), problems);
    const outputsFile = readOutputsFile(value('outputs-file'), problems);
    const testReports = readTestReports(raw('test-reports'), problems);
    const testReportsRoot = value('test-reports-root') || undefined;
    const settings = {
        steps,
        path: readPath(value('artifacts-path'), problems),
        maxBytes: readSize('artifacts-max-size', value('artifacts-max-size'), problems),
        maxTotalBytes: readSize('artifacts-max-total', value('artifacts-max-total'), problems),
        extract: readBoolean('artifacts-extract', value('artifacts-extract'), true, problems),
        ifNone: readChoice('if-no-artifacts', value('if-no-artifacts'), ['warn', 'error', 'ignore'], 'warn', problems),
        ...(outputsFile !== undefined ? { outputsFile } : {}),
        testReports,
        ...(testReportsRoot !== undefined ? { testReportsRoot } : {}),
    };
    if (wantsArtifacts(settings)) {
        const input = steps !== 'none' ? 'artifacts' : outputsFile !== undefined ? 'outputs-file' : 'test-reports';
        checkScope(kind, wait, input, problems);
    }
    return settings;
}
function readSteps(text, problems) {
    const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
    if (lines.length === 0)
        return 'none';
    if (lines.length === 1 && ['none', 'all'].includes(lines[0].toLowerCase())) {
        return lines[0].toLowerCase();
    }
    const repeated = lines.filter((line, index) => lines.indexOf(line) !== index);
    if (repeated.length > 0) {
        problems.add('artifacts', `names step ${JSON.stringify(repeated[0])} twice.`, 'Give each step name once, one per line; or write `all` for every step that stored something.');
    }
    if (lines.some((line) => ['none', 'all'].includes(line.toLowerCase()))) {
        problems.add('artifacts', 'mixes `all` or `none` with step names.', 'Write `all`, `none`, or step names one per line, not both.');
    }
    if (lines.length > 100) {
        problems.add('artifacts', `names ${lines.length} steps; at most 100 can be named.`, 'Write `all` instead.');
    }
    return [...new Set(lines)];
}
function readPath(text, problems) {
    if (text === '')
        return ARTIFACT_INPUT_DEFAULTS['artifacts-path'];
    if (/[\0\r\n]/.test(text)) {
        problems.add('artifacts-path', 'holds a line break or a NUL character.', 'Give one folder path on one line.');
    }
    return text;
}
function readSize(name, text, problems) {
    const fallback = parseByteSize(ARTIFACT_INPUT_DEFAULTS[name]);
    if (text === '')
        return fallback;
    return (problems.parse(name, ByteSizeError, () => parseByteSize(text), (error) => [error.message, `Write a size such as \`${name}: 500MB\`, or leave it out for the default.`]) ?? fallback);
}
/** Glob patterns, one a line, matched against the paths inside each archive. */
function readTestReports(text, problems) {
    const patterns = globLines(text);
    for (const pattern of patterns) {
        const problem = globProblem(pattern);
        if (problem !== undefined) {
            problems.add('test-reports', `${problem}.`, 'Write patterns of paths inside the steps’ archives, one a line, such as `**/junit*.xml` or `**/TEST-*.xml`.');
        }
    }
    if (patterns.length > 50) {
        problems.add('test-reports', `has ${patterns.length} patterns; at most 50 are read.`, 'Use `**` to cover folders.');
    }
    return patterns;
}
/** A relative path inside an archive: no `..`, no root, no backslash, no drive. */
function readOutputsFile(text, problems) {
    if (text === '')
        return undefined;
    const path = text.replace(/^\.\//, '');
    const segments = path.split('/');
    if (path.startsWith('/') ||
        path.includes('\\') ||
        /^[A-Za-z]:/.test(path) ||
        /[\0\r\n]/.test(path) ||
        segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
        problems.add('outputs-file', `${JSON.stringify(text.slice(0, 100))} is not a relative path inside an archive.`, 'Name the file as the step stored it, relative to its output folder and with `/` between folders, for example `outputs.env` or `build/outputs.env`.');
        return undefined;
    }
    return path;
}
/** Artifacts are a run's: a classic build has none, and `wait: false` never sees a step finish. */
function checkScope(kind, wait, input, problems) {
    if (kind === 'application' || kind === 'application-id') {
        problems.addCombination([input, kind], `\`${input}\` brings back a run's artifacts, but the target is a classic build, which stores none.`, `Remove \`${input}\`, or trigger a pipeline with \`pipeline\` or \`pipeline-id\`.`);
    }
    if (!wait) {
        problems.addCombination([input, 'wait'], `\`${input}\` brings back what the run's steps stored when they finish, but \`wait: false\` does not wait for them.`, `Remove \`${input}\`, or remove \`wait: false\`; a later step with \`run-id\` can bring them back.`);
    }
}

;// CONCATENATED MODULE: ./src/core/settings/target.ts


/** The most targets one step follows. */
const MAX_TARGETS = 50;
const SELECTORS = ['pipeline-id', 'pipeline', 'application-id', 'run-id'];
const WAYS = 'Set exactly one of: `pipeline-id: <id>` or `pipeline: owner/application/pipeline` to trigger a run; ' +
    '`application-id: <id>` or `application: owner/application` to trigger a classic build; ' +
    '`run-id: <id>` to follow an existing run.';
/** The values of an input that takes one a line; blank lines are skipped. */
function linesOf(text) {
    return text
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
}
function readTarget(values, problems) {
    // Every value is checked, whichever target is taken, so that one error lists every mistake.
    const pipelines = readRunTargets(values, problems);
    const applicationId = readId('application-id', values['application-id'], problems);
    const application = readApplicationName(values.application, problems);
    const runIds = readLines('run-id', values['run-id'], problems, (line) => readId('run-id', line, problems));
    const given = SELECTORS.filter((name) => values[name] !== '');
    // Pipelines by id and by name may be mixed: both trigger runs.
    const selecting = given.filter((name) => name !== 'pipeline-id' || !given.includes('pipeline'));
    const [kind, ...others] = selecting;
    if (kind === undefined) {
        if (values.application !== '') {
            return {
                kind: 'application',
                ...(application && {
                    targets: [{ kind: 'application', owner: application.owner, application: application.name }],
                }),
            };
        }
        problems.addCombination(['pipeline-id', 'pipeline', 'application-id', 'application', 'run-id'], 'none is set, so there is nothing to trigger or follow.', WAYS);
        return {};
    }
    if (others.length > 0) {
        const hint = given.includes('run-id')
            ? `To follow an existing run, keep only \`run-id\`; to trigger a new one, remove \`run-id\`. ${WAYS}`
            : WAYS;
        problems.addCombination([...given], `${given.length === 2 ? 'both' : 'all of them'} select a target, but exactly one may be set.`, hint);
        return {};
    }
    switch (kind) {
        case 'application-id': {
            if (values.application !== '') {
                problems.addCombination(['application-id', 'application'], 'both name the application to build; give it only once.', 'Keep either `application-id: <id>` or `application: owner/application`.');
                return { kind };
            }
            return { kind, ...(applicationId && { targets: [{ kind, applicationId }] }) };
        }
        case 'pipeline':
        case 'pipeline-id': {
            const targets = pipelines && checkApplication(pipelines, values, application, problems);
            return { kind, ...(targets && { targets }), ...(application && { application }) };
        }
        case 'run-id': {
            const targets = runIds?.map((runId) => ({ kind, runId }));
            return { kind, ...(targets && { targets }), ...(application && { application }) };
        }
    }
}
/** The pipelines of `pipeline-id` and `pipeline`, ids first; undefined when any is wrong. */
function readRunTargets(values, problems) {
    const known = problems.list.length;
    const ids = readLines('pipeline-id', values['pipeline-id'], problems, (line) => readId('pipeline-id', line, problems));
    const names = readLines('pipeline', values.pipeline, problems, (line) => readPipelineName(line, problems));
    const targets = [
        ...(ids ?? []).map((pipelineId) => ({ kind: 'pipeline-id', pipelineId })),
        ...(names ?? []).map((name) => ({ kind: 'pipeline', ...name })),
    ];
    if (targets.length > MAX_TARGETS) {
        const inputs = ['pipeline-id', 'pipeline'].filter((name) => values[name] !== '');
        problems.addCombination(inputs, `${targets.length} targets are given together, but one step follows at most ${MAX_TARGETS}.`, `Split them over several steps (or jobs) of at most ${MAX_TARGETS} targets each.`);
    }
    return problems.list.length > known ? undefined : targets;
}
/** With `pipeline`, `application` may only repeat the pipelines' owner and application. */
function checkApplication(targets, values, application, problems) {
    for (const pipeline of targets) {
        if (pipeline.kind !== 'pipeline')
            continue;
        if (application && !sameApplication(pipeline, application)) {
            problems.addCombination(['application', 'pipeline'], `\`application\` is ${(0,settings_problems/* quote */.hD)(values.application)} but the pipeline belongs to ` +
                `${(0,settings_problems/* quote */.hD)(`${pipeline.owner}/${pipeline.application}`)}; with \`pipeline\`, \`application\` may only ` +
                'repeat the pipeline’s owner and application.', 'Remove `application`: `pipeline` already names the application whose workflows are read.');
            return undefined;
        }
    }
    return targets;
}
/**
 * Reads one value a line with `read`; undefined when any line is wrong. A line given twice, and more than
 * MAX_TARGETS lines, are mistakes of their own.
 */
function readLines(input, text, problems, read) {
    const lines = linesOf(text);
    const known = problems.list.length;
    const seen = new Set();
    const values = [];
    for (const line of lines) {
        const value = read(line);
        if (value === undefined)
            continue;
        const key = input === 'pipeline' ? sameKey(line) : line;
        if (seen.has(key)) {
            problems.add(input, `${(0,settings_problems/* quote */.hD)(line)} is given twice; each target is triggered or followed once.`, 'Remove the repeated line.');
            return undefined;
        }
        seen.add(key);
        values.push(value);
    }
    if (input === 'run-id' && lines.length > MAX_TARGETS) {
        problems.add(input, `${lines.length} runs are given, but one step follows at most ${MAX_TARGETS}.`, `Split them over several steps (or jobs) of at most ${MAX_TARGETS} runs each.`);
    }
    return problems.list.length > known ? undefined : values;
}
/** Owner and application names are not case-sensitive; pipeline names are kept as given. */
function sameKey(line) {
    const parts = line.split('/');
    return [...parts.slice(0, 2).map((part) => part.trim().toLowerCase()), ...parts.slice(2)].join('/');
}
function sameApplication(pipeline, application) {
    // Owner and application names are not case-sensitive on the service (it answers with the owner in lower case).
    return (pipeline.owner.toLowerCase() === application.owner.toLowerCase() &&
        pipeline.application.toLowerCase() === application.name.toLowerCase());
}

;// CONCATENATED MODULE: ./src/core/settings.ts






/** The inputs in action.yml order, with the defaults action.yml declares (applied here too when a value is ''). */
const INPUT_DEFAULTS = {
    'base-url': '',
    token: '',
    'log-origins': '',
    'pipeline-id': '',
    pipeline: '',
    'application-id': '',
    application: '',
    'run-id': '',
    branch: '',
    commit: '',
    message: '',
    'env-vars': '',
    'source-run-id': '',
    wait: 'true',
    'wait-for': 'run',
    retries: '0',
    'fail-fast': 'false',
    timeout: '',
    'on-timeout': 'abort',
    'abort-on-cancel': 'true',
    'poll-interval': 'auto',
    'propagate-failure': 'true',
    'step-logs': 'auto',
    summary: 'true',
    ...ARTIFACT_INPUT_DEFAULTS,
};
const INPUT_NAMES = Object.keys(INPUT_DEFAULTS);
const TRIGGER_ONLY = ['branch', 'commit', 'message', 'env-vars', 'source-run-id'];
/**
 * Reads and checks every input. Values are trimmed, except `env-vars`, whose lines keep their spaces (the parser
 * trims keys only). Throws a SettingsError listing every problem found.
 */
function readSettings(getInput) {
    const raw = (name) => getInput(name) ?? '';
    const value = (name) => raw(name).trim();
    const problems = new settings_problems/* Problems */.Zw();
    const baseUrl = readBaseUrl(value('base-url'), problems);
    const logOrigins = readLogOrigins(value('log-origins'), baseUrl, problems);
    const { kind, targets, application } = readTarget({
        'pipeline-id': value('pipeline-id'),
        pipeline: value('pipeline'),
        'application-id': value('application-id'),
        application: value('application'),
        'run-id': value('run-id'),
    }, problems);
    const triggers = kind !== undefined && kind !== 'run-id';
    const token = readToken(value('token'), triggers, problems);
    const trigger = readTriggerInputs(kind, raw, problems);
    const following = readFollowInputs(kind, value, problems);
    const artifacts = readArtifactInputs(kind, following.wait, value, raw, problems);
    if (targets && targets.length > 1 && following.waitFor === 'workflow') {
        problems.addCombination(['wait-for', kind === 'run-id' ? 'run-id' : kind === 'pipeline-id' ? 'pipeline-id' : 'pipeline'], `\`workflow\` follows the workflow of one run, but ${targets.length} targets are given.`, 'Use `wait-for: run` (the default) with several targets, or give one target per step.');
    }
    if (problems.list.length > 0)
        throw new settings_problems/* SettingsError */.GN(problems.list);
    const target = targets?.[0];
    if (baseUrl === undefined || targets === undefined || target === undefined) {
        throw new Error('Settings were incomplete although no input problem was found.');
    }
    return {
        baseUrl,
        token,
        logOrigins,
        target,
        targets,
        ...(application && { application }),
        ...trigger,
        ...following,
        artifacts,
    };
}
/** What is sent with a trigger; with `run-id` none of it applies, and setting any is a mistake. */
function readTriggerInputs(kind, raw, problems) {
    const value = (name) => raw(name).trim();
    if (kind === 'run-id') {
        for (const name of TRIGGER_ONLY) {
            if (value(name) === '')
                continue;
            problems.addCombination([name, 'run-id'], `\`${name}\` only applies when a run is triggered, but \`run-id\` follows an existing run.`, `Remove \`${name}\`, or trigger a new run with \`pipeline-id\` or \`pipeline\` instead of \`run-id\`.`);
        }
        return { envVars: [] };
    }
    const branch = readBranch(value('branch'), problems);
    const commit = readCommit(value('commit'), problems);
    if (value('commit') !== '' && value('branch') === '') {
        problems.addCombination(['commit', 'branch'], '`commit` needs `branch`: the service looks the commit up on that branch.', 'Add the branch that holds the commit, for example `branch: ${{ github.head_ref || github.ref_name }}`.');
    }
    const message = value('message') || undefined;
    const envVars = readEnvVars(raw('env-vars'), problems);
    let sourceRunId = readId('source-run-id', value('source-run-id'), problems);
    if ((kind === 'application' || kind === 'application-id') && value('source-run-id') !== '') {
        problems.add('source-run-id', 'chains runs, but the target is a classic build (`application-id` or `application`), which cannot chain.', 'Remove `source-run-id`, or trigger a pipeline with `pipeline-id` or `pipeline` instead.');
        sourceRunId = undefined;
    }
    return {
        ...(branch !== undefined && { branch }),
        ...(commit !== undefined && { commit }),
        ...(message !== undefined && { message }),
        envVars,
        ...(sourceRunId !== undefined && { sourceRunId }),
    };
}
/** How to wait, when to stop, and what to report. */
function readFollowInputs(kind, value, problems) {
    const wait = readBoolean('wait', value('wait'), true, problems);
    const waitFor = readChoice('wait-for', value('wait-for'), ['run', 'workflow'], 'run', problems);
    if (waitFor === 'workflow')
        checkWorkflowWait(kind, value('application') !== '', problems);
    const retries = readRetries(value('retries'), problems);
    if (retries > 0)
        checkRetries(kind, wait, problems);
    const timeoutMs = readTimeout(value('timeout'), problems);
    return {
        wait,
        waitFor,
        retries,
        failFast: readBoolean('fail-fast', value('fail-fast'), false, problems),
        ...(timeoutMs !== undefined && { timeoutMs }),
        onTimeout: readChoice('on-timeout', value('on-timeout'), ['abort', 'leave'], 'abort', problems),
        abortOnCancel: readBoolean('abort-on-cancel', value('abort-on-cancel'), true, problems),
        pollInterval: readPollInterval(value('poll-interval'), problems),
        propagateFailure: readBoolean('propagate-failure', value('propagate-failure'), true, problems),
        stepLogs: readChoice('step-logs', value('step-logs'), ['auto', 'live', 'failed', 'all', 'none'], 'auto', problems),
        summary: readBoolean('summary', value('summary'), true, problems),
    };
}
/** The application whose workflows `wait-for: workflow` reads, when the settings name one. */
function workflowApplication(settings) {
    const { target } = settings;
    return target.kind === 'pipeline'
        ? { owner: target.owner, name: target.application }
        : settings.application;
}
function readEnvVars(text, problems) {
    if (text.trim() === '')
        return [];
    const envVars = problems.parse('env-vars', EnvVarsError, () => env_vars_parseEnvVars(text), (error) => [
        error.message,
        'Write one `KEY=VALUE` per line (the value may contain `=`), `KEY<<EOF` … `EOF` for a multi-line value, ' +
            '`#` for comments; or a JSON array `[{"key": "KEY", "value": "VALUE"}]`. Names use letters, digits and `_`.',
    ]);
    return envVars ?? [];
}
/** A retry is a new trigger with the same inputs, whose result the action waits for. */
function checkRetries(kind, wait, problems) {
    if (!wait) {
        problems.addCombination(['retries', 'wait'], '`retries` triggers a run again when it failed, which needs its result, but `wait: false` does not wait ' +
            'for it.', 'Remove `retries`, or remove `wait: false` so that the action follows the run to its end.');
    }
    if (kind === 'run-id') {
        problems.addCombination(['retries', 'run-id'], '`retries` triggers the same inputs again, but `run-id` follows a run that this step did not trigger.', 'Remove `retries`, or trigger the run in this step with `pipeline-id` or `pipeline` instead of `run-id`.');
    }
}
function checkWorkflowWait(kind, hasApplication, problems) {
    if (kind === 'application' || kind === 'application-id') {
        problems.add('wait-for', '`workflow` follows the runs of a workflow, but the target is a classic build, which has no workflow.', 'Use `wait-for: run` (the default) for builds, or trigger a pipeline with `pipeline-id` or `pipeline`.');
    }
    else if ((kind === 'pipeline-id' || kind === 'run-id') && !hasApplication) {
        problems.addCombination(['wait-for', 'application'], `\`workflow\` reads the workflows of an application, but \`${kind}\` does not say which one.`, 'Add `application: owner/application` (the application the pipeline belongs to), or give the pipeline ' +
            'by name with `pipeline: owner/application/pipeline`.');
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/action/runner-context.ts
// What the runner tells every step through its environment, read for GitHub reporting.

function readRunnerContext(env = process.env) {
    return {
        ...(env.GITHUB_REPOSITORY ? { repository: env.GITHUB_REPOSITORY } : {}),
        ...(env.GITHUB_EVENT_NAME ? { eventName: env.GITHUB_EVENT_NAME } : {}),
        ...(env.GITHUB_SHA ? { sha: env.GITHUB_SHA } : {}),
        ...(env.GITHUB_EVENT_PATH ? { event: readEvent(env.GITHUB_EVENT_PATH) } : {}),
    };
}
/** `owner/repo/.github/workflows/ci.yml@refs/heads/main` → `.github/workflows/ci.yml`. */
function workflowPath(env = process.env) {
    const match = /^[^/]+\/[^/]+\/(\.github\/workflows\/[\w./-]+\.ya?ml)@/.exec(env.GITHUB_WORKFLOW_REF ?? '');
    return match?.[1] && !match[1].includes('..') ? match[1] : '.github';
}
function readEvent(path) {
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(path, 'utf8'));
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/action/settings.ts
// Every input of the action, checked together before anything is sent: the CI service's settings and
// GitHub reporting's, so one error lists every mistake.




function readActionSettings(readInput) {
    const problems = new settings_problems/* Problems */.Zw();
    let settings;
    try {
        settings = readSettings(readInput);
    }
    catch (error) {
        if (!(error instanceof settings_problems/* SettingsError */.GN))
            throw error;
        problems.list.push(...error.problems);
    }
    const value = (name) => readInput(name).trim();
    const github = (0,github_settings/* readGitHubReporting */._Q)(value, readRunnerContext(), problems);
    if (problems.list.length > 0 || !settings)
        throw new settings_problems/* SettingsError */.GN(problems.list);
    return { settings, github };
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
;// CONCATENATED MODULE: ./src/runtime/drained.ts
/** Resolves at once when `stream` holds less than its high-water mark, else once it has drained or closed. */
function drained(stream) {
    if (!stream.writableNeedDrain || stream.destroyed)
        return Promise.resolve();
    return new Promise((resolve) => {
        const done = () => {
            for (const event of EVENTS)
                stream.off(event, done);
            resolve();
        };
        for (const event of EVENTS)
            stream.once(event, done);
    });
}
const EVENTS = ['drain', 'close', 'error'];

// EXTERNAL MODULE: ./src/action/inputs.ts
var inputs = __webpack_require__(1729);
// EXTERNAL MODULE: ./src/action/lazy-core.ts + 1 modules
var lazy_core = __webpack_require__(738);
;// CONCATENATED MODULE: ./src/action/github-ports.ts
// The core's ports, implemented with @actions/core for the GitHub runner. @actions/core loads while
// the first request is in flight (lazy-core.ts); what is written before then is written, in order,
// as soon as it has loaded.





const githubLog = {
    // Defence in depth: core.info prints as it is, so a line the runner would read as a command never
    // goes out unfenced, whatever the caller forgot.
    info: (line) => (0,lazy_core/* withCore */.g)((core) => core.info((0,safety/* guardLogLine */.aR)(line))),
    remote: (lines) => {
        const fenced = (0,safety/* fenceLogLines */.bg)(lines);
        // One write for the batch (core.info ends it with EOL, as it would each line): a long live log is
        // thousands of lines a second, and a write each would queue as many requests while stdout is full.
        (0,lazy_core/* withCore */.g)((core) => core.info(fenced.join(external_node_os_.EOL)));
    },
    // A live log's chunk, fenced as a whole, in order with what core.info writes. Its pieces are written one
    // after the other (core.info would join them to a line end: a copy of the whole chunk). One that has to
    // wait in stdout's queue (the runner reads slower than the log grows) waits as bytes: a string there
    // would be copied by every young-generation collection meanwhile, and V8 grows that generation by what
    // it copies. Bytes cost a copy of their own, so a piece that goes out at once goes as it is.
    remoteText: (text) => (0,lazy_core/* withCore */.g)(() => {
        for (const piece of (0,safety/* fenceLogText */.Jf)(text, external_node_os_.EOL)) {
            process.stdout.write(process.stdout.writableLength > 0 ? Buffer.from(piece) : piece);
        }
    }),
    debug: (line) => (0,lazy_core/* withCore */.g)((core) => core.debug((0,safety/* stripControls */.$Y)(line))),
    // Annotations and group titles carry remote text too (an error body in a message): inert, as info is.
    warning: (message, props) => (0,lazy_core/* withCore */.g)((core) => core.warning((0,safety/* neutralize */.YI)(message), inertProps(props))),
    error: (message, props) => (0,lazy_core/* withCore */.g)((core) => core.error((0,safety/* neutralize */.YI)(message), inertProps(props))),
    startGroup: (title) => (0,lazy_core/* withCore */.g)((core) => core.startGroup((0,safety/* stripControls */.$Y)(title))),
    endGroup: () => (0,lazy_core/* withCore */.g)((core) => core.endGroup()),
    // What was queued before @actions/core loaded is written first; then stdout has to take it.
    drained: () => (0,lazy_core/* coreNow */.k)().then(() => drained(process.stdout)),
};
function inertProps(props) {
    return props?.title === undefined ? {} : { title: (0,safety/* stripControls */.$Y)(props.title) };
}
const githubOutputs = {
    set: (name, value) => (0,lazy_core/* withCore */.g)((core) => core.setOutput(name, value)),
};
const githubState = {
    save: (name, value) => (0,lazy_core/* withCore */.g)((core) => core.saveState(name, value)),
    get: inputs/* readState */.u,
};
const githubSummary = {
    async write(markdown) {
        const core = await (0,lazy_core/* coreNow */.k)();
        if (!process.env.GITHUB_STEP_SUMMARY) {
            core.debug('GITHUB_STEP_SUMMARY is not set; the job summary is not written.');
            return;
        }
        await core.summary.addRaw(markdown, true).write();
    },
};

// EXTERNAL MODULE: ./src/action/main-left.ts
var main_left = __webpack_require__(455);
;// CONCATENATED MODULE: ./src/action/user-agent.ts
const USER_AGENT = 'ci-run-action (+https://github.com/ci-run-action/ci-run-action)';

;// CONCATENATED MODULE: ./src/action/post.ts
// The post entry (post-if: always()): the backstop for a main entry that never got to settle the
// remote work — a container job (docker exec forwards no signal), or a main process killed outright.
// It aborts the run main saved, the other runs of a followed workflow, and a run whose trigger was
// still in flight when main had to stop (with `retries`, the next attempt's). Everything here is a
// warning at worst; it never fails the job.





















/**
 * The whole post step, searches, aborts and GitHub reports together: well inside the time the runner
 * gives a post step before it kills it, so that the step can say what it could not finish.
 */
const POST_BUDGET_MS = 30_000;
const POST_ABORT_BUDGET_MS = 20_000;
/** The search for a trigger in flight, at most. */
const SEARCH_MS = 8000;
/** Kept from the aborts for the GitHub reports. */
const REPORTS_RESERVE_MS = 8000;
/** The read of the run that tells the reports how it ended, at most. */
const ENDING_READ_MS = 5000;
async function post() {
    const budget = new Budget(systemClock, POST_BUDGET_MS);
    try {
        const { state, problems } = (0,contract/* readSavedState */.rh)(githubState);
        const reports = reportsLeftOpen(state, problems);
        if (problems.length > 0) {
            core.warning(`Ignoring unusable saved state from the main step: ${problems.join(', ')}.`);
        }
        const rawToken = core.getInput('token');
        if (rawToken)
            core.setSecret(rawToken);
        if ((0,main_left/* mainSettled */.Fk)(state)) {
            core.debug(main_left/* NOTHING_TO_ABORT */.vU);
        }
        else {
            await abortWhatMainLeft(state, budget);
        }
        await finishGitHubReports(reports, budget);
        if (budget.spent) {
            core.warning(`The post step stopped at its ${POST_BUDGET_MS / 1000}s budget; what it could not finish is named above.`);
        }
    }
    finally {
        budget.dispose();
    }
}
/** What main left open, checked; an entry that is not usable is dropped and named in `problems`. */
function reportsLeftOpen(state, problems) {
    const checked = (saved, name) => {
        if (saved === undefined)
            return [];
        const open = (0,open_reports/* readOpenReports */.qo)(saved);
        if (!open)
            problems.push(name);
        return open ? [open] : [];
    };
    const own = checked(state.openReports, 'openReports').map((open) => ({ work: state, open }));
    const targets = (state.targets ?? []).flatMap((target, index) => checked(target.openReports, `openReports of target ${index + 1}`).map((open) => ({
        work: target,
        open,
        index,
    })));
    return [...own, ...targets];
}
async function abortWhatMainLeft(state, budget) {
    try {
        const settings = readSettings(inputs/* readInput */.R);
        if (!settings.abortOnCancel) {
            core.info('The main step did not finish following the remote work; it is left running (abort-on-cancel: false).');
            return;
        }
        const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
        // The fingerprint's key, made from the token again as main made it: it was never saved.
        const key = (0,core_fingerprint/* fingerprintKey */.SV)(settings.token);
        await withApiClient(connection, (client) => abortUnsettled(client, state, key, budget));
    }
    catch (error) {
        core.warning(`Could not abort the remote work: ${(0,safety/* sanitizeLine */.g$)((0,message/* messageOf */.b)(error), { maxLength: 2000 })}`);
    }
}
async function abortUnsettled(client, state, key, budget) {
    const search = budget.slice(SEARCH_MS, REPORTS_RESERVE_MS);
    const call = { signal: search.signal, deadline: search.deadline };
    const { refs, ambiguous, unsearched } = state.targets
        ? await leftWorkOfTargets(client, state.targets, key, call)
        : await leftWork(client, state, key, call);
    if (unsearched !== undefined) {
        core.warning(`Could not finish looking for the run of a trigger main left in flight (${unsearched} ` +
            `${unsearched === 1 ? 'search' : 'searches'}); a run it created, if any, is left running.`);
    }
    if (ambiguous !== undefined) {
        core.warning(`The main step stopped while triggering, and ${ambiguous} new runs match the trigger; ` +
            'none is aborted, since the action cannot tell which one it created.');
    }
    if (refs.length === 0) {
        if (ambiguous !== undefined)
            return;
        core.info('The main step stopped while triggering, and no run of that trigger was found; nothing to abort.');
        return;
    }
    core.info(`The main step did not finish following ${refs.map(workName).join(', ')}; aborting.`);
    const results = await abortAll(client, refs, {
        budgetMs: budget.slice(POST_ABORT_BUDGET_MS, REPORTS_RESERVE_MS).ms,
        clock: systemClock,
        sleep: realSleep,
        log: githubLog,
    });
    for (const result of results) {
        if (result.confirmed)
            core.info(result.message);
        else
            core.warning(result.message);
    }
}
function workName(ref) {
    return `${ref.kind} ${(0,safety/* sanitizeLine */.g$)(ref.id, { maxLength: 100 })}`;
}
/**
 * The reports main opened and could not finish get the work's end as far as post can tell it; a
 * target's reports are named for it, as main named them.
 */
async function finishGitHubReports(left, budget) {
    if (left.length === 0)
        return;
    try {
        const { settings, github } = readActionSettings(inputs/* readInput */.R);
        if (!github)
            return;
        core.setSecret(github.token);
        const labels = targetLabels(settings.targets);
        const { finishOpenReports } = await Promise.all(/* import() */[__webpack_require__.e(413), __webpack_require__.e(892)]).then(__webpack_require__.bind(__webpack_require__, 892));
        const deps = {
            log: githubLog,
            clock: systemClock,
            sleep: realSleep,
            userAgent: USER_AGENT,
            deadline: budget.deadline,
        };
        await Promise.all(left.map(async ({ work, open, index }) => {
            const label = index === undefined ? undefined : labels[index];
            if (index !== undefined && label === undefined)
                return;
            const ending = await endingOf(settings, work, budget);
            if (label === undefined)
                await finishOpenReports(github, open, ending, deps);
            else
                await finishOpenReports(namedFor(github, label), open, prefixed(ending, label), deps);
        }));
    }
    catch (error) {
        core.warning(`Could not finish the GitHub reports: ${(0,safety/* sanitizeLine */.g$)((0,message/* messageOf */.b)(error), { maxLength: 2000 })}`);
    }
}
function prefixed(ending, label) {
    return { ...ending, line: `${label}: ${ending.line}` };
}
/** The work's end as far as post can tell it, decided as main's endings are. */
async function endingOf(settings, state, budget) {
    const ref = state.id ? (state.kind === 'build' ? buildRef : runRef)(settings.baseUrl, state.id) : undefined;
    const { outcome } = decide({ kind: 'left-by-main', ref, now: ref && (await readNow(settings, ref, budget)) }, settings);
    return { outcome: outcome.kind, line: outcome.message };
}
async function readNow(settings, ref, budget) {
    try {
        const connection = { ...settings, userAgent: USER_AGENT, debug: githubLog.debug };
        // Half of what is left at most: the reports themselves need the rest.
        const read = budget.slice(Math.min(ENDING_READ_MS, budget.left() / 2));
        const call = { signal: read.signal, deadline: read.deadline };
        return await withApiClient(connection, (client) => ref.kind === 'run' ? client.getRun(ref.id, call) : client.getBuild(ref.id, call));
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 705:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ isFinished),
/* harmony export */   Pr: () => (/* binding */ RESULTS),
/* harmony export */   f: () => (/* binding */ STATUSES)
/* harmony export */ });
// Resources of the CI Service API v3 as the client hands them out: parsed tolerantly, so that what
// real servers sent still fits these shapes, and checked, so that ids, URLs, statuses and results
// hold only the forms given here (see src/api/parse.ts).
/** Every status a server may report; a value the parser does not know is read as `unknown`. */
const STATUSES = [
    'notstarted',
    'started',
    'running',
    'finished',
    'pendingapproval',
    'unknown',
];
/** Every result; a value the parser does not know is read as `unknown` (see `rawResult`). */
const RESULTS = ['unknown', 'passed', 'failed', 'aborted'];
/** A status is final only when it is `finished`; any other value, known or not, means "not done yet". */
function isFinished(resource) {
    return resource.status === 'finished';
}


/***/ }),

/***/ 1044:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ checkUrl)
/* harmony export */ });
// The rule for a URL a server hands out (a resource's `url`, a step's `logUrl`): an absolute http(s)
// URL, kept as its normalised href. Text that could break a line or hide in one is refused.
const MAX_URL_LENGTH = 4096;
/**
 * The normalised href of an absolute http(s) URL, or what is wrong with `value` (never the value).
 * `length` is that of the text `value` stands for (a longer one when it was cut as its body was read).
 */
function checkUrl(value, length = value.length) {
    if (length > MAX_URL_LENGTH)
        return { fault: `it is longer than ${MAX_URL_LENGTH} characters` };
    if (/[\s\p{Cc}\p{Cf}]/u.test(value))
        return { fault: 'it holds whitespace or control characters' };
    let url;
    try {
        url = new URL(value);
    }
    catch {
        return { fault: 'it is not an absolute URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { fault: 'it is not http or https' };
    return { href: url.href };
}


/***/ }),

/***/ 7375:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J9: () => (/* binding */ stepHeading),
/* harmony export */   NL: () => (/* binding */ atFailedStep),
/* harmony export */   SY: () => (/* binding */ currentStep),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   d5: () => (/* binding */ elapsedMs),
/* harmony export */   nG: () => (/* binding */ outcomeWord)
/* harmony export */ });
/* unused harmony exports resultIcon, outcomeIcon, progressLine, failedStepOf, outcomeLine, omittedLinesLine, formatBytes */
/* harmony import */ var _text_safety_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8419);

/**
 * `0s`, `0.4s`, `42s`, `1m05s`, `1h02m`. Sub-second values keep one decimal (cut, not rounded); longer ones
 * are cut to the second or, from one hour on, to the minute. Negative or non-finite values (clock skew,
 * missing timestamps) read as `0s`.
 */
function formatDuration(ms) {
    if (!Number.isFinite(ms) || ms < 100)
        return '0s';
    if (ms < 1000)
        return `0.${Math.floor(ms / 100)}s`;
    const seconds = Math.floor(ms / 1000);
    if (seconds < 60)
        return `${seconds}s`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60)
        return `${minutes}m${pad2(seconds % 60)}s`;
    return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
}
function pad2(value) {
    return String(value).padStart(2, '0');
}
/** Milliseconds between two timestamps, or undefined when either is missing or invalid. */
function elapsedMs(startedAt, finishedAt) {
    const start = startedAt?.getTime();
    const end = finishedAt?.getTime();
    if (start === undefined || end === undefined || !Number.isFinite(start) || !Number.isFinite(end)) {
        return undefined;
    }
    return Math.max(0, end - start);
}
// Maps, not object literals: a result is remote text and may be `constructor` or `__proto__`.
const RESULT_ICONS = new Map([
    ['passed', '✔'],
    ['failed', '✖'],
    ['aborted', '⊘'],
]);
// Keyed by our own outcome kinds, so a new kind does not compile until it has its icon and word.
const OUTCOME_ICONS = {
    passed: '✔',
    failed: '✖',
    aborted: '⊘',
    'timed-out': '⏱',
    cancelled: '⊘',
    unknown: '…',
    triggered: '➜',
};
const OUTCOME_WORDS = {
    passed: 'passed',
    failed: 'failed',
    aborted: 'aborted',
    'timed-out': 'timed out',
    cancelled: 'cancelled',
    unknown: 'unknown',
    triggered: 'triggered',
};
/** ✔ passed, ✖ failed, ⊘ aborted, … anything else (unknown, or not finished yet). */
function resultIcon(result) {
    return RESULT_ICONS.get(result) ?? '…';
}
/** The result's icon, or ⏱ timed out, ⊘ cancelled, ➜ triggered (not waited for). */
function outcomeIcon(outcome) {
    return OUTCOME_ICONS[outcome];
}
function outcomeWord(outcome) {
    return OUTCOME_WORDS[outcome];
}
/**
 * `✔ 3/7 build (42s)`; the duration is left out when a timestamp is missing, `/total` when total is not
 * known. The step name is remote text: it goes through sanitizeLine, so the heading is safe as a group title.
 */
function stepHeading(step, total) {
    const position = total !== undefined && total > 0 ? `${step.order}/${total}` : `${step.order}`;
    const elapsed = elapsedMs(step.startedAt, step.finishedAt);
    const duration = elapsed === undefined ? '' : ` (${formatDuration(elapsed)})`;
    return `${resultIcon(step.result)} ${position} ${(0,_text_safety_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitizeLine */ .g$)(step.name)}${duration}`;
}
/**
 * `running 57% · step 4/7 test`: one compact line, meant to be printed only when it differs from the last
 * one printed. Status and step name are remote text and are sanitised.
 */
function progressLine(state) {
    let line = sanitizeLine(state.status || 'unknown');
    if (state.progress !== undefined && Number.isFinite(state.progress)) {
        line += ` ${Math.round(Math.min(100, Math.max(0, state.progress)))}%`;
    }
    if (state.step) {
        const total = state.totalSteps !== undefined && state.totalSteps > 0 ? `/${state.totalSteps}` : '';
        const name = state.step.name ? ` ${sanitizeLine(state.step.name)}` : '';
        line += ` · step ${state.step.order}${total}${name}`;
    }
    return line;
}
/**
 * The step worth naming in a progress line: the first one that has started but not finished, else the first
 * one not finished yet; undefined when every listed step is finished.
 */
function currentStep(steps) {
    const ordered = [...steps].sort((a, b) => a.order - b.order);
    const unfinished = ordered.filter((step) => step.status !== 'finished');
    return unfinished.find((step) => step.status === 'running' || step.status === 'started') ?? unfinished[0];
}
/** The first step (by order) that failed, with the number of steps; undefined when none failed. */
function failedStepOf(steps) {
    const step = [...steps].sort((a, b) => a.order - b.order).find((each) => each.result === 'failed');
    return step ? { order: step.order, name: step.name, total: steps.length } : undefined;
}
/**
 * ` at step 2/3 "build"`: where the work failed, the one wording of it; nothing when no step failed. GitHub's
 * one-line reports leave out the quotes.
 */
function atFailedStep(steps, { quoted = true } = {}) {
    const step = failedStepOf(steps);
    if (!step)
        return '';
    const name = quoted ? `"${(0,_text_safety_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitizeLine */ .g$)(step.name, { maxLength: 200 })}"` : (0,_text_safety_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitizeLine */ .g$)(step.name);
    return ` at step ${step.order}/${step.total} ${name}`;
}
/** The last line of the log: `✖ Run failed after 3m12s`. */
function outcomeLine(outcome, kind, durationMs) {
    const noun = kind === 'build' ? 'Build' : 'Run';
    const verb = outcome === 'cancelled' || outcome === 'aborted'
        ? `was ${outcome}`
        : outcome === 'unknown'
            ? 'ended with an unknown result'
            : outcomeWord(outcome);
    const after = durationMs === undefined ? '' : ` ${outcome === 'passed' ? 'in' : 'after'} ${formatDuration(durationMs)}`;
    return `${outcomeIcon(outcome)} ${noun} ${verb}${after}`;
}
/** `1,234 earlier lines not shown (the log has 12.3 MB)`, for a tail that left lines out; else undefined. */
function omittedLinesLine(truncatedLines, totalBytes) {
    if (truncatedLines <= 0)
        return undefined;
    const lines = `${truncatedLines.toLocaleString('en-US')} earlier line${truncatedLines === 1 ? '' : 's'}`;
    return `… ${lines} not shown (the log has ${formatBytes(totalBytes)})`;
}
/** `512 B`, `64.0 KB`, `12.3 MB`, `1.2 GB` (powers of 1024, as log sizes usually are). */
function formatBytes(bytes) {
    const units = ['B', 'KB', 'MB', 'GB', 'TB'];
    let value = Math.max(0, bytes);
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
    }
    return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}


/***/ }),

/***/ 3849:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GN: () => (/* binding */ SettingsError),
/* harmony export */   Zw: () => (/* binding */ Problems),
/* harmony export */   hD: () => (/* binding */ quote)
/* harmony export */ });
// Input problems are collected, not thrown one by one, so that a user fixes every mistake in one go.
class SettingsError extends Error {
    name = 'SettingsError';
    problems;
    constructor(problems) {
        super(formatProblems(problems));
        this.problems = problems;
    }
}
function formatProblem(problem) {
    const names = problem.inputs ?? [problem.input];
    const label = names.length === 1 ? 'Input' : 'Inputs';
    return `${label} ${joinWithAnd(names.map((name) => `\`${name}\``))}: ${problem.message} Fix: ${problem.hint}`;
}
function formatProblems(problems) {
    if (problems.length === 1 && problems[0])
        return formatProblem(problems[0]);
    return [
        `${problems.length} problems with the inputs:`,
        ...problems.map((p) => `- ${formatProblem(p)}`),
    ].join('\n');
}
class Problems {
    list = [];
    add(input, message, hint) {
        this.list.push({ input, message, hint });
    }
    addCombination(inputs, message, hint) {
        this.list.push({ input: inputs[0], inputs, message, hint });
    }
    /**
     * What `read` returns, or undefined once its error is added as a problem of `input`. Only an error of
     * the `expected` class is the user's mistake; any other is a bug and propagates.
     */
    parse(input, expected, read, explain) {
        try {
            return read();
        }
        catch (error) {
            if (!(error instanceof expected))
                throw error;
            this.add(input, ...explain(error));
            return undefined;
        }
    }
}
/** A user's value, quoted for a message: JSON quoting shows hidden characters, and long values are cut. */
function quote(value) {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}
function joinWithAnd(items) {
    if (items.length <= 1)
        return items.join('');
    return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}


/***/ }),

/***/ 5577:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   qo: () => (/* binding */ readOpenReports),
/* harmony export */   y0: () => (/* binding */ handleIn)
/* harmony export */ });
/* unused harmony export OpenReportsEntry */
/* harmony import */ var _api_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1044);
// Which of a target's GitHub reports main opened and has not finished, kept for post in the contract's opaque
// `openReports` entry: its shape, its encoding and its check are here, the core only keeps it. Each open report
// has its handle under its own key: `true` for a report without an id (the commit status, `status`), its id
// under a key ending in `Id` (`checkRunId`); `targetUrl` is the page they link to. A report left open on
// purpose (`wait: false`) is not listed. Main and post of one version read each other; nothing older is read.

const KEY = /^[a-z][A-Za-z]{0,39}$/;
/** Whether `key` holds an id (`checkRunId`) rather than `true` (`status`). */
function holdsId(key) {
    return key.endsWith('Id');
}
/**
 * The entry post read back, checked: undefined when anything in it is unusable (post drops it and says so).
 * An id must be a positive integer and the page an absolute http(s) URL, since both go into requests.
 */
function readOpenReports(saved) {
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
        return undefined;
    const usable = Object.entries(saved).every(([key, value]) => {
        if (key === 'targetUrl')
            return typeof value === 'string' && 'href' in (0,_api_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .checkUrl */ .C)(value);
        if (!KEY.test(key))
            return false;
        return holdsId(key) ? Number.isSafeInteger(value) && value > 0 : value === true;
    });
    return usable ? saved : undefined;
}
/** The handle a report left open under `key`, if it did. */
function handleIn(open, key) {
    const value = key === 'targetUrl' ? undefined : open[key];
    return value === true || typeof value === 'number' ? value : undefined;
}
/** Keeps one target's entry current as its reports open, follow a newer attempt, and end. */
class OpenReportsEntry {
    #current = {};
    #store;
    constructor(store) {
        this.#store = store;
    }
    part(key) {
        let closed = false;
        return {
            mark: (handle, targetUrl) => {
                if (closed)
                    return;
                this.#current = { ...this.#current, [key]: handle, targetUrl };
                this.#save();
            },
            close: () => {
                closed = true;
                if (this.#current[key] === undefined)
                    return;
                const rest = { ...this.#current };
                delete rest[key];
                this.#current = rest;
                this.#save();
            },
        };
    }
    #save() {
        const anyOpen = Object.keys(this.#current).some((key) => handleIn(this.#current, key) !== undefined);
        this.#store.keep(anyOpen ? this.#current : undefined);
    }
}


/***/ }),

/***/ 9518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fp: () => (/* binding */ permissionOf),
/* harmony export */   _Q: () => (/* binding */ readGitHubReporting),
/* harmony export */   r$: () => (/* binding */ REPORT_FIELDS)
/* harmony export */ });
/* unused harmony export GITHUB_INPUT_DEFAULTS */
/* harmony import */ var _core_settings_problems_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3849);
// The inputs of GitHub reporting, checked with the others before anything is sent. Reporting is on when
// any of `commit-status`, `check-run` or `deployment-environment` is set; then the repository and the
// commit come from the runner's environment, and `github-sha` overrides the commit.

/** As action.yml declares them; `github-token`'s default is an expression the runner fills in. */
const GITHUB_INPUT_DEFAULTS = {
    'github-token': '${{ github.token }}',
    'commit-status': '',
    'check-run': '',
    'deployment-environment': '',
    'github-sha': '',
};
/** Each report, by the input that asks for it. */
const REPORT_INPUTS = {
    'commit-status': {
        field: 'commitStatus',
        kind: 'commit status',
        scope: 'statuses',
        limit: 100,
        example: 'ci-service/test',
    },
    'check-run': {
        field: 'checkRun',
        kind: 'check run',
        scope: 'checks',
        limit: 100,
        example: 'ci-service/test',
    },
    'deployment-environment': {
        field: 'deploymentEnvironment',
        kind: 'deployment',
        scope: 'deployments',
        limit: 255,
        example: 'staging',
    },
};
const REPORTS = Object.keys(REPORT_INPUTS);
/** Every report's field, in input order. */
const REPORT_FIELDS = REPORTS.map((input) => REPORT_INPUTS[input].field);
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const REPOSITORY = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/;
/** The input that asks for a report, and the permission the token needs to write it. */
function permissionOf(kind) {
    const input = REPORTS.find((each) => REPORT_INPUTS[each].kind === kind);
    return { input, scope: REPORT_INPUTS[input].scope };
}
/** Undefined when no report is asked for; problems go into `problems`, named by input. */
function readGitHubReporting(value, runner, problems) {
    const asked = REPORTS.filter((name) => value(name) !== '');
    const known = problems.list.length;
    if (asked.length === 0) {
        if (value('github-sha') !== '') {
            problems.add('github-sha', 'names the commit that gets the GitHub reports, but none is asked for.', `Set ${oneOf(REPORTS)}, or remove \`github-sha\`.`);
        }
        return undefined;
    }
    const names = Object.fromEntries(asked.map((name) => [name, readName(name, value(name), problems)]));
    const token = value('github-token');
    if (token === '') {
        problems.add('github-token', `is empty, but ${asked.map((name) => `\`${name}\``).join(', ')} needs a token for the GitHub API.`, 'Remove `github-token` to use the default `${{ github.token }}`, or pass a token from a secret.');
    }
    const repository = REPOSITORY.exec(runner.repository ?? '');
    if (!repository) {
        problems.add(asked[0], 'needs the repository from GITHUB_REPOSITORY (`owner/repo`), which is not set: GitHub reports are ' +
            'made on GitHub Actions only.', `Remove \`${asked[0]}\` where the action does not run on GitHub Actions.`);
    }
    const sha = readSha(value('github-sha'), runner, problems);
    if (names['deployment-environment'] && value('github-sha') === '')
        refuseForkHead(runner, problems);
    if (problems.list.length > known || !repository || !sha)
        return undefined;
    const reporting = { token, owner: repository[1], repo: repository[2], sha };
    for (const input of asked) {
        const name = names[input];
        if (name)
            reporting[REPORT_INPUTS[input].field] = name;
    }
    return reporting;
}
/** `\`a\``, `\`a\` or \`b\``, `\`a\`, \`b\` or \`c\``. */
function oneOf(inputs) {
    const quoted = inputs.map((input) => `\`${input}\``);
    return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}
function readName(input, text, problems) {
    const { limit, example } = REPORT_INPUTS[input];
    if (text.length > limit || /[\p{Cc}\p{Cf}]/u.test(text)) {
        problems.add(input, `must be one line of printable text of at most ${limit} characters, not ${(0,_core_settings_problems_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(text)}.`, `Use a short name, for example \`${example}\`.`);
        return undefined;
    }
    return text;
}
/** On a pull request GITHUB_SHA is a merge commit the PR page does not show: the head commit is. */
function readSha(given, runner, problems) {
    if (given !== '') {
        if (SHA.test(given))
            return given.toLowerCase();
        problems.add('github-sha', `must be a full commit hash (40 hex digits), not ${(0,_core_settings_problems_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(given)}.`, 'Pass a full hash, for example `${{ github.event.pull_request.head.sha }}`, or remove it for the default.');
        return undefined;
    }
    const head = PULL_REQUEST_EVENTS.has(runner.eventName ?? '') ? pullRequestHead(runner.event) : undefined;
    const sha = head ?? runner.sha ?? '';
    if (SHA.test(sha))
        return sha.toLowerCase();
    problems.add('github-sha', 'is not set, and the commit could not be read from the event payload or GITHUB_SHA.', 'Set `github-sha` to the commit that should get the reports.');
    return undefined;
}
/**
 * On `pull_request_target` the workflow runs with the base repository's token and secrets, and the
 * default commit is the pull request's head. From a fork that is code nobody has reviewed: a deployment
 * of it, made with a token that can start workflows (a PAT as `github-token`), would run the base
 * repository's `on: deployment` workflows for it. So the commit must be named on purpose.
 */
function refuseForkHead(runner, problems) {
    if (runner.eventName !== 'pull_request_target' || !pullRequestHead(runner.event))
        return;
    if (!fromFork(runner.event))
        return;
    problems.addCombination(['deployment-environment', 'github-sha'], 'on `pull_request_target` from a fork, a deployment needs the commit named in `github-sha`: the default ' +
        "would be the fork's head commit, code the base repository has not reviewed, and a deployment of it " +
        "can start the repository's `on: deployment` workflows.", 'Set `github-sha: ${{ github.event.pull_request.base.sha }}` to deploy the base commit, or ' +
        '`${{ github.event.pull_request.head.sha }}` only once the change has been reviewed; or remove ' +
        '`deployment-environment` from this workflow.');
}
/** Whether the pull request comes from another repository than its base; one that cannot tell is. */
function fromFork(event) {
    const pr = event
        ?.pull_request;
    const head = pr?.head?.repo;
    const base = pr?.base?.repo;
    if (typeof head?.id === 'number' && typeof base?.id === 'number')
        return head.id !== base.id;
    if (typeof head?.full_name === 'string' && typeof base?.full_name === 'string') {
        return head.full_name.toLowerCase() !== base.full_name.toLowerCase();
    }
    return true;
}
function pullRequestHead(event) {
    const pr = event?.pull_request;
    const sha = pr?.head?.sha;
    return typeof sha === 'string' && SHA.test(sha) ? sha : undefined;
}


/***/ }),

/***/ 6400:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ messageOf)
/* harmony export */ });
/** What went wrong, as text, for anything that was thrown or used as a rejection reason. */
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 8419:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $Q: () => (/* binding */ clip),
  bg: () => (/* binding */ fenceLogLines),
  Jf: () => (/* binding */ fenceLogText),
  aR: () => (/* binding */ guardLogLine),
  YI: () => (/* binding */ neutralize),
  i: () => (/* binding */ removeInvisible),
  g$: () => (/* binding */ sanitizeLine),
  $Y: () => (/* binding */ stripControls)
});

// UNUSED EXPORTS: LINE_BREAKS, cleanCell, defuseLogLine, escapeHtml, htmlText, splitLines

;// CONCATENATED MODULE: ./src/text/fence.ts
// The `::stop-commands::<token>` fence around remote log text. How the runner reads our stdout, and what
// else keeps remote text from acting as a command, is described in safety.ts.
/** 64 hex digits (244 random bits) from two UUIDs. */
const randomToken = () => {
    // node:crypto loads at the first fence rather than at start-up, before the first request.
    const { randomUUID } = process.getBuiltinModule('node:crypto');
    return (randomUUID() + randomUUID()).replaceAll('-', '');
};
// Letters and digits only, and long: such a token can never equal a command name (those are short and
// hyphenated) nor need escaping.
const TOKEN_PATTERN = /^[0-9A-Za-z]{16,}$/;
const MAX_ATTEMPTS = 16;
function createCommandFence(nextToken = randomToken) {
    const token = nextToken();
    if (!TOKEN_PATTERN.test(token)) {
        throw new Error('A stop-commands token must be at least 16 letters or digits.');
    }
    return { token, start: `::stop-commands::${token}`, end: `::${token}::` };
}
/**
 * A fence whose token occurs nowhere in `text` (compared case-insensitively, as the runner does), drawing a
 * new token while it does. With random 64-digit tokens a redraw practically never happens.
 */
function fenceFor(text, nextToken = randomToken) {
    const holds = tokenSearch(text);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const fence = createCommandFence(nextToken);
        if (!holds(fence.token))
            return fence;
    }
    throw new Error(`Could not draw a stop-commands token absent from the text in ${MAX_ATTEMPTS} attempts.`);
}
// Besides A–Z, only these lower-case to an ASCII letter (U+0130 to `i` and a combining dot, the Kelvin sign
// to `k`); a case-insensitive pattern does not take them for one.
const LOWERS_TO_ASCII = /[\u0130\u212a]/;
/** Whether a token occurs in the text once lower-cased, as the runner compares. */
function tokenSearch(text) {
    if (typeof text === 'string' && !LOWERS_TO_ASCII.test(text)) {
        // A token is letters and digits: a case-insensitive pattern finds it without a lower-cased copy of a
        // long text (a live log's chunk).
        return (token) => new RegExp(token, 'i').test(text);
    }
    const haystack = (typeof text === 'string' ? [text] : text).map((line) => line.toLowerCase());
    return (token) => {
        const needle = token.toLowerCase();
        return haystack.some((line) => line.includes(needle));
    };
}

;// CONCATENATED MODULE: ./src/text/safety.ts
// Remote text (names, statuses, messages, step logs) is untrusted wherever it is shown: in the runner's log
// and annotations, in the job summary, in a terminal. One set of rules applies everywhere:
//   - Escape sequences are removed whole: CSI (`ESC [` or its one-character form U+009B, up to the final
//     byte), the OSC, DCS, SOS, PM and APC strings (up to BEL or ST), and every other `ESC` escape. Only in
//     the fenced tail of a step log are SGR colours (`ESC [ … m`) kept, for the runner's log viewer draws
//     them; they cannot move the cursor, set a title or hide a link. A colour that splits a `##[` or a
//     `::` (`#ESC[0m#[error]`) is removed there too, so that the marker is seen, and broken up, whole.
//   - The other control characters are removed: C0 except tab, DEL, C1, and the bidirectional controls
//     (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that make text read in an order other than
//     the one it is stored in.
//   - Invisible characters are removed: the format characters (Cf) and every Default_Ignorable_Code_Point
//     (zero-width spaces and joiners, soft hyphens, fillers, variation selectors, tags). A server that
//     echoes a token with U+200B between its characters would otherwise pass the redactor (which runs on
//     neutralised text) and still read as the token. Only a zero-width joiner between two emoji stays,
//     for it draws one emoji (a family, a flag) and cannot hide a token, whose characters are ASCII.
//   - Line breaks (CRLF, LF, CR, VT, FF, U+0085, U+2028, U+2029) are all the same thing: a space in
//     one-line text, the end of a line in multi-line text, <br> in HTML.
// Removing rather than replacing also suits the runner, whose command matching skips control characters
// anyway (below): what is checked here is then what the runner compares.
//
// How the runner reads our stdout: line by line, where CR, LF and CRLF all end a line. A line is a command
// when, for any registered command name (compared case-insensitively),
//   - it starts with `::name` once leading whitespace is trimmed (`::error::x`, `::add-mask::x`), or
//   - it contains `##[name` anywhere: the older syntax, still honoured (`text ##[add-mask]x` masks x).
// `::stop-commands::<token>` turns both off until a line names the token as a command (`::<token>::` or
// `##[<token>]`, in any case); so the fenced text must not contain the token, which fenceFor() ensures.
// While commands are off, a command-looking line is printed as it is, and the log viewer draws lines such as
// `##[endgroup]` or `##[error]` itself: `##[` is therefore broken up inside the fence as well, so remote text
// can neither close our group early nor dress up as an error.
//
// The insertions are visible ASCII on purpose: the runner matches `::` and `##[` with culture-sensitive
// .NET string comparison, which skips zero-width and control characters, so an invisible marker would not
// reliably break a match, and such characters between the `#`s or the `:`s must not hide one either.

// C0 but tab and the line breaks, DEL, C1 but NEL, the bidirectional controls
const CONTROLS = String.raw `[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]`;
const STRING_END = String.raw `[^\x07\x1b\x9c\n\r\v\f\x85\u2028\u2029]*(?:\x07|\x1b\\|\x9c)?`;
const UNSAFE = new RegExp([
    String.raw `(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?`, // CSI, also when cut before its final byte
    String.raw `(?:\x1b[\]P^_X]|[\x90\x98\x9d-\x9f])${STRING_END}`, // OSC, DCS, SOS, PM, APC
    String.raw `\x1b[ -/]*[0-~]?`, // any other escape, and a lone ESC
    CONTROLS,
].join('|'), 'g');
/** Every match of UNSAFE begins with one of CONTROLS: a text without any has nothing to remove. */
const HAS_CONTROL = new RegExp(CONTROLS);
const SGR = new RegExp(String.raw `^\x1b\[[0-9;:]*m$`);
// Cf and Default_Ignorable_Code_Point overlap (U+200B–U+200F, U+FEFF…) without either holding the other:
// U+0600 is Cf only, U+3164 and the variation selectors are ignorable only.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
// Every invisible character but a zero-width joiner between two emoji (the first may end in a modifier or
// U+FE0F): such a joiner draws one emoji (a family, a flag), and no ASCII character is an emoji.
const EMOJI = String.raw `[\p{Extended_Pictographic}\p{Emoji_Modifier}]`;
const REMOVED_INVISIBLES = new RegExp(String.raw `(?<!${EMOJI}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})|(?!\u200D)[\p{Cf}\p{Default_Ignorable_Code_Point}]`, 'gu');
/** Every kind of line break, for splitting or replacing (a global pattern: do not use it with test()). */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/**
 * Remote text without escape sequences, control characters or invisible ones; tabs and line breaks are
 * left as they are.
 */
function neutralize(text, options = {}) {
    // A long text (a live log's chunk) is most often clean: quick looks instead of the whole patterns.
    const keep = options.keepColors === true;
    const visible = HAS_CONTROL.test(text)
        ? text.replace(UNSAFE, (match) => (keep && SGR.test(match) ? match : ''))
        : text;
    return removeInvisible(visible);
}
/**
 * Text without format characters and Default_Ignorable_Code_Point characters, but a zero-width joiner
 * between two emoji. neutralize() does this; the redactor does it too, on text that was not neutralised.
 */
function removeInvisible(text) {
    return INVISIBLE.test(text) ? text.replace(REMOVED_INVISIBLES, '') : text;
}
/** Remote text as one line: neutralised, every line break a space. */
function stripControls(text) {
    return neutralize(text).replace(LINE_BREAKS, ' ');
}
/** Remote text as lines: neutralised, split at every line break. */
function splitLines(text, options = {}) {
    return neutralize(text, options).split(LINE_BREAKS);
}
/** At most `maxLength` code units, ending with `…` when cut, without splitting a surrogate pair. */
function clip(text, maxLength) {
    if (text.length <= maxLength)
        return text;
    const length = Math.max(0, maxLength - 1);
    const code = text.charCodeAt(length - 1);
    return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length)}…`;
}
const HTML_ESCAPES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
};
/** Escapes the five characters that matter in HTML text and in quoted attribute values. */
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
/** Remote text as HTML (a summary cell): neutralised, escaped, line breaks as <br>. */
function htmlText(text) {
    return escapeHtml(neutralize(text)).replace(LINE_BREAKS, '<br>');
}
/** Remote text for one terminal table cell or field: one line, whitespace runs as one space, long text cut. */
function cleanCell(text, maxLength = 80) {
    return clip(stripControls(text).replace(/\s+/g, ' ').trim(), maxLength);
}
// `#`, `#`, `[` with only invisible format characters between them: what the runner would take for `##[`.
const LOG_MARKER = /#\p{Cf}*#\p{Cf}*\[/gu;
const HAS_LOG_MARKER = /#\p{Cf}*#\p{Cf}*\[/u;
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** Breaks up every `##[` (runner command, log-viewer marker) without otherwise changing the line. */
function defuseLogLine(line) {
    return line.replace(LOG_MARKER, '# #[');
}
const COLOUR = String.raw `\x1b\[[0-9;:]*m`;
// A `##[` or a `::` with colours between its characters: the log viewer draws it whole. A `#` is followed
// by the rest of a `##[`; a `:` by colours and the next `:`, which may start the next match (`:·:·:`).
const SPLIT_MARKER = new RegExp(String.raw `#(?:${COLOUR})*#(?:${COLOUR})*\[|:(?:${COLOUR})+(?=:)`, 'g');
const COLOURS = new RegExp(COLOUR, 'g');
/**
 * Neutralised text with colours kept, without the colours that split a `##[` or a `::`; the other colours
 * stay. Done before defuseLogLine, which then breaks up the `##[` so joined.
 */
function joinSplitMarkers(text) {
    return text.includes('\x1b') ? text.replace(SPLIT_MARKER, (marker) => marker.replace(COLOURS, '')) : text;
}
/**
 * A line about to be printed outside a fence, as the runner would read it: on one line, and with a
 * visible `› ` in front and `##[` broken up when it would otherwise be a workflow command.
 */
function guardLogLine(line) {
    const single = line.replace(LINE_BREAKS, ' ');
    const bare = single.replace(FORMAT_CHARACTERS, '');
    if (!bare.trimStart().startsWith('::') && !HAS_LOG_MARKER.test(single))
        return single;
    return `› ${defuseLogLine(single)}`;
}
/**
 * One remote string made safe to print on a single line outside a fence, on its own (core.info), as a
 * command's data (the title of core.startGroup, which escapes `%` itself) or as an annotation. Neutralised
 * and on one line, so it cannot start a second line (`\n::endgroup::`); `##[` is broken up; a line that
 * would start with `::` gets a visible `› ` in front.
 */
function sanitizeLine(text, options = {}) {
    const line = defuseLogLine(clip(stripControls(text), options.maxLength ?? 1000));
    return line.replace(FORMAT_CHARACTERS, '').trimStart().startsWith('::') ? `› ${line}` : line;
}
/**
 * The lines to print for imported log text: the fence start, each line neutralised (colours kept, a line
 * break inside a line ends it) and defused, the fence end. Print each element as one line (core.info); the
 * text may then contain anything, including `::endgroup::`.
 */
function fenceLogLines(lines, nextToken = randomToken) {
    const body = lines
        .flatMap((line) => splitLines(line, { keepColors: true }))
        .map((line) => defuseLogLine(joinSplitMarkers(line)));
    const fence = fenceFor(body, nextToken);
    return [fence.start, ...body, fence.end];
}
/**
 * `fenceLogLines(text.split('\n'))` for lines that come as one text joined by LF (a live log's chunk), as
 * pieces to write one after the other: together they are those lines, each ended by `eol`. A few passes
 * over the whole text replace several strings and arrays per line, and the text is not copied to be
 * joined to the fence's lines. No escape sequence, `##[` or token spans a line end, so neutralising,
 * defusing and looking for the token in the whole text is the same as in each line. A line ending in a
 * CR of its own would join the LF after it into one break: such a text is fenced line by line.
 */
function fenceLogText(text, eol, nextToken = randomToken) {
    const body = defuseLogLine(joinSplitMarkers(neutralize(text, { keepColors: true })));
    if (body.includes('\r\n'))
        return [fenceLogLines(text.split('\n'), nextToken).join(eol) + eol];
    const fence = fenceFor(body, nextToken);
    const lines = eol === '\n' && !OTHER_BREAK.test(body) ? body : body.replace(LINE_BREAKS, eol);
    return [fence.start + eol, lines, eol + fence.end + eol];
}
/** Every line break LINE_BREAKS matches but LF. */
const OTHER_BREAK = /[\r\v\f\u0085\u2028\u2029]/;


/***/ })

};
