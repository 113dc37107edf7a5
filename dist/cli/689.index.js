export const id = 689;
export const ids = [689];
export const modules = {

/***/ 8689:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_PORT: () => (/* binding */ DEFAULT_PORT),
  EMULATOR_HOST: () => (/* binding */ EMULATOR_HOST),
  EmulatorOptionError: () => (/* binding */ EmulatorOptionError),
  QUIRK_LIST: () => (/* binding */ QUIRK_LIST),
  defaultUserToken: () => (/* binding */ defaultUserToken),
  loadCheckedWorld: () => (/* binding */ loadCheckedWorld),
  parsePort: () => (/* binding */ parsePort),
  parseQuirks: () => (/* binding */ parseQuirks),
  parseSpeed: () => (/* binding */ parseSpeed),
  portTaken: () => (/* binding */ portTaken),
  serveEmulator: () => (/* binding */ serveEmulator)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/emulator/errors.ts

class ApiError extends Error {
    statusCode;
    details;
    constructor(statusCode, message, details) {
        super(message);
        this.statusCode = statusCode;
        this.details = details;
    }
}
function boom(statusCode, message, details) {
    const error = external_node_http_.STATUS_CODES[statusCode] ?? 'Unknown';
    return { statusCode, error, message: message ?? error, ...(details ? { details } : {}) };
}
const badRequest = (message, details) => new ApiError(400, message, details);
const notFound = (message) => new ApiError(404, message);
/** The record looked up, or a 404 that says which (`what`: 'Run r1') was not found. */
function found(record, what) {
    if (record === undefined)
        throw notFound(`${what} not found`);
    return record;
}
const authenticationRequired = () => new ApiError(401, 'Authentication required');
const invalidToken = () => new ApiError(401, 'You are not authorized to access the resource');
const forbidden = () => new ApiError(403, 'Not authorized to access this resource');

;// CONCATENATED MODULE: ./src/emulator/http.ts

const infos = new WeakMap();
function requestInfo(request) {
    let info = infos.get(request);
    if (!info) {
        info = {};
        infos.set(request, info);
    }
    return info;
}
/** The token from `Authorization: Bearer <token>`, else from `?token=`; undefined when none was sent. */
function tokenOf(request) {
    const header = request.headers.authorization;
    // Basic auth, which the official Go clients send when given a username and password, worked "only for a
    // few endpoints": here it counts as no token, so public reads answer and the rest ask for a token.
    const basic = header !== undefined && /^Basic(\s|$)/i.test(header.trim());
    if (header !== undefined && header !== '' && !basic) {
        const match = /^Bearer\s+(.+)$/i.exec(header.trim());
        return match?.[1]?.trim() ?? header;
    }
    const query = request.query;
    const token = query?.token;
    return typeof token === 'string' && token !== '' ? token : undefined;
}
/** The user whose token the request carries, if it is a known one; never throws. */
function knownViewer(state, request) {
    const token = tokenOf(request);
    return token === undefined ? undefined : state.world.tokens.get(token);
}
/** Resolves the viewer; an unknown token is a 401 whatever the resource. */
function authenticate(state, request) {
    const token = tokenOf(request);
    if (token === undefined)
        return undefined;
    const user = state.world.tokens.get(token);
    if (!user)
        throw invalidToken();
    return user;
}
function viewContext(state, request) {
    const host = request.headers.host ?? `${request.hostname}`;
    return {
        base: `http://${host}`,
        world: state.world,
        quirks: state.quirks,
        now: state.world.now(),
        artifacts: state.artifacts,
    };
}
function viewer(request) {
    return requestInfo(request).viewer;
}
function requireViewer(request) {
    const user = viewer(request);
    if (!user)
        throw authenticationRequired();
    return user;
}
/** Public applications are readable by anyone; private ones by their owner and the owner's members. */
function requireRead(state, request, app) {
    if (app.privacy === 'public')
        return;
    requireWrite(state, request, app);
}
function requireWrite(state, request, app) {
    if (!state.world.isMember(requireViewer(request), app))
        throw forbidden();
}
function canRead(state, user, app) {
    return app.privacy === 'public' || state.world.isMember(user, app);
}
/** The path of the request as sent, without the query string. */
function pathOf(request) {
    const url = request.raw.url ?? request.url;
    const end = url.indexOf('?');
    return end === -1 ? url : url.slice(0, end);
}

;// CONCATENATED MODULE: ./src/emulator/control-token.ts
// The control API can reset the world, inject faults and read every request: it answers only to
// the control token, in a header. A header (not a cookie or a query parameter) is what a web page
// cannot add to a cross-origin request without a CORS preflight, which the emulator never grants.



const CONTROL_PREFIX = '/_emulator';
const CONTROL_TOKEN_HEADER = 'x-emulator-token';
function newControlToken() {
    return (0,external_node_crypto_.randomBytes)(24).toString('base64url');
}
function checkControlToken(token) {
    if (!/^[\x21-\x7e]+$/.test(token))
        throw new Error('the control token must be printable ASCII without spaces');
    return token;
}
/** The tokens a request offers: `Authorization: Bearer <token>` and `x-emulator-token: <token>`. */
function offeredTokens(request) {
    const offered = [];
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (bearer?.[1] !== undefined)
        offered.push(bearer[1]);
    const header = request.headers[CONTROL_TOKEN_HEADER];
    if (typeof header === 'string' && header !== '')
        offered.push(header);
    return offered;
}
function isControlRequest(request) {
    const route = request.routeOptions.url;
    const path = route ?? pathOf(request);
    return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}
function requireControlToken(app, token) {
    const expected = Buffer.from(token);
    const matches = (offered) => {
        const given = Buffer.from(offered);
        return given.length === expected.length && (0,external_node_crypto_.timingSafeEqual)(given, expected);
    };
    app.addHook('onRequest', async (request, reply) => {
        if (!isControlRequest(request))
            return;
        const offered = offeredTokens(request);
        if (offered.some(matches))
            return;
        const message = offered.length === 0
            ? `The control API needs the control token: Authorization: Bearer <token> or ${CONTROL_TOKEN_HEADER}: <token>`
            : 'The control token is not valid';
        return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="emulator control"')
            .send(boom(401, message));
    });
}

;// CONCATENATED MODULE: ./src/emulator/default-world.ts
const HOUR = 3_600_000;
/** What `acme/webapp`'s build stores in its `store` step: a bundle, a binary, a program, and values. */
const WEBAPP_BUILD_FILES = [
    {
        path: 'dist/app.js',
        text: "'use strict';\n// acme/webapp 1.4.2\nexport function greet(name) {\n  return `Hello, ${name}!`;\n}\n",
    },
    // A 1×1 PNG: bytes that are not text.
    {
        path: 'dist/logo.png',
        base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    },
    { path: 'dist/bundle.bin', bytes: 4096 },
    {
        path: 'bin/webapp',
        text: '#!/bin/sh\nexec node "$(dirname "$0")/../dist/app.js" "$@"\n',
        executable: true,
    },
    {
        path: 'outputs.env',
        text: '# Values for the jobs that follow\n' +
            'IMAGE=registry.example.com/acme/webapp@sha256:4f9c2a7e1b8d3c6f0a5e9d2b7c4a1f8e3d6b9c2a5f8e1d4b7a0c3f6e9d2b5a81\n' +
            'VERSION=1.4.2\n',
    },
];
/**
 * The JUnit report of `acme/webapp`'s `npm test` step, in jest-junit's dialect: 6 tests, 1 skipped, and
 * 2 that fail when the step fails (`EMULATOR_FAIL_STEP=npm test`).
 */
const WEBAPP_JEST_REPORT = {
    path: 'reports/junit.xml',
    dialect: 'jest',
    suite: 'app',
    tests: [
        { name: 'renders the login form', file: 'test/app.test.js', line: 12 },
        { name: 'rejects a wrong password', file: 'test/app.test.js', line: 27, failsWithStep: true },
        { name: 'greets the user by name', file: 'test/app.test.js', line: 42, failsWithStep: true },
        { name: 'logs out', file: 'test/app.test.js', line: 58 },
        { name: 'stores the session', suite: 'session', file: 'test/session.test.js', line: 9 },
        { name: 'expires the session', suite: 'session', file: 'test/session.test.js', line: 31, skipped: true },
    ],
};
/**
 * The report of the `test` pipeline's `unit tests` step, in pytest's dialect: 4 tests, 1 skipped, and 1
 * that fails when the step fails.
 */
const WEBAPP_PYTEST_REPORT = {
    path: 'test-results/pytest.xml',
    dialect: 'pytest',
    suite: 'pytest',
    tests: [
        { name: 'test_health', file: 'tests/test_api.py', line: 8 },
        { name: 'test_login_rejects_bad_password', file: 'tests/test_api.py', line: 42, failsWithStep: true },
        { name: 'test_login_accepts_good_password', file: 'tests/test_api.py', line: 55 },
        { name: 'test_migrations', file: 'tests/test_db.py', line: 10, skipped: true },
    ],
};
/**
 * The world the emulator starts with unless told otherwise. Fixed ids, so that demos and tests can
 * name things directly. A default run finishes within about ten world-seconds.
 */
const defaultWorld = {
    users: [
        { id: '600000000000000000000001', username: 'demo', name: 'Demo User', token: 'demo-token' },
        {
            id: '600000000000000000000002',
            username: 'outsider',
            name: 'Outside Observer',
            token: 'outsider-token',
        },
    ],
    organizations: [{ id: '600000000000000000000003', username: 'acme', name: 'Acme Inc.', members: ['demo'] }],
    applications: [
        {
            id: '610000000000000000000001',
            owner: 'acme',
            name: 'webapp',
            stack: 6,
            privacy: 'public',
            createdAt: '2025-03-02T09:15:00.000Z',
            updatedAt: '2025-06-11T14:02:33.120Z',
            defaultBranch: 'main',
            branches: {
                main: {
                    commitHash: '8d3f2a6c1b9e4f7a0c5d2e8b6a4f1c3e9d7b5a20',
                    message: 'Merge pull request #42 from acme/login-form',
                },
                develop: {
                    commitHash: '2b7e9c4a6d1f8e3b5a0c7d9e2f4a6b8c1d3e5f70',
                    message: 'Add login form validation',
                },
            },
            pipelines: [
                {
                    id: '620000000000000000000001',
                    name: 'build',
                    createdAt: '2025-03-02T09:16:10.500Z',
                    chains: ['deploy'],
                    steps: [
                        { name: 'get code' },
                        { name: 'setup environment' },
                        { name: 'npm ci' },
                        { name: 'npm test', testReport: WEBAPP_JEST_REPORT },
                        { name: 'store', artifacts: WEBAPP_BUILD_FILES },
                    ],
                },
                {
                    id: '620000000000000000000002',
                    name: 'deploy',
                    type: 'pipeline',
                    permissions: 'read',
                    setScmProviderStatus: false,
                    createdAt: '2025-03-02T09:20:42.730Z',
                    steps: [{ name: 'get code' }, { name: 'setup environment' }, { name: 'deploy to staging' }],
                },
                {
                    id: '620000000000000000000003',
                    name: 'test',
                    createdAt: '2025-03-05T11:00:00.000Z',
                    steps: [
                        { name: 'get code' },
                        { name: 'setup environment' },
                        { name: 'lint' },
                        { name: 'unit tests', testReport: WEBAPP_PYTEST_REPORT },
                    ],
                },
            ],
        },
        {
            id: '610000000000000000000002',
            owner: 'acme',
            name: 'legacy',
            stack: 1,
            privacy: 'private',
            createdAt: '2019-08-20T08:00:00.000Z',
            updatedAt: '2024-11-30T17:45:12.004Z',
            defaultBranch: 'master',
            branches: {
                master: { commitHash: 'f4e3d2c1b0a99887766554433221100ffeeddcc1', message: 'Bump version to 3.4.1' },
            },
            autoDeploy: true,
        },
        {
            id: '610000000000000000000003',
            owner: 'acme',
            name: 'docker-classic',
            stack: 5,
            privacy: 'public',
            createdAt: '2021-02-14T10:30:00.000Z',
            updatedAt: '2023-05-01T12:00:00.000Z',
            defaultBranch: 'master',
        },
        {
            id: '610000000000000000000004',
            owner: 'demo',
            name: 'sandbox',
            stack: 6,
            privacy: 'private',
            createdAt: '2025-09-09T09:09:09.909Z',
            updatedAt: '2025-09-09T09:09:09.909Z',
            defaultBranch: 'main',
            pipelines: [
                {
                    id: '620000000000000000000004',
                    name: 'build',
                    createdAt: '2025-09-09T09:10:00.000Z',
                    steps: [{ name: 'get code' }, { name: 'setup environment' }, { name: 'make' }],
                },
            ],
        },
    ],
    history: [
        { application: 'acme/legacy', agoMs: 3 * HOUR, user: 'demo' },
        {
            application: 'acme/legacy',
            agoMs: 2 * HOUR,
            user: 'demo',
            message: 'Try the new cache',
            envVars: [{ key: 'EMULATOR_RESULT', value: 'failed' }],
        },
        { application: 'acme/legacy', agoMs: 1 * HOUR, user: 'demo' },
        { application: 'acme/webapp', pipeline: 'build', agoMs: 2 * HOUR, user: 'demo' },
        {
            application: 'acme/webapp',
            pipeline: 'test',
            agoMs: 1 * HOUR,
            user: 'demo',
            branch: 'develop',
            envVars: [{ key: 'EMULATOR_FAIL_STEP', value: 'unit tests' }],
        },
    ],
};

// EXTERNAL MODULE: ./node_modules/fastify/fastify.js
var fastify = __webpack_require__(6703);
var fastify_default = /*#__PURE__*/__webpack_require__.n(fastify);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/emulator/host-check.ts
// Which Host headers the emulator answers. Every URL it hands out is built from Host, and it holds
// well-known tokens: a web page that rebinds its own name to 127.0.0.1 (DNS rebinding) must not be
// able to talk to it. So only loopback names are served, plus the hosts it was configured with.

/** A name or an IP literal (IPv6 in brackets), then an optional port; nothing else may be in Host. */
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;
/** The hostname of a Host header, normalised as a browser would (lower case, canonical IPs). */
function hostnameOf(header) {
    const match = header === undefined ? null : HOST_HEADER.exec(header.trim());
    if (!match?.[1])
        return undefined;
    try {
        return new URL(`http://${match[1]}`).hostname;
    }
    catch {
        return undefined;
    }
}
function isLoopback(hostname) {
    if (hostname === 'localhost' || hostname === '[::1]')
        return true;
    return (0,external_node_net_.isIPv4)(hostname) && hostname.startsWith('127.');
}
/**
 * A check of Host headers that passes loopback names and the `extra` hosts (as given to `--host`:
 * a name, an IPv4 address, or an IPv6 address with or without brackets).
 */
function hostCheck(extra) {
    const allowed = new Set();
    for (const host of extra) {
        const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
        const hostname = hostnameOf(bracketed);
        if (hostname === undefined)
            throw new Error(`invalid host ${JSON.stringify(host)}`);
        allowed.add(hostname);
    }
    return (header) => {
        const hostname = hostnameOf(header);
        return hostname !== undefined && (isLoopback(hostname) || allowed.has(hostname));
    };
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/emulator/routes/log-range.ts
// `Range: bytes=…` on step logs (RFC 9110 §14): one range is served as 206 with its Content-Range, a
// range that starts at or past the end as 416 with `Content-Range: bytes */<length>` (so a client
// polling a growing log from its last offset learns that nothing is new, or that the log shrank), and
// anything else (no Range, several ranges, a unit other than bytes, bad syntax) as 200 with the whole log.
/** What to answer to `header` for a representation of `length` bytes; `end` is exclusive. */
function rangeOf(header, length) {
    if (header === undefined)
        return { kind: 'whole' };
    const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
    if (!match)
        return { kind: 'whole' };
    const [, first = '', last = ''] = match;
    if (first === '' && last === '')
        return { kind: 'whole' };
    if (first === '') {
        // A suffix: the last n bytes.
        const n = Number(last);
        if (n === 0 || length === 0)
            return { kind: 'unsatisfiable' };
        return { kind: 'partial', start: Math.max(0, length - n), end: length };
    }
    const start = Number(first);
    if (last !== '' && Number(last) < start)
        return { kind: 'whole' };
    if (start >= length)
        return { kind: 'unsatisfiable' };
    const end = last === '' ? length : Math.min(length, Number(last) + 1);
    return { kind: 'partial', start, end };
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/serve-archive.ts



function sendArchive(request, reply, archive, storedAt, 
/** A plain server: no Range, no validators, always the whole archive. */
plain = false) {
    void reply
        .header('content-disposition', 'attachment; filename="artifacts.tar.gz"')
        .type('application/gzip');
    if (plain)
        return reply.header('content-length', archive.size).send(bytesOf(archive, 0, archive.size));
    const lastModified = new Date(storedAt).toUTCString();
    void reply
        .header('accept-ranges', 'bytes')
        .header('etag', archive.etag)
        .header('last-modified', lastModified);
    const ifRange = request.headers['if-range'];
    const validatorHolds = ifRange === undefined || ifRange === archive.etag || ifRange === lastModified;
    const range = validatorHolds ? rangeOf(request.headers.range, archive.size) : { kind: 'whole' };
    if (range.kind === 'whole') {
        return reply.header('content-length', archive.size).send(bytesOf(archive, 0, archive.size));
    }
    if (range.kind === 'unsatisfiable') {
        return reply
            .code(416)
            .header('content-range', `bytes */${archive.size}`)
            .type('application/json; charset=utf-8')
            .send(boom(416, `The archive has ${archive.size} bytes`));
    }
    return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end - 1}/${archive.size}`)
        .header('content-length', range.end - range.start)
        .send(bytesOf(archive, range.start, range.end));
}
/**
 * Bytes `start` to `end` (exclusive). With its end given, the stream ends with its last byte instead of one
 * read later, so the answer is complete on the server as soon as the client has it all, and closing the
 * emulator right after a download finds the connection idle.
 */
function bytesOf(archive, start, end) {
    return (0,external_node_fs_.createReadStream)(archive.file, { start, end: end - 1 });
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(8697);
;// CONCATENATED MODULE: ./src/emulator/artifacts/junit.ts
/** Where a jest run's files sit on the remote machine: stack frames carry absolute paths under it. */
const JEST_ROOT = '/builds/acme/webapp';
const FIXED_TIMESTAMP = '2025-06-11T14:02:33';
function outcomeOf(test, stepFailed) {
    if (test.skipped === true)
        return 'skipped';
    return test.failsWithStep === true && stepFailed ? 'failed' : 'passed';
}
/** The counts the report holds, from the world's definition (no XML is parsed). */
function testCounts(report, stepFailed) {
    const counts = { total: report.tests.length, passed: 0, failed: 0, skipped: 0 };
    for (const test of report.tests)
        counts[outcomeOf(test, stepFailed)]++;
    return counts;
}
function junitXml(report, stepFailed) {
    return report.dialect === 'jest' ? jestXml(report, stepFailed) : pytestXml(report, stepFailed);
}
/** Characters XML 1.0 cannot hold at all become U+FFFD; markup characters become references. */
function xmlText(value) {
    return value
        .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
}
function attributes(values) {
    return Object.entries(values)
        .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
        .join('');
}
function seconds(index) {
    return (0.004 + (index % 7) * 0.013).toFixed(3);
}
function bySuite(report) {
    const suites = new Map();
    report.tests.forEach((test, index) => {
        const suite = test.suite ?? report.suite;
        suites.set(suite, [...(suites.get(suite) ?? []), { test, index }]);
    });
    return suites;
}
function suiteCounts(tests, stepFailed) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const { test } of tests)
        counts[outcomeOf(test, stepFailed)]++;
    return counts;
}
function jestFailure(test) {
    return [
        'Error: expect(received).toBe(expected) // Object.is equality',
        '',
        'Expected: 200',
        'Received: 500',
        `    at Object.toBe (${JEST_ROOT}/node_modules/expect/build/index.js:218:22)`,
        `    at Object.<anonymous> (${JEST_ROOT}/${test.file}:${test.line}:17)`,
        `    at Promise.then.completed (${JEST_ROOT}/node_modules/jest-circus/build/utils.js:298:28)`,
    ].join('\n');
}
function jestXml(report, stepFailed) {
    const all = testCounts(report, stepFailed);
    const suites = [...bySuite(report)].map(([suite, tests]) => {
        const counts = suiteCounts(tests, stepFailed);
        const cases = tests.map(({ test, index }) => {
            const title = `${suite} ${test.name}`;
            const head = `    <testcase${attributes({ classname: title, name: title, time: seconds(index), file: test.file })}`;
            const outcome = outcomeOf(test, stepFailed);
            if (outcome === 'passed')
                return `${head}>\n    </testcase>`;
            if (outcome === 'skipped')
                return `${head}>\n      <skipped/>\n    </testcase>`;
            return `${head}>\n      <failure>${xmlText(jestFailure(test))}</failure>\n    </testcase>`;
        });
        const head = attributes({
            name: suite,
            errors: 0,
            failures: counts.failed,
            skipped: counts.skipped,
            timestamp: FIXED_TIMESTAMP,
            time: '0.842',
            tests: tests.length,
        });
        return `  <testsuite${head}>\n${cases.join('\n')}\n  </testsuite>`;
    });
    const head = attributes({
        name: 'jest tests',
        tests: all.total,
        failures: all.failed,
        errors: 0,
        time: '1.93',
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${suites.join('\n')}\n</testsuites>\n`;
}
/** pytest names a test's class after its module: `tests/test_api.py` is `tests.test_api`. */
function moduleOf(file) {
    return file.replace(/\.py$/, '').replace(/\//g, '.');
}
function pytestFailure(test) {
    return [
        `    def ${test.name}(client):`,
        '        response = client.post("/login", data={"password": "nope"})',
        '>       assert response.status_code == 401',
        'E       assert 500 == 401',
        'E        +  where 500 = <Response 500>.status_code',
        '',
        `${test.file}:${test.line}: AssertionError`,
    ].join('\n');
}
function pytestXml(report, stepFailed) {
    const all = testCounts(report, stepFailed);
    const cases = report.tests.map((test, index) => {
        const head = `<testcase${attributes({
            classname: test.suite ?? moduleOf(test.file),
            name: test.name,
            file: test.file,
            // pytest writes the 0-based line of the test's definition.
            line: test.line - 1,
            time: seconds(index),
        })}`;
        const outcome = outcomeOf(test, stepFailed);
        if (outcome === 'passed')
            return `${head} />`;
        if (outcome === 'skipped') {
            const reason = `${test.file}:${test.line}: needs a database`;
            return `${head}><skipped${attributes({ type: 'pytest.skip', message: 'needs a database' })}>${xmlText(reason)}</skipped></testcase>`;
        }
        const failure = attributes({ message: 'assert 500 == 401' });
        return `${head}><failure${failure}>${xmlText(pytestFailure(test))}</failure></testcase>`;
    });
    const suite = attributes({
        name: report.suite,
        errors: 0,
        failures: all.failed,
        skipped: all.skipped,
        tests: all.total,
        time: '0.842',
        timestamp: `${FIXED_TIMESTAMP}.123456`,
        hostname: 'runner-7',
    });
    return `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite${suite}>${cases.join('')}</testsuite></testsuites>\n`;
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/contents.ts
// What a step stores, file by file: the world's files (text, base64, or generated bytes) and its JUnit
// report, whose failures follow the step's. The same definition and outcome always give the same bytes.


/** The files a step stores, by path (a later one with the same path wins), in path order. */
function storedEntries(stores, stepName, stepFailed) {
    const byPath = new Map();
    if (stores.files === 'default') {
        byPath.set('artifacts.txt', {
            path: 'artifacts.txt',
            executable: false,
            content: Buffer.from(`Stored by step "${stepName}".\n`),
        });
    }
    else {
        for (const file of stores.files) {
            const content = file.text !== undefined
                ? Buffer.from(file.text)
                : file.base64 !== undefined
                    ? Buffer.from(file.base64, 'base64')
                    : { generated: file.bytes ?? 0 };
            byPath.set(file.path, { path: file.path, executable: file.executable === true, content });
        }
    }
    const report = stores.testReport;
    if (report) {
        const xml = Buffer.from(junitXml(report, stepFailed));
        byPath.set(report.path, { path: report.path, executable: false, content: xml });
    }
    return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
/** Names an archive by everything its bytes depend on. */
function contentKey(stores, stepName, stepFailed) {
    const described = JSON.stringify({
        stores,
        stepName: stores.files === 'default' ? stepName : '',
        stepFailed,
    });
    return (0,external_node_crypto_.createHash)('sha256').update(described).digest('hex').slice(0, 32);
}
const CHUNK = 1024 * 1024;
/**
 * A generated file's bytes: a keystream keyed by its path, so that it does not compress (an archive of
 * 200 MB stays 200 MB) and is the same every time.
 */
async function* generatedBytes(path, size) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(`emulator file ${path}`).digest();
    const cipher = (0,external_node_crypto_.createCipheriv)('aes-128-ctr', key.subarray(0, 16), key.subarray(16, 32));
    const zeros = Buffer.alloc(CHUNK);
    for (let left = size; left > 0; left -= CHUNK) {
        yield cipher.update(left >= CHUNK ? zeros : zeros.subarray(0, left));
    }
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/archive-store.ts
// Each step's archive, a .tar.gz built once per content (definition and outcome) into a temporary folder
// the emulator removes when it closes, and served from there as a file, so that Range is exact and a
// large archive costs no memory.










/** Every entry's modification time, so that the same content gives the same bytes. */
const ENTRY_TIME = new Date('2025-06-11T14:02:33.000Z');
class ArchiveStore {
    #dir;
    #built = new Map();
    /** Stops the builds under way when the emulator closes, so that none writes after the folder is gone. */
    #closing = new AbortController();
    /** The archive of a step of this definition, built on first use. */
    archive(stores, stepName, stepFailed) {
        const key = contentKey(stores, stepName, stepFailed);
        let built = this.#built.get(key);
        if (!built) {
            built = this.#build(key, storedEntries(stores, stepName, stepFailed));
            // A failed build (a full disk) is tried again on the next request.
            built.catch(() => this.#built.delete(key));
            this.#built.set(key, built);
        }
        return built;
    }
    async close() {
        this.#closing.abort();
        await Promise.allSettled(this.#built.values());
        this.#built.clear();
        const dir = this.#dir;
        if (dir)
            await (0,promises_.rm)(await dir, { recursive: true, force: true });
    }
    async #build(key, entries) {
        const { signal } = this.#closing;
        signal.throwIfAborted();
        this.#dir ??= (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'ci-run-emulator-artifacts-'));
        const dir = await this.#dir;
        const stage = (0,external_node_path_.join)(dir, `stage-${key}`);
        const file = (0,external_node_path_.join)(dir, `${key}.tar.gz`);
        try {
            await (0,promises_.rm)(stage, { recursive: true, force: true });
            for (const entry of entries) {
                signal.throwIfAborted();
                await writeEntry(stage, entry, signal);
            }
            const digest = (0,external_node_crypto_.createHash)('sha256');
            const hashing = new external_node_stream_.Transform({
                transform(chunk, _encoding, done) {
                    digest.update(chunk);
                    done(null, chunk);
                },
            });
            const tar = (0,index_min/* create */.vt)({ cwd: stage, portable: true, mtime: ENTRY_TIME }, entries.map((e) => e.path));
            const partial = `${file}.partial`;
            await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.from(tar), (0,external_node_zlib_.createGzip)(), hashing, (0,external_node_fs_.createWriteStream)(partial), { signal });
            await (0,promises_.rename)(partial, file);
            const { size } = await (0,promises_.stat)(file);
            return { file, size, etag: `"${digest.digest('hex').slice(0, 32)}"` };
        }
        finally {
            await (0,promises_.rm)(stage, { recursive: true, force: true });
        }
    }
}
async function writeEntry(stage, entry, signal) {
    const target = (0,external_node_path_.join)(stage, entry.path);
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(target), { recursive: true });
    if (Buffer.isBuffer(entry.content))
        await (0,promises_.writeFile)(target, entry.content);
    else {
        const bytes = external_node_stream_.Readable.from(generatedBytes(entry.path, entry.content.generated));
        await (0,external_node_stream_promises_.pipeline)(bytes, (0,external_node_fs_.createWriteStream)(target), { signal });
    }
    await (0,promises_.chmod)(target, entry.executable ? 0o755 : 0o644);
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/signing.ts
// Signed storage URLs, as object stores hand out: the query carries an expiry and an HMAC of the path and
// that expiry under a key only this emulator holds, so the URL is the credential and no token is needed.

/** How long a signed URL stays good, in world time. */
const SIGNED_URL_MS = 5 * 60_000;
class UrlSigner {
    #key = (0,external_node_crypto_.randomBytes)(32);
    /** `path?expires=…&signature=…`, good until `expiresAt` (world ms). */
    sign(path, expiresAt) {
        const expires = String(Math.floor(expiresAt / 1000));
        return `${path}?expires=${expires}&signature=${this.#mac(path, expires)}`;
    }
    /** 'expired' only when the signature holds: an altered expiry is 'invalid'. */
    check(path, expires, signature, now) {
        if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) {
            return 'invalid';
        }
        const wanted = Buffer.from(this.#mac(path, expires));
        const given = Buffer.from(signature);
        if (given.length !== wanted.length || !(0,external_node_crypto_.timingSafeEqual)(given, wanted))
            return 'invalid';
        return Number(expires) * 1000 <= now ? 'expired' : 'valid';
    }
    #mac(path, expires) {
        return (0,external_node_crypto_.createHmac)('sha256', this.#key).update(`${path}\n${expires}`).digest('hex');
    }
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/service.ts


/** With the `artifactsLate` quirk, an archive answers 404 for this long after its step finished. */
const ARTIFACTS_LATE_MS = 5_000;
/** With the `artifactsExpire` quirk, an archive answers 410 from this long after its step finished. */
const ARTIFACTS_KEPT_MS = 10 * 60_000;
const STORAGE_PREFIX = '/storage';
class ArtifactService {
    archives = new ArchiveStore();
    signer = new UrlSigner();
    /** 'http://127.0.0.1:PORT' of the storage listener, once it listens. */
    storageBase;
    /** The path of a step's archive on a storage origin (either one), before signing. */
    storagePath(stepId) {
        return `${STORAGE_PREFIX}/${stepId}/artifacts.tar.gz`;
    }
    /** A signed URL of the archive on the storage origin, or on `base` when given. */
    signedUrl(stepId, now, base = this.storageBase) {
        return `${base ?? ''}${this.signer.sign(this.storagePath(stepId), now + SIGNED_URL_MS)}`;
    }
    /** A step's `artifactsUrl`: null until it has finished (passed or failed) and when it stores nothing. */
    artifactsUrl(apiBase, quirks, state, now) {
        if (!hasArtifacts(state))
            return null;
        this.prepare(state);
        if (quirks.artifactsOtherOrigin && this.storageBase !== undefined)
            return this.signedUrl(state.step.id, now);
        return `${apiBase}/api/v3/runsteps/${state.step.id}/artifacts`;
    }
    /**
     * Starts building the step's archive as soon as its URL is handed out, so that a large one (a build of
     * 200 MB takes seconds) is ready, or nearly, when the client asks for it. A failure shows on that request.
     */
    prepare(state) {
        const { stores } = state.step;
        if (!stores)
            return;
        this.archives.archive(stores, state.step.name, state.result === 'failed').catch(() => undefined);
    }
    async close() {
        await this.archives.close();
    }
}
function hasArtifacts(state) {
    return (state !== undefined &&
        state.step.artifacts &&
        state.finished &&
        state.result !== 'aborted' &&
        state.finishedAt !== undefined);
}
/** Whether the archive of a step that finished at `finishedAt` is served at `now`, given the quirks. */
function availability(quirks, finishedAt, now) {
    if (quirks.artifactsLate && now < finishedAt + ARTIFACTS_LATE_MS)
        return 'late';
    if (quirks.artifactsExpire && now >= finishedAt + ARTIFACTS_KEPT_MS)
        return 'gone';
    return 'ready';
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/routes.ts




/** A step of a run that has finished and stored something; else a 404. */
function storedStep(state, stepId, now) {
    const ref = state.world.step(stepId);
    if (ref?.owner.kind === 'run') {
        const found = state.world.stateOf(ref.owner, now).steps.find((candidate) => candidate.step.id === stepId);
        if (hasArtifacts(found))
            return { run: ref.owner, state: found };
    }
    throw notFound(`Step ${stepId} has no artifacts`);
}
async function serveStored(state, request, reply, { state: step }, now) {
    const available = availability(state.quirks, step.finishedAt, now);
    if (available === 'late')
        throw notFound(`Step ${step.step.id} has no artifacts yet`);
    if (available === 'gone')
        throw new ApiError(410, `The artifacts of step ${step.step.id} are gone`);
    const stores = step.step.stores;
    if (!stores)
        throw notFound(`Step ${step.step.id} has no artifacts`);
    const archive = await state.artifacts.archives.archive(stores, step.step.name, step.result === 'failed');
    return sendArchive(request, reply, archive, step.finishedAt, state.quirks.artifactsNoRange);
}
/**
 * The archive of `stepId`, a step of `run`, as it is now; a 404 when the step is another run's or stored
 * nothing. For the pages, whose access rule has already been applied to the run's application.
 */
async function serveStepArchive(state, request, reply, run, stepId) {
    const now = state.world.now();
    const stored = storedStep(state, stepId, now);
    if (stored.run !== run)
        throw notFound(`Step ${stepId} has no artifacts`);
    return serveStored(state, request, reply, stored, now);
}
function registerArtifactRoutes(app, state) {
    app.get('/api/v3/runsteps/:stepId/artifacts', async (request, reply) => {
        const ctx = viewContext(state, request);
        const stored = storedStep(state, request.params.stepId, ctx.now);
        requireRead(state, request, stored.run.app);
        const { artifacts, quirks } = state;
        if (quirks.artifactsRedirect && artifacts.storageBase !== undefined) {
            return reply.redirect(artifacts.signedUrl(stored.state.step.id, ctx.now), 302);
        }
        if (quirks.artifactsRedirectSameOrigin) {
            return reply.redirect(artifacts.signedUrl(stored.state.step.id, ctx.now, ctx.base), 302);
        }
        return serveStored(state, request, reply, stored, ctx.now);
    });
    registerStorageRoute(app, state);
}
/** The signed archive route, on either origin. */
function registerStorageRoute(app, state) {
    app.get(`${STORAGE_PREFIX}/:stepId/artifacts.tar.gz`, async (request, reply) => {
        const now = state.world.now();
        const path = state.artifacts.storagePath(request.params.stepId);
        const signed = state.artifacts.signer.check(path, request.query.expires, request.query.signature, now);
        if (signed === 'invalid')
            throw new ApiError(403, 'The signature does not match');
        if (signed === 'expired')
            throw new ApiError(403, 'Request has expired');
        return serveStored(state, request, reply, storedStep(state, request.params.stepId, now), now);
    });
}

// EXTERNAL MODULE: ./node_modules/valibot/dist/index.mjs
var dist = __webpack_require__(7934);
;// CONCATENATED MODULE: ./src/emulator/model/time.ts
// The world clock: world time moves with real time times `speed`, plus manual advances.
// Nothing runs in the background; the world reads the clock whenever it is asked something.
class WorldClock {
    #anchorWorld;
    #anchorReal;
    #speed;
    #realNow;
    constructor(startAt, speed, realNow = Date.now) {
        assertSpeed(speed);
        this.#realNow = realNow;
        this.#anchorWorld = startAt;
        this.#anchorReal = realNow();
        this.#speed = speed;
    }
    now() {
        return Math.floor(this.#anchorWorld + (this.#realNow() - this.#anchorReal) * this.#speed);
    }
    get speed() {
        return this.#speed;
    }
    setSpeed(speed) {
        assertSpeed(speed);
        this.#anchorWorld = this.now();
        this.#anchorReal = this.#realNow();
        this.#speed = speed;
    }
    advance(ms) {
        if (!Number.isFinite(ms) || ms < 0)
            throw new RangeError(`cannot advance the clock by ${ms} ms`);
        this.#anchorWorld += ms;
    }
}
function assertSpeed(speed) {
    if (!Number.isFinite(speed) || speed < 0)
        throw new RangeError(`speed must be a number >= 0, got ${speed}`);
}
/** ISO 8601 UTC with milliseconds, as the API sends every timestamp. */
function iso(ms) {
    return new Date(ms).toISOString();
}
/**
 * Go's `time.String()` layout, as the real run-trigger backend sent it:
 * `2017-07-04 22:43:55.359468446 +0000 UTC`, trailing zeros of the fraction trimmed.
 */
function goTime(ms, extraNanos = 0) {
    const date = new Date(ms);
    const pad = (n, width = 2) => String(n).padStart(width, '0');
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
    const nanos = date.getUTCMilliseconds() * 1_000_000 + (extraNanos % 1_000_000);
    const fraction = nanos === 0 ? '' : `.${pad(nanos, 9).replace(/0+$/, '')}`;
    return `${day} ${clock}${fraction} +0000 UTC`;
}

;// CONCATENATED MODULE: ./src/emulator/types.ts
// Public types of the emulator: how tests and tools drive it.
const SHAPES = ['spec', '2016', '2017'];
const QUIRK_NAMES = [
    'goTriggerResponse',
    'pendingApproval',
    'nullProgress',
    'displayNameSteps',
    'runsDefaultLimit10',
    'ignoreRange',
    'logsWhenFinished',
    'lenientTriggerBody',
    'artifactsOtherOrigin',
    'artifactsRedirect',
    'artifactsRedirectSameOrigin',
    'artifactsLate',
    'artifactsExpire',
    'artifactsNoRange',
];
const NO_QUIRKS = {
    shape: 'spec',
    goTriggerResponse: false,
    pendingApproval: false,
    nullProgress: false,
    displayNameSteps: false,
    runsDefaultLimit10: false,
    ignoreRange: false,
    logsWhenFinished: false,
    lenientTriggerBody: false,
    artifactsOtherOrigin: false,
    artifactsRedirect: false,
    artifactsRedirectSameOrigin: false,
    artifactsLate: false,
    artifactsExpire: false,
    artifactsNoRange: false,
};

;// CONCATENATED MODULE: ./src/emulator/quirk-settings.ts
// Quirks as they are asked for (at start, from the command line, over the control API) applied to the
// quirks in force: unknown keys are ignored, and `realNames` is read as the shape it stood for.

function isShape(value) {
    return SHAPES.some((shape) => shape === value);
}
/**
 * `realNames: true` is `shape: "2017"`; `realNames: false` leaves the 2017 shape for `spec` and any other
 * shape as it is. A `shape` given alongside wins.
 */
function applyQuirks(current, input) {
    const next = { ...current };
    for (const name of QUIRK_NAMES) {
        const value = input[name];
        if (value !== undefined)
            next[name] = Boolean(value);
    }
    if (input.realNames === true)
        next.shape = '2017';
    else if (input.realNames === false && next.shape === '2017')
        next.shape = 'spec';
    if (isShape(input.shape))
        next.shape = input.shape;
    return next;
}
/** The quirks a start option asks for, from all off. */
function initialQuirks(input) {
    return applyQuirks(NO_QUIRKS, input ?? {});
}

;// CONCATENATED MODULE: ./src/emulator/emulator-control.ts
// The emulator's control surface in-process: `emulator.control`. The same operations are served over
// HTTP under /_emulator/ (control-routes.ts).


function createControl(state) {
    return {
        injectFault: (fault) => state.faults.add(fault),
        clearFaults: () => state.faults.clear(),
        faults: () => state.faults.list(),
        requests: () => state.log.list(),
        clearRequests: () => state.log.clear(),
        reset: () => state.reset(),
        setSpeed: (speed) => state.world.clock.setSpeed(speed),
        speed: () => state.world.clock.speed,
        advance: (ms) => state.world.clock.advance(ms),
        now: () => state.world.now(),
        setQuirks: (quirks) => {
            state.quirks = applyQuirks(state.quirks, quirks);
        },
        quirks: () => ({ ...state.quirks }),
        runs: () => {
            state.world.sync();
            const now = state.world.now();
            return state.world.runs.map((run) => runControlView(state.world, run, now));
        },
        stats: () => {
            state.world.sync();
            const now = state.world.now();
            const created = state.world.runs.filter((run) => state.stats.isNew(run.id));
            return {
                pid: process.pid,
                ...state.stats.counts(),
                runs: created.map((run) => runControlView(state.world, run, now)),
            };
        },
    };
}
function runControlView(world, run, now) {
    const state = world.stateOf(run, now);
    return {
        id: run.id,
        pipelineId: run.pipeline.id,
        pipelineName: run.pipeline.name,
        applicationId: run.app.id,
        status: state.phase === 'queued' ? 'notstarted' : state.phase,
        result: state.result,
        progress: state.progress,
        branch: run.branch,
        commitHash: run.commitHash,
        message: run.message,
        envVars: run.envVars.map((envVar) => ({ ...envVar })),
        ...(run.sourceRun ? { sourceRunId: run.sourceRun.id } : {}),
        createdAt: iso(run.plan.createdAt),
        ...(state.startedAt !== undefined ? { startedAt: iso(state.startedAt) } : {}),
        ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
        workflowId: run.workflow.id,
    };
}

// EXTERNAL MODULE: ./src/spec/api-v3.ts
var api_v3 = __webpack_require__(5255);
;// CONCATENATED MODULE: ./src/emulator/request-schemas.ts
// What requests may carry, as valibot schemas: the spec's rules for query strings and bodies.
// validation.ts runs them for fastify and tells their issues the way real servers (Joi) did.


const STATUSES = ['notstarted', 'started', 'finished', 'running'];
const RESULTS = ['aborted', 'unknown', 'passed', 'failed'];
// Two conventions that validation.ts relies on: a `custom` schema is a type check whose message names
// the type, and a picklist's message lists its valid values.
const isRecord = (input) => typeof input === 'object' && input !== null && !Array.isArray(input);
/** A whole number, checked on the value as it is (a body's `"5"` is not one). */
const integer = dist/* custom */.IeY((input) => Number.isInteger(input), 'integer');
const oneOf = (options) => dist/* picklist */.KIO(options, options.join(', '));
/** A closed object: its entries (optional ones wrapped in `v.optional`), nothing else. */
function request_schemas_closed(entries) {
    // valibot's object schemas take an array for an object; JSON does not.
    return dist/* pipe */.FsL(dist/* custom */.IeY(isRecord, 'object'), dist/* strictObject */.rej(entries));
}
// ---- query strings ----
/**
 * Query values arrive as text: any text JavaScript reads as a number ('' excepted) becomes that number,
 * as it always did here ('1e1' is 10); anything else is left for the check to refuse.
 */
function fromText(input) {
    if (typeof input !== 'string' || input === '')
        return input;
    const n = Number(input);
    return Number.isNaN(n) ? input : n;
}
const queryInteger = dist/* pipe */.FsL(dist/* unknown */.L5J(), dist/* transform */.pdi(fromText), integer);
const limit = (max) => dist/* pipe */.FsL(queryInteger, dist/* minValue */.Wwf(1), dist/* maxValue */.cGV(max));
const skip = dist/* optional */.lqM(dist/* pipe */.FsL(queryInteger, dist/* minValue */.Wwf(0)), 0);
const stackFilter = dist/* optional */.lqM(dist/* pipe */.FsL(queryInteger, oneOf([1, 5, 6])));
const str = dist/* optional */.lqM(dist/* string */.YjP());
const statusFilter = dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), oneOf(STATUSES)));
const resultFilter = dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), oneOf(RESULTS)));
const creationSort = dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), oneOf(api_v3/* CREATION_SORTS */.o)), 'creationDateDesc');
/** Query strings stay open: `token` and unknown parameters pass, as real servers let them. */
const query = (entries) => dist/* looseObject */._H3({ token: str, ...entries });
const runsQuery = query({
    applicationId: str,
    pipelineId: str,
    limit: dist/* optional */.lqM(limit(20)),
    skip,
    sort: creationSort,
    status: statusFilter,
    result: resultFilter,
    branch: str,
    tag: str,
    commit: str,
    sourceRun: str,
    author: str,
});
const applicationsQuery = query({
    stack: stackFilter,
    limit: dist/* optional */.lqM(limit(100), 20),
    skip,
    sort: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), oneOf(api_v3/* APPLICATION_SORTS */.v)), 'nameAsc'),
});
/** What the builds and deploys lists of an application both take, after their own filters. */
const classicListFields = {
    result: resultFilter,
    stack: stackFilter,
    status: statusFilter,
    limit: dist/* optional */.lqM(limit(20), 10),
    skip,
    sort: creationSort,
};
const buildsQuery = query({
    branch: str,
    commit: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), dist/* minLength */.BpQ(40), dist/* maxLength */.Ru6(40))),
    ...classicListFields,
});
const deploysQuery = query({ buildId: str, ...classicListFields });
const workflowsQuery = query({
    applicationId: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* minLength */.BpQ(1)),
    limit: dist/* optional */.lqM(limit(20), 10),
    skip,
    sort: creationSort,
});
const pipelinesQuery = query({ limit: dist/* optional */.lqM(limit(100), 20), skip });
// ---- bodies: nothing is coerced ----
const nonEmpty = dist/* pipe */.FsL(dist/* string */.YjP(), dist/* minLength */.BpQ(1));
/** What every trigger may say besides what it triggers: the commit and the variables. */
const triggerFields = {
    branch: dist/* optional */.lqM(nonEmpty),
    commitHash: dist/* optional */.lqM(nonEmpty),
    message: dist/* optional */.lqM(dist/* string */.YjP()),
    envVars: dist/* optional */.lqM(dist/* array */.YOg(request_schemas_closed({ key: nonEmpty, value: dist/* string */.YjP() }))),
};
const runTriggerFields = {
    pipelineId: nonEmpty,
    sourceRunId: dist/* optional */.lqM(nonEmpty),
    ...triggerFields,
    tag: dist/* optional */.lqM(nonEmpty),
};
const runTriggerBody = request_schemas_closed(runTriggerFields);
/** The keys a POST /runs body may hold (the lenientTriggerBody quirk drops the others). */
const RUN_TRIGGER_KEYS = Object.keys(runTriggerFields);
const buildTriggerBody = request_schemas_closed({ applicationId: nonEmpty, ...triggerFields });
const patchApplicationBody = request_schemas_closed({
    // valibot checks an array's items before its size; this checks the size first.
    ignoredBranches: dist/* pipe */.FsL(dist/* array */.YOg(dist/* unknown */.L5J()), dist/* maxLength */.Ru6(10), dist/* array */.YOg(dist/* string */.YjP())),
});

;// CONCATENATED MODULE: ./src/emulator/control-routes.ts





const count = (min) => dist/* optional */.lqM(dist/* pipe */.FsL(integer, dist/* minValue */.Wwf(min)));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const faultBody = request_schemas_closed({
    method: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), oneOf([...METHODS, ...METHODS.map((m) => m.toLowerCase())]))),
    route: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* minLength */.BpQ(1)),
    status: dist/* optional */.lqM(dist/* pipe */.FsL(integer, dist/* minValue */.Wwf(100), dist/* maxValue */.cGV(599))),
    retryAfter: dist/* optional */.lqM(dist/* string */.YjP()),
    delayMs: count(0),
    destroySocket: dist/* optional */.lqM(dist/* boolean */.zMY()),
    afterApply: dist/* optional */.lqM(dist/* boolean */.zMY()),
    dropAfterBytes: count(0),
    holdMs: count(0),
    times: count(1),
});
const clockBody = request_schemas_closed({
    speed: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* number */.aig(), dist/* minValue */.Wwf(0))),
    advanceMs: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* number */.aig(), dist/* minValue */.Wwf(0))),
});
const quirksBody = request_schemas_closed({
    ...Object.fromEntries(QUIRK_NAMES.map((name) => [name, dist/* optional */.lqM(dist/* boolean */.zMY())])),
    shape: dist/* optional */.lqM(oneOf(SHAPES)),
    realNames: dist/* optional */.lqM(dist/* boolean */.zMY()),
});
function registerControlRoutes(app, state) {
    const control = createControl(state);
    const clock = () => ({ now: control.now(), iso: iso(control.now()), speed: control.speed() });
    app.post('/_emulator/faults', { schema: { body: faultBody } }, async (request) => {
        control.injectFault(request.body);
        return { faults: control.faults() };
    });
    app.get('/_emulator/faults', async () => ({ faults: control.faults() }));
    app.delete('/_emulator/faults', async () => {
        control.clearFaults();
        return { faults: [] };
    });
    app.get('/_emulator/requests', async () => control.requests());
    app.delete('/_emulator/requests', async () => {
        control.clearRequests();
        return { cleared: true };
    });
    app.post('/_emulator/reset', async () => {
        control.reset();
        return clock();
    });
    app.get('/_emulator/clock', async () => clock());
    app.post('/_emulator/clock', { schema: { body: clockBody } }, async (request) => {
        const { speed, advanceMs } = request.body;
        if (speed !== undefined)
            control.setSpeed(speed);
        if (advanceMs !== undefined)
            control.advance(advanceMs);
        return clock();
    });
    app.get('/_emulator/quirks', async () => control.quirks());
    app.put('/_emulator/quirks', { schema: { body: quirksBody } }, async (request) => {
        control.setQuirks(request.body);
        return control.quirks();
    });
    app.get('/_emulator/runs', async () => control.runs());
    app.get('/_emulator/stats', async () => control.stats());
    app.get('/_emulator/storage', async () => ({ url: state.artifacts.storageBase }));
}

;// CONCATENATED MODULE: ./src/emulator/faults.ts
const API_PREFIX = '/api/v3';
class FaultStore {
    #faults = [];
    add(spec) {
        const times = spec.times ?? 1;
        if (!Number.isInteger(times) || times < 1)
            throw new RangeError('times must be a whole number >= 1');
        if (typeof spec.route !== 'string' || spec.route === '')
            throw new TypeError('route is required');
        this.#faults.push({ spec: { ...spec }, remaining: times });
    }
    clear() {
        this.#faults = [];
    }
    list() {
        return this.#faults.map(({ spec, remaining }) => ({ ...spec, times: remaining }));
    }
    /** Finds the first fault matching the request and uses up one of its applications. */
    take(method, path, route) {
        const index = this.#faults.findIndex(({ spec }) => matches(spec, method, path, route));
        const found = this.#faults[index];
        if (!found)
            return undefined;
        found.remaining -= 1;
        if (found.remaining <= 0)
            this.#faults.splice(index, 1);
        return found.spec;
    }
}
function matches(spec, method, path, route) {
    if (spec.method !== undefined && spec.method.toUpperCase() !== method.toUpperCase())
        return false;
    if (spec.route === '*')
        return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const wanted = normalise(spec.route);
    if (route !== undefined && wanted === normalise(route))
        return true;
    return !spec.route.includes(':') && trimSlash(spec.route) === trimSlash(path);
}
/** Trailing slash and parameter names do not matter: '/runs/:run/' equals '/runs/:runId'. */
function normalise(pattern) {
    return trimSlash(pattern).replace(/:[^/]+/g, ':');
}
function trimSlash(path) {
    return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

// EXTERNAL MODULE: ./src/text/path-segment.ts
var path_segment = __webpack_require__(3412);
// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
;// CONCATENATED MODULE: ./src/emulator/pages/format.ts
// How the pages write world text, states, times and links. Every name, message, branch and log line
// comes from a trigger or a world file, so it goes through src/text/safety.ts before it enters HTML.


const MAX_TEXT = 2000;
/** Remote text on one line, as HTML text or a quoted attribute value. */
function format_text(value, maxLength = MAX_TEXT) {
    return (0,safety/* escapeHtml */.ZD)((0,safety/* clip */.$Q)((0,safety/* stripControls */.$Y)(value), maxLength));
}
/** Remote text that may span lines (a commit message), as HTML with <br>. */
function multiline(value) {
    return (0,safety/* htmlText */.js)((0,safety/* clip */.$Q)(value, MAX_TEXT * 4));
}
/** The first line of remote text, for a table cell. */
function firstLine(value, maxLength = 120) {
    const first = value.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)[0] ?? '';
    return format_text(first, maxLength);
}
/** A path of the pages from its segments, each percent-encoded as the action's links are, for an attribute. */
function pagePath(...segments) {
    return (0,safety/* escapeHtml */.ZD)(`/${segments.map(path_segment/* pathSegment */.p).join('/')}`);
}
const STATE_CLASSES = new Set([
    'passed',
    'failed',
    'aborted',
    'running',
    'notstarted',
    'pendingapproval',
    'finished',
    'skipped',
]);
/** A status or result as a coloured label; the class comes from a fixed set, never from the word itself. */
function badge(word) {
    const known = STATE_CLASSES.has(word) ? word : 'other';
    return `<span class="badge b-${known}">${format_text(word, 40)}</span>`;
}
/** `2025-06-11 14:02:33 UTC` in a <time> element. */
function time(ms) {
    if (ms === undefined)
        return '<span class="muted">–</span>';
    const iso = new Date(ms).toISOString();
    return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC</time>`;
}
/** `850 ms`, `1.5 s`, `2 min 05 s`, `1 h 02 min`. */
function duration(ms) {
    if (ms < 1000)
        return `${Math.max(0, Math.round(ms))} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
    const seconds = Math.floor(ms / 1000);
    if (seconds < 3600)
        return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
    return `${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} min`;
}
/** The short form of a commit hash, with the whole hash as its title. */
function commit(hash) {
    return `<code title="${format_text(hash, 80)}">${format_text(hash.slice(0, 7), 7)}</code>`;
}

;// CONCATENATED MODULE: ./src/emulator/pages/document.ts
// The shell every page shares: a small HTML document with its own CSS, sent with headers that keep a
// slip in escaping from running anything (a CSP that allows only this response's own style and script).


const CSS = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg2: #f6f8fa; --link: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg); }
header.top { background: #24292f; color: #fff; padding: 10px 24px; font-weight: 600; }
header.top a { color: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
h1 { font-size: 22px; margin: 8px 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 16px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
.crumbs { color: var(--muted); overflow-wrap: anywhere; }
.muted { color: var(--muted); }
code, pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
th { font-weight: 600; color: var(--muted); font-size: 12px; white-space: nowrap; }
td time, td code { white-space: nowrap; }
tbody tr:hover { background: var(--bg2); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 12px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.badge { display: inline-block; white-space: nowrap; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 20px; border: 1px solid transparent; }
.b-passed { background: #dafbe1; color: #116329; }
.b-failed { background: #ffebe9; color: #a40e26; }
.b-aborted, .b-skipped { background: #eaeef2; color: #424a53; }
.b-running { background: #ddf4ff; color: #0550ae; }
.b-notstarted, .b-pendingapproval { background: #fff8c5; color: #7d4e00; }
.b-finished, .b-other { background: var(--bg2); color: var(--fg); border-color: var(--line); }
.state { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
progress { width: 200px; height: 10px; }
ul.plain { list-style: none; padding: 0; margin: 0; }
ul.plain li { padding: 2px 0; }
ul.keys { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 0; }
ul.keys code { background: var(--bg2); border: 1px solid var(--line); border-radius: 4px; padding: 1px 6px; }
details.step { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; }
details.step > summary { cursor: pointer; padding: 6px 10px; display: flex; gap: 10px; align-items: center; list-style: none; }
details.step > summary::before { content: '▸'; color: var(--muted); width: 10px; }
details.step[open] > summary::before { content: '▾'; }
details.step > summary .name { flex: 1; overflow-wrap: anywhere; }
details.step[open] > summary { border-bottom: 1px solid var(--line); background: var(--bg2); }
details.step.failed { border-color: #ff8182; }
pre.log { margin: 0; padding: 10px 12px; background: #0d1117; color: #e6edf3; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 480px; overflow-y: auto; }
.note { padding: 8px 12px; background: var(--bg2); border: 1px solid var(--line); border-radius: 6px; }
form.token { display: flex; gap: 8px; margin: 12px 0; }
form.token input[type=password] { flex: 0 1 320px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; }
form.token button { padding: 5px 14px; border: 1px solid #1f883d; background: #1f883d; color: #fff; border-radius: 6px; cursor: pointer; }
`;
const nonceOf = () => (0,external_node_crypto_.randomBytes)(16).toString('base64');
function renderPage(page, nonce) {
    const refresh = page.refreshSeconds !== undefined ? `<meta http-equiv="refresh" content="${page.refreshSeconds}">` : '';
    const script = page.script !== undefined ? `<script nonce="${nonce}">${page.script}</script>` : '';
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
${refresh}<title>${format_text(page.title, 300)}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<header class="top">CI Service emulator</header>
<main>
${page.body}
</main>
${script}
</body>
</html>
`;
}
function sendPage(reply, page) {
    const nonce = nonceOf();
    const policy = [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        `script-src 'nonce-${nonce}'`,
        'img-src data:',
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ].join('; ');
    return reply
        .code(page.status ?? 200)
        .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'cache-control': 'no-store',
        ...page.headers,
    })
        .send(renderPage(page, nonce));
}
/** A page that says what was not found. */
function notFoundPage(what) {
    return {
        status: 404,
        title: 'Not found',
        body: `<h1>Not found</h1><p>${format_text(what)}</p>`,
    };
}

;// CONCATENATED MODULE: ./src/emulator/pages/access.ts




const TOKEN_COOKIE = 'ci_emulator_token';
const LOGIN_PATH = '/login';
function cookieOf(request, name) {
    for (const part of (request.headers.cookie ?? '').split(';')) {
        const [key, ...rest] = part.split('=');
        if (key?.trim() !== name)
            continue;
        try {
            return decodeURIComponent(rest.join('=').trim());
        }
        catch {
            return undefined;
        }
    }
    return undefined;
}
/** The token from `Authorization: Bearer`, else `?token=`, else the cookie; undefined when none was sent. */
function offeredToken(request) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (bearer?.[1] !== undefined)
        return { token: bearer[1], from: 'header' };
    const query = (request.query ?? {});
    if (typeof query.token === 'string' && query.token !== '')
        return { token: query.token, from: 'query' };
    const cookie = cookieOf(request, TOKEN_COOKIE);
    return cookie !== undefined && cookie !== '' ? { token: cookie, from: 'cookie' } : undefined;
}
const tokenCookie = (token) => `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax`;
const clearedCookie = `${TOKEN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
/**
 * For a page asked for with a known `?token=` (and no Authorization header): the cookie that keeps the
 * token, and where to send the browser instead, the same page without it.
 */
function tokenRedirect(state, request) {
    const offered = offeredToken(request);
    if (offered?.from !== 'query' || !state.world.tokens.has(offered.token))
        return undefined;
    const path = returnPath(request);
    // A path that a browser would read as another host (`//host`, `/\\host`) is never sent back.
    return { location: /^\/(?![/\\])/.test(path) ? path : '/', cookie: tokenCookie(offered.token) };
}
/** Whether the request may see `app`'s pages; when not, the page that asks for a token. */
function pageAccess(state, request, app) {
    const offered = offeredToken(request);
    const user = offered ? state.world.tokens.get(offered.token) : undefined;
    const headers = {};
    if (offered?.from === 'cookie' && !user)
        headers['set-cookie'] = clearedCookie;
    if (canRead(state, user, app))
        return { allowed: true, headers };
    const name = `${app.owner.username}/${app.name}`;
    let reason = `${name} is private: its pages need a token of its owner or of a member of the owning organisation.`;
    if (offered && !user)
        reason = 'That token is not known here. Give another one.';
    if (user)
        reason = `The token of ${user.username} gives no access to ${name}. Give another one.`;
    const page = tokenPage(reason, returnPath(request));
    return { allowed: false, page: { ...page, status: user ? 403 : 401, headers } };
}
/** The page's own address without its token, for the form to come back to. */
function returnPath(request) {
    const url = new URL(request.raw.url ?? '/', 'http://page.invalid');
    url.searchParams.delete('token');
    return url.pathname + url.search;
}
function tokenPage(reason, next) {
    return {
        status: 401,
        title: 'Token needed',
        body: `<h1>Token needed</h1>
<p>${format_text(reason)}</p>
<form class="token" method="post" action="${LOGIN_PATH}">
<input type="hidden" name="next" value="${(0,safety/* escapeHtml */.ZD)(next)}">
<input type="password" name="token" aria-label="API token" placeholder="API token" autocomplete="off" required autofocus>
<button type="submit">Show the page</button>
</form>
<p class="muted">Or add <code>?token=…</code> to the address. The token is kept in a cookie of this browser until it closes.</p>`,
    };
}
/** Where the form may send the browser back to: a path of this server, never another origin. */
function safeNext(next) {
    if (next === null)
        return '/';
    try {
        const url = new URL(next, 'http://page.invalid');
        return url.origin === 'http://page.invalid' && next.startsWith('/') ? url.pathname + url.search : '/';
    }
    catch {
        return '/';
    }
}
/** `POST /login` (the token form): checks the token, sets the cookie, sends the browser back. */
function registerLoginRoute(app, state) {
    // In a scope of its own, so that the API keeps refusing form bodies.
    void app.register(async (scope) => {
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, new URLSearchParams(String(body))));
        scope.post(LOGIN_PATH, async (request, reply) => {
            const origin = request.headers.origin;
            if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}`) {
                return sendPage(reply, {
                    status: 403,
                    title: 'Refused',
                    body: '<h1>Refused</h1><p>A form of another site.</p>',
                });
            }
            const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
            const next = safeNext(form.get('next'));
            const token = form.get('token') ?? '';
            if (!state.world.tokens.has(token)) {
                return sendPage(reply, tokenPage('That token is not known here. Give another one.', next));
            }
            return reply.code(303).header('location', next).header('set-cookie', tokenCookie(token)).send();
        });
    });
}

;// CONCATENATED MODULE: ./src/emulator/model/ids.ts

const ID_PATTERN = '^[0-9a-f]{24}$';
/** Deterministic 24-hex ids (MongoDB ObjectId-sized) from a counter, so that tests are reproducible. */
class IdGenerator {
    #next = 1;
    #taken = new Set();
    next() {
        for (;;) {
            const id = `5e${(this.#next++).toString(16).padStart(22, '0')}`;
            if (!this.#taken.has(id))
                return id;
        }
    }
    /** Reserves an id given by the world file so that generated ids never collide with it. */
    reserve(id) {
        if (!new RegExp(ID_PATTERN).test(id))
            throw new Error(`id ${JSON.stringify(id)} is not 24 lowercase hex characters`);
        if (this.#taken.has(id))
            throw new Error(`id ${id} is used twice`);
        this.#taken.add(id);
        return id;
    }
}
function isId(value) {
    return new RegExp(ID_PATTERN).test(value);
}
/** A stable hex digest, for generated commit hashes, gravatars and trace ids. */
function digest(text, length = 40) {
    return (0,external_node_crypto_.createHash)('sha1').update(text).digest('hex').slice(0, length);
}

;// CONCATENATED MODULE: ./src/emulator/shaped-views.ts
// The users and applications of every body, in the shape asked for (`quirks.shape`). Evidence: REC the
// Ruby gem's recorded traffic (July 2017); FIX wercker4j's fixtures (2016), which the Java client's
// strict mapper is written against: a field it does not know fails the whole call.


const api = (ctx, path) => `${ctx.base}/api/v3${path}`;
/**
 * spec: `serviceEmployee`, `type: "service"`. 2017: `werckerEmployee`, `type: "wercker"`, and for whoever
 * pushed (REC run, application_workflow) `meta.type` empty and no employee flag. 2016: `werckerEmployee`,
 * `type: "wercker"` and no `meta.type` (FIX: the Java client's user knows only username and the flag).
 */
function userView(ctx, user, pushed = false) {
    const shape = ctx.quirks.shape;
    const metaType = user.members ? 'organization' : 'user';
    let meta;
    if (shape === 'spec')
        meta = { username: user.username, serviceEmployee: user.serviceEmployee, type: metaType };
    else if (shape === '2016')
        meta = { username: user.username, werckerEmployee: user.serviceEmployee };
    else if (pushed)
        meta = { username: user.username, type: '' };
    else
        meta = { username: user.username, werckerEmployee: user.serviceEmployee, type: metaType };
    return {
        meta,
        userId: user.id,
        avatar: { gravatar: digest(user.username.toLowerCase(), 32) },
        name: user.name,
        type: shape === 'spec' ? 'service' : 'wercker',
    };
}
function applicationCore(ctx, app) {
    return {
        id: app.id,
        url: api(ctx, `/applications/${app.owner.username.toLowerCase()}/${app.name}`),
        name: app.name,
        owner: userView(ctx, app.owner),
        createdAt: iso(app.createdAt),
        privacy: app.privacy,
        stack: app.stack,
    };
}
const updated = (app) => ({ updatedAt: iso(app.updatedAt) });
/** List items: `updatedAt` in both real shapes (REC fetch_applications, FIX), `theme` in 2017 (REC). */
function applicationListView(ctx, app) {
    const core = applicationCore(ctx, app);
    if (ctx.quirks.shape === '2017')
        return { ...core, ...updated(app), theme: themeOf(app) };
    if (ctx.quirks.shape === '2016')
        return { ...core, ...updated(app) };
    return core;
}
/**
 * The application inside a build, a deploy (both with `updatedAt` in the real shapes: FIX getBuild,
 * createBuild, getDeploy) or a pipeline (the spec's fields).
 */
function applicationEmbeddedView(ctx, app, classic = false) {
    const core = applicationCore(ctx, app);
    return classic && ctx.quirks.shape !== 'spec' ? { ...core, ...updated(app) } : core;
}
/** The application of a single workflow: `updatedAt` always, and `theme` in 2017 (REC application_workflow). */
function applicationInWorkflowView(ctx, app) {
    const view = { ...applicationCore(ctx, app), ...updated(app) };
    return ctx.quirks.shape === '2017' ? { ...view, theme: themeOf(app) } : view;
}
/**
 * The single application and the PATCH answer, with what the real service sent besides the spec's
 * fields: `scm.domain` and `allowedActions` (not in the PATCH answer) in every shape; `badgeKey`, `theme`
 * and `settings` (the same values as the top-level fields, which older clients read), which came in 2017,
 * in `spec` and `2017`; `updatedAt` in both real shapes.
 */
function applicationSingleView(ctx, app, allowedActions) {
    const core = applicationCore(ctx, app);
    const shape = ctx.quirks.shape;
    return {
        ...core,
        builds: `${String(core.url)}/builds`,
        deploys: `${String(core.url)}/deploys`,
        scm: scmOf(app),
        ignoredBranches: [...app.ignoredBranches],
        ...(shape === '2016'
            ? {}
            : {
                badgeKey: digest(`badge:${app.id}`, 32),
                theme: themeOf(app),
                settings: { privacy: app.privacy, stack: app.stack, ignoredBranches: [...app.ignoredBranches] },
            }),
        ...(allowedActions ? { allowedActions: [...allowedActions] } : {}),
        ...(shape === 'spec' ? {} : updated(app)),
    };
}
const SCM_DOMAIN = 'github.com';
const THEMES = ['Amethyst', 'Appletini', 'Oranje', 'Onyx'];
function scmOf(app) {
    return { type: 'git', owner: app.owner.username, domain: SCM_DOMAIN, repository: app.name };
}
function themeOf(app) {
    return THEMES[Number.parseInt(digest(`theme:${app.id}`, 2), 16) % THEMES.length] ?? 'Amethyst';
}

;// CONCATENATED MODULE: ./src/emulator/views.ts
// What the API shows of each record, per context (list item, single object, trigger, abort...).
// The response schemas (response-schemas.ts) then enforce each field set.



const views_api = (ctx, path) => `${ctx.base}/api/v3${path}`;
const times = (state) => ({
    ...(state.startedAt !== undefined ? { startedAt: iso(state.startedAt) } : {}),
    ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
});
function statusOf(phase, quirks) {
    if (phase === 'queued')
        return quirks.pendingApproval ? 'pendingapproval' : 'notstarted';
    return phase;
}
function pipelineView(ctx, pipeline) {
    return {
        id: pipeline.id,
        url: views_api(ctx, `/pipelines/${pipeline.id}`),
        createdAt: iso(pipeline.createdAt),
        name: pipeline.name,
        pipelineName: pipeline.name,
        permissions: pipeline.permissions,
        setScmProviderStatus: pipeline.setScmProviderStatus,
        type: pipeline.type,
    };
}
function pipelineSingleView(ctx, pipeline) {
    return { ...pipelineView(ctx, pipeline), application: applicationEmbeddedView(ctx, pipeline.app) };
}
function runView(ctx, run, context) {
    const state = ctx.world.stateOf(run, ctx.now);
    const base = {
        id: run.id,
        url: views_api(ctx, `/runs/${run.id}`),
        branch: run.branch,
        commitHash: run.commitHash,
        createdAt: iso(run.plan.createdAt),
        message: run.message,
        ...(run.tag !== undefined ? { tag: run.tag } : {}),
        // A run a push started (or chained from one) shows whoever pushed as recorded traffic did.
        user: userView(ctx, run.user, run.commits !== undefined),
        pipeline: pipelineView(ctx, run.pipeline),
    };
    if (context === 'trigger') {
        // The spec's trigger response: the run as created, before anything happened to it.
        return { ...base, envVars: run.envVars, progress: 0, result: 'unknown', status: 'notstarted' };
    }
    const live = {
        ...base,
        ...times(state),
        // null on finished runs only: the runs that showed it (igor's fixtures, 2018) had all finished.
        progress: ctx.quirks.nullProgress && state.phase === 'finished' ? null : state.progress,
        result: state.result,
        status: statusOf(state.phase, ctx.quirks),
    };
    if (context === 'list')
        return live;
    return {
        ...live,
        envVars: run.envVars,
        commits: (run.commits ?? []).map((commit) => ({ ...commit })),
        pullRequest: {},
        ...(run.sourceRun ? { sourceRun: runView(ctx, run.sourceRun, 'list') } : {}),
    };
}
/** The trigger response of the real Go backend: trimmed, Go timestamps, no serviceEmployee. */
function goTriggerRunView(ctx, run) {
    const user = userView(ctx, run.user);
    return {
        id: run.id,
        url: views_api(ctx, `/runs/${run.id}`),
        branch: run.branch,
        commitHash: run.commitHash,
        createdAt: goTime(run.plan.createdAt, Number.parseInt(digest(run.id, 5), 16) % 1_000_000),
        message: run.message,
        ...(run.tag !== undefined ? { tag: run.tag } : {}),
        result: 'unknown',
        status: 'notstarted',
        user: {
            ...user,
            meta: { username: run.user.username, type: run.user.members ? 'organization' : 'user' },
        },
        pipeline: { ...pipelineView(ctx, run.pipeline), createdAt: goTime(run.pipeline.createdAt) },
    };
}
function stepName(ctx, step) {
    return ctx.quirks.displayNameSteps && step.order >= 3
        ? { displayName: step.name, phase: 'mainSteps' }
        : { step: step.name };
}
/**
 * A step that has not started yet. Real servers created a run's steps before running them, so a
 * started run lists them all, and clients can tell how many there are.
 */
function pendingStepView(ctx, run, step) {
    return {
        id: step.id,
        url: views_api(ctx, `/runsteps/${step.id}`),
        artifactsUrl: null,
        createdAt: iso(run.plan.startAt),
        logUrl: views_api(ctx, `/runsteps/${step.id}/log`),
        order: step.order,
        result: 'unknown',
        status: 'notstarted',
        ...stepName(ctx, step),
    };
}
function stepView(ctx, run, state) {
    const { step } = state;
    const named = stepName(ctx, step);
    return {
        id: step.id,
        url: views_api(ctx, `/runsteps/${step.id}`),
        artifactsUrl: ctx.artifacts.artifactsUrl(ctx.base, ctx.quirks, state, ctx.now),
        createdAt: iso(run.plan.startAt),
        startedAt: iso(step.startAt),
        ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
        logUrl: views_api(ctx, `/runsteps/${step.id}/log`),
        order: step.order,
        result: state.result,
        status: state.finished ? 'finished' : 'running',
        ...named,
    };
}
/** Builds and deploys know no approval step: queued is always `notstarted`. */
function classicStatusOf(phase) {
    return phase === 'queued' ? 'notstarted' : phase;
}
/** What the list items of builds and deploys both show, with the state they show it from. */
function classicItem(ctx, exec, collection) {
    const state = ctx.world.stateOf(exec, ctx.now);
    const view = {
        id: exec.id,
        url: views_api(ctx, `/${collection}/${exec.id}`),
        createdAt: iso(exec.plan.createdAt),
        status: classicStatusOf(state.phase),
        result: state.result,
    };
    return { state, view };
}
function buildListView(ctx, build) {
    const { state, view } = classicItem(ctx, build, 'builds');
    return {
        ...view,
        branch: build.branch,
        // Captured list items carry it (wercker4j's fixtures); the spec's list of fields does not.
        ...(ctx.quirks.shape !== 'spec' ? { commitHash: build.commitHash } : {}),
        message: build.message,
        ...times(state),
        progress: state.phase === 'queued' ? null : state.progress,
    };
}
function buildView(ctx, build, context) {
    const view = {
        ...buildListView(ctx, build),
        commitHash: build.commitHash,
        envVars: build.envVars.map((envVar) => ({ ...envVar })),
        application: applicationEmbeddedView(ctx, build.app, true),
    };
    if (context === 'trigger') {
        delete view.startedAt;
        delete view.finishedAt;
        return { ...view, progress: null, status: 'notstarted', result: 'unknown' };
    }
    return view;
}
function deployListView(ctx, deploy) {
    const { state, view } = classicItem(ctx, deploy, 'deploys');
    return { ...view, progress: state.progress };
}
function deployView(ctx, deploy) {
    return {
        ...deployListView(ctx, deploy),
        build: { ...buildListView(ctx, deploy.build), commitHash: deploy.build.commitHash },
        application: applicationEmbeddedView(ctx, deploy.app, true),
    };
}
function workflowItemView(ctx, workflow, item) {
    const data = { targetName: item.pipeline.name, pipelineId: item.pipeline.id, restricted: false };
    const common = {
        id: item.id,
        type: 'run',
        ...(item.parentItemId ? { parentItem: item.parentItemId } : {}),
    };
    if (!item.run) {
        // A captured stub omits runId; recorded traffic (the 2017 shape) sends it as null.
        return {
            ...common,
            status: 'notstarted',
            result: 'unknown',
            progress: 0,
            updatedAt: iso(workflow.createdAt),
            data: ctx.quirks.shape === '2017' ? { ...data, runId: null } : data,
        };
    }
    const state = ctx.world.stateOf(item.run, ctx.now);
    const current = state.steps[state.steps.length - 1];
    return {
        ...common,
        status: statusOf(state.phase, ctx.quirks),
        result: state.result,
        progress: state.progress,
        updatedAt: iso(state.changedAt),
        data: {
            ...data,
            runId: item.run.id,
            ...(current
                ? {
                    totalSteps: item.run.plan.steps.length,
                    currentStep: current.step.order,
                    stepName: current.step.name,
                }
                : {}),
        },
    };
}
function workflowView(ctx, workflow, single) {
    const started = workflow.items
        .map((item) => (item.run ? ctx.world.stateOf(item.run, ctx.now) : undefined))
        .filter((state) => state !== undefined);
    const startedAt = started.map((state) => state.startedAt).filter((at) => at !== undefined);
    const updatedAt = Math.max(workflow.createdAt, ...started.map((state) => state.changedAt));
    return {
        id: workflow.id,
        url: views_api(ctx, `/workflows/${workflow.id}`),
        createdAt: iso(workflow.createdAt),
        ...(startedAt.length > 0 ? { startedAt: iso(Math.min(...startedAt)) } : {}),
        updatedAt: iso(updatedAt),
        trigger: workflow.trigger,
        data: {
            ...workflow.data,
            ...(workflow.trigger === 'git' ? { scm: scmOf(workflow.app) } : {}),
        },
        items: workflow.items.map((item) => workflowItemView(ctx, workflow, item)),
        user: userView(ctx, workflow.user, workflow.items[0]?.run?.commits !== undefined),
        ...(single ? { application: applicationInWorkflowView(ctx, workflow.app) } : {}),
    };
}

;// CONCATENATED MODULE: ./src/emulator/pages/app-page.ts


const SHOWN = 100;
const REFRESH_SECONDS = 2;
/** Newest first; among equal times, the one created later first. */
function newestFirst(records) {
    return records
        .map((record, index) => ({ record, index }))
        .sort((a, b) => b.record.plan.createdAt - a.record.plan.createdAt || b.index - a.index)
        .map(({ record }) => record);
}
function runPath(run) {
    return pagePath(run.app.owner.username, run.app.name, 'runs', run.pipeline.name, run.id);
}
function timing(started, finished, now) {
    if (started === undefined)
        return '<span class="muted">–</span>';
    return duration((finished ?? now) - started);
}
function runRows(state, runs, now) {
    return runs
        .map((run) => {
        const exec = state.world.stateOf(run, now);
        const href = runPath(run);
        return `<tr id="run-${format_text(run.id)}">
<td>${badge(statusOf(exec.phase, state.quirks))}</td><td>${badge(exec.result)}</td>
<td><a href="${href}">${format_text(run.pipeline.name, 200)}</a></td>
<td>${format_text(run.branch, 200)}</td><td>${commit(run.commitHash)}</td>
<td><a href="${href}">${firstLine(run.message)}</a></td>
<td>${time(run.plan.createdAt)}</td><td>${timing(exec.startedAt, exec.finishedAt, now)}</td>
</tr>`;
    })
        .join('\n');
}
function buildRows(state, builds, now) {
    return builds
        .map((build) => {
        const exec = state.world.stateOf(build, now);
        return `<tr id="build-${format_text(build.id)}">
<td>${badge(classicStatusOf(exec.phase))}</td><td>${badge(exec.result)}</td>
<td>${format_text(build.branch, 200)}</td><td>${commit(build.commitHash)}</td><td>${firstLine(build.message)}</td>
<td>${time(build.plan.createdAt)}</td><td>${timing(exec.startedAt, exec.finishedAt, now)}</td>
</tr>`;
    })
        .join('\n');
}
function section(title, count, head, rows, empty) {
    if (count === 0)
        return `<h2>${title}</h2><p class="muted">${empty}</p>`;
    const shown = Math.min(count, SHOWN);
    const note = count > shown ? `<p class="muted">The newest ${shown} of ${count}.</p>` : '';
    return `<h2>${title} <span class="muted">(${count})</span></h2>${note}
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>`;
}
function appPage(state, app) {
    const now = state.world.now();
    const runs = newestFirst(state.world.runs.filter((run) => run.app === app));
    const builds = newestFirst(state.world.builds.filter((build) => build.app === app));
    const unfinished = [...runs, ...builds]
        .slice(0, SHOWN * 2)
        .some((exec) => state.world.stateOf(exec, now).phase !== 'finished');
    const name = `${app.owner.username}/${app.name}`;
    const parts = [
        `<div class="crumbs">${format_text(app.owner.username)} /</div>`,
        `<h1>${format_text(app.name)}</h1>`,
        `<p class="muted">${app.privacy === 'private' ? 'Private' : 'Public'} application, stack ${app.stack}, default branch <code>${format_text(app.defaultBranch)}</code>.</p>`,
    ];
    if (app.stack === 6 || runs.length > 0) {
        const head = '<th>Status</th><th>Result</th><th>Pipeline</th><th>Branch</th><th>Commit</th><th>Message</th><th>Created</th><th>Duration</th>';
        parts.push(section('Runs', runs.length, head, runRows(state, runs.slice(0, SHOWN), now), 'No runs yet.'));
    }
    if (app.stack !== 6) {
        const head = '<th>Status</th><th>Result</th><th>Branch</th><th>Commit</th><th>Message</th><th>Created</th><th>Duration</th>';
        parts.push(section('Builds', builds.length, head, buildRows(state, builds.slice(0, SHOWN), now), 'No builds yet.'));
    }
    return {
        title: name,
        body: parts.join('\n'),
        ...(unfinished ? { refreshSeconds: REFRESH_SECONDS } : {}),
    };
}

;// CONCATENATED MODULE: ./src/emulator/logs.ts
/**
 * Each log holds exactly one of these lines, so that clients must neutralise workflow commands: the plain
 * forms first, then the ones the runner also honours (leading Unicode whitespace, any case, `##[name]`
 * anywhere in a line, a command after a lone CR, `::` split by an ignorable character, stop-commands).
 */
const INJECTED_LINES = [
    '::set-output name=result::hacked',
    '::error::injected from the remote log',
    '::add-mask::passed',
    '::endgroup::',
    '::warning::injected',
    '\u00a0::add-mask::injected-after-nbsp',
    '\t\v\f\u0085\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000::error::injected after whitespace',
    '::ADD-MASK::injected-upper-case',
    '::Warning title=Injected::injected in mixed case',
    'build 42 ##[warning]injected legacy warning',
    '##[group]injected legacy group',
    'progress 50%\r::warning::injected after a lone carriage return',
    '::warning:\u200b:injected across a zero-width space',
    '::stop-commands::swallow',
    "\u3000::SWALLOW::injected resume of a stranger's stop",
];
const FAILURE_LINE = 'ERROR: 3 tests failed';
/** A line of two-, three- and four-byte characters, so that a reader must not split one between reads. */
const MULTIBYTE_LINE = 'Checked 12 files ✓ · café · 日本語 · 🚀';
const FILLER_WIDTH = 64;
const DEFAULT_BODY_LINES = 5;
const LINES_PER_CHUNK = 2048;
const byteLength = (line) => Buffer.byteLength(line, 'utf8') + 1;
const sum = (values, count = values.length) => values.slice(0, count).reduce((total, value) => total + value, 0);
/**
 * A step log as far as it has been written: numbered lines (any line can be read without the others) and
 * bytes (any range can be streamed without producing what comes before it). Lines once written never
 * change, so that a client reading from an offset sees the same log as one reading it all.
 */
class StepLog {
    /** Lines written so far, the closing line included once the step has finished. */
    count;
    byteLength;
    #layout;
    #headerBytes;
    /** Header and body lines written (the closing line not counted). */
    #written;
    #closing;
    constructor(input) {
        this.#layout = layoutOf(input);
        this.#headerBytes = this.#layout.header.map(byteLength);
        const { state } = input;
        this.#written = state === undefined ? 0 : writtenLines(this.#layout, input.step, state, input.now);
        this.#closing = state?.finished ? closingLine(input.step, state) : undefined;
        this.count = this.#written + (this.#closing !== undefined ? 1 : 0);
        this.byteLength =
            this.#offsetOf(this.#written) + (this.#closing !== undefined ? byteLength(this.#closing) : 0);
    }
    /** Line `index` (0 to count - 1), without its newline. */
    line(index) {
        if (index >= this.#written)
            return this.#closing ?? '';
        const { header, body } = this.#layout;
        return index < header.length ? (header[index] ?? '') : body(index - header.length);
    }
    /** Bytes `start` to `end` (exclusive) of the log, in chunks of whole lines but for the first and the last. */
    *bytes(start = 0, end = this.byteLength) {
        const stop = Math.min(end, this.byteLength);
        if (start >= stop)
            return;
        let index = this.#lineAt(start);
        let skip = start - this.#offsetOf(index);
        let left = stop - start;
        while (left > 0 && index < this.count) {
            const lines = [];
            for (const last = Math.min(this.count, index + LINES_PER_CHUNK); index < last; index++)
                lines.push(this.line(index));
            let chunk = Buffer.from(lines.join('\n') + '\n', 'utf8');
            if (skip > 0)
                chunk = chunk.subarray(skip);
            skip = 0;
            if (chunk.length > left)
                chunk = chunk.subarray(0, left);
            left -= chunk.length;
            yield chunk;
        }
    }
    /** Where line `index` starts, for index 0 to the written lines (not the closing one). */
    #offsetOf(index) {
        const { header, periodBytes } = this.#layout;
        if (index <= header.length)
            return sum(this.#headerBytes, index);
        const k = index - header.length;
        const period = periodBytes.length;
        return sum(this.#headerBytes) + Math.floor(k / period) * sum(periodBytes) + sum(periodBytes, k % period);
    }
    /** The line that holds byte `offset` (below byteLength). */
    #lineAt(offset) {
        const { header, periodBytes } = this.#layout;
        if (offset >= this.#offsetOf(this.#written))
            return this.#written;
        let index = 0;
        const headerEnd = sum(this.#headerBytes);
        if (offset >= headerEnd) {
            const period = periodBytes.length;
            index = header.length + Math.floor((offset - headerEnd) / sum(periodBytes)) * period;
        }
        while (index + 1 < this.#written && this.#offsetOf(index + 1) <= offset)
            index++;
        return index;
    }
}
function stepLog(input) {
    return new StepLog(input);
}
function layoutOf({ step, plan: { logBytes, logLines } }) {
    const header = [
        `--> Running step: ${step.name}`,
        `$ ./run-step.sh ${JSON.stringify(step.name)}`,
        INJECTED_LINES[(step.order - 1) % INJECTED_LINES.length] ?? '::endgroup::',
    ];
    const bytes = logBytes ?? (logLines === undefined ? step.logBytes : undefined);
    if (bytes !== undefined) {
        return {
            header,
            bodyCount: Math.ceil(bytes / FILLER_WIDTH),
            body: fillerLine,
            periodBytes: [FILLER_WIDTH],
        };
    }
    const samples = sampleLines(step);
    return {
        header,
        bodyCount: logLines ?? step.logLines ?? DEFAULT_BODY_LINES,
        body: (index) => samples[index % samples.length] ?? '',
        periodBytes: samples.map(byteLength),
    };
}
/** Lines written by `now`: evenly over the step, the first at its start; all of them once it passed or failed. */
function writtenLines(layout, step, state, now) {
    const total = layout.header.length + layout.bodyCount;
    if (state.finished && state.result !== 'aborted')
        return total;
    const until = state.finished ? (state.finishedAt ?? now) : now;
    const span = Math.max(1, step.endAt - step.startAt);
    return Math.max(1, Math.min(total, Math.floor(((until - step.startAt) / span) * total)));
}
function sampleLines(step) {
    return [
        `Preparing ${step.name}`,
        `Using cache key ${step.id.slice(-8)}`,
        'Fetching dependencies... done',
        `Working on ${step.name}...`,
        MULTIBYTE_LINE,
    ];
}
/** Exactly FILLER_WIDTH bytes with its newline. */
function fillerLine(index) {
    const prefix = `log line ${String(index + 1).padStart(10, '0')} `;
    return prefix + 'x'.repeat(FILLER_WIDTH - 1 - prefix.length);
}
function closingLine(step, state) {
    if (state.result === 'failed')
        return FAILURE_LINE;
    if (state.result === 'aborted')
        return 'Step aborted';
    const seconds = ((state.finishedAt ?? step.endAt) - step.startAt) / 1000;
    return `Step "${step.name}" passed in ${seconds.toFixed(2)}s`;
}

;// CONCATENATED MODULE: ./src/emulator/pages/run-steps.ts
// The steps of a run page: each step a <details id="step-{id}"> with its log in place. Logs are shown as
// their last lines, read by index (logs.ts), so that a huge log costs no more than a small one, and the page
// as a whole holds a bounded number of log lines.





const LINES_PER_STEP = 300;
const LINES_PER_PAGE = 20_000;
const MAX_LINE = 4000;
function logHtml(run, state, now) {
    const log = stepLog({ step: state.step, state, now, plan: run.plan });
    const { count } = log;
    const line = (index) => log.line(index);
    const first = Math.max(0, count - LINES_PER_STEP);
    const lines = [];
    for (let i = first; i < count; i++)
        lines.push(...(0,safety/* splitLines */.uz)((0,safety/* clip */.$Q)(line(i), MAX_LINE)).map(safety/* escapeHtml */.ZD));
    const cut = first > 0 ? `<p class="muted">The last ${count - first} of ${count} lines.</p>` : '';
    return { html: `${cut}<pre class="log">${lines.join('\n')}</pre>`, lines: count - first };
}
/**
 * A link to what the step stored, and its test counts when it stored a JUnit report; the counts come from
 * the world's definition of the report. The link is the page's own archive route, which the page's token
 * cookie opens: the API's route would need the token as a header, which a browser's link cannot send.
 */
function artifactsHtml(run, state) {
    if (!hasArtifacts(state))
        return '';
    const href = pagePath(run.app.owner.username, run.app.name, 'runs', run.pipeline.name, run.id, 'artifacts', `${state.step.id}.tar.gz`);
    const link = `<a href="${href}" download>Artifacts</a> <span class="muted">(.tar.gz)</span>`;
    const report = state.step.stores?.testReport;
    if (!report)
        return `<p class="artifacts">${link}</p>`;
    const counts = testCounts(report, state.result === 'failed');
    const tests = `${counts.total} tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
    return `<p class="artifacts">${link} · <span class="tests">${tests}</span> <span class="muted">in <code>${format_text(report.path, 300)}</code></span></p>`;
}
function stepLabel(state, runFinished) {
    if (!state)
        return runFinished ? 'skipped' : 'notstarted';
    return state.finished ? state.result : 'running';
}
function stepsSection(run, exec, now, selectedId) {
    if (run.plan.steps.length === 0)
        return { html: '<p class="muted">This run has no steps.</p>' };
    const selected = run.plan.steps.find((step) => step.id === selectedId);
    let budget = LINES_PER_PAGE;
    const items = run.plan.steps.map((step, index) => {
        const state = exec.steps[index];
        const label = stepLabel(state, exec.phase === 'finished');
        const open = selected ? step === selected : label === 'failed' || label === 'running';
        let body = '<p class="muted">No log: the step has not started.</p>';
        if (state && (budget > 0 || open)) {
            const log = logHtml(run, state, now);
            body = log.html;
            budget -= log.lines;
        }
        else if (state) {
            body = `<p class="muted">Log not shown here, to keep the page small: <a href="?step=${format_text(step.id)}">open this step</a>.</p>`;
        }
        const took = state ? duration((state.finishedAt ?? now) - step.startAt) : '';
        return `<details class="${label === 'failed' ? 'step failed' : 'step'}" id="step-${format_text(step.id)}"${open ? ' open' : ''}>
<summary><span class="muted">${step.order}.</span> <span class="name">${format_text(step.name, 500)}</span> ${badge(label)} <span class="muted">${took}</span></summary>
${artifactsHtml(run, state)}${body}
</details>`;
    });
    const missing = selectedId !== undefined && !selected
        ? `<p class="note">This run has no step ${format_text(selectedId, 100)}.</p>`
        : '';
    return { html: missing + items.join('\n'), ...(selected ? { selected } : {}) };
}
/** Scrolls to the selected step when the page is opened, but not when it reloads itself. */
function scrollScript(step) {
    const id = JSON.stringify(`step-${step.id}`).replace(/</g, '\\u003c');
    return `if (performance.getEntriesByType('navigation')[0]?.type !== 'reload') document.getElementById(${id})?.scrollIntoView();`;
}

;// CONCATENATED MODULE: ./src/emulator/pages/run-page.ts




function facts(state, run, now) {
    const exec = state.world.stateOf(run, now);
    const took = exec.startedAt !== undefined
        ? duration((exec.finishedAt ?? now) - exec.startedAt)
        : '<span class="muted">–</span>';
    const rows = [
        ['Branch', `<code>${format_text(run.branch, 300)}</code>`],
        ['Commit', commit(run.commitHash)],
        ['Message', multiline(run.message)],
        ['Triggered by', `${format_text(run.user.name)} <span class="muted">(${format_text(run.user.username)})</span>`],
        ['Created', time(run.plan.createdAt)],
        ['Started', time(exec.startedAt)],
        ['Finished', time(exec.finishedAt)],
        ['Duration', took],
    ];
    return `<dl class="facts">${rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`;
}
function envKeys(run) {
    if (run.envVars.length === 0)
        return '<p class="muted">None.</p>';
    const keys = run.envVars.map((envVar) => `<li><code>${format_text(envVar.key, 300)}</code></li>`);
    return `<ul class="keys">${keys.join('')}</ul><p class="muted">Values are never shown.</p>`;
}
/** A run of the chain: a link to its page while the world still knows it, else its id. */
function runLink(state, run, now) {
    if (!state.world.run(run.id))
        return `<code>${format_text(run.id)}</code> <span class="muted">(forgotten)</span>`;
    const exec = state.world.stateOf(run, now);
    return `<a href="${runPath(run)}">${format_text(run.pipeline.name, 200)} <code>${format_text(run.id)}</code></a> ${badge(statusOf(exec.phase, state.quirks))} ${badge(exec.result)}`;
}
function workflowItem(state, run, item, items, now) {
    const parent = items.find((candidate) => candidate.id === item.parentItemId);
    const after = parent ? ` <span class="muted">after ${format_text(parent.pipeline.name, 200)}</span>` : '';
    if (!item.run)
        return `<li>${format_text(item.pipeline.name, 200)} ${badge('notstarted')}${after}</li>`;
    const self = item.run === run ? ' <span class="muted">(this run)</span>' : '';
    return `<li>${runLink(state, item.run, now)}${self}${after}</li>`;
}
function chain(state, run, now) {
    const source = run.sourceRun
        ? `<p>Source run: ${runLink(state, run.sourceRun, now)}</p>`
        : '<p class="muted">No source run: started from a commit.</p>';
    const { items } = run.workflow;
    const list = items.map((item) => workflowItem(state, run, item, items, now)).join('');
    return `${source}<p>Workflow <code>${format_text(run.workflow.id)}</code>:</p><ul class="plain">${list}</ul>`;
}
function runPage(state, run, selectedStep) {
    const now = state.world.now();
    const exec = state.world.stateOf(run, now);
    const { app } = run;
    const steps = stepsSection(run, exec, now, selectedStep);
    const body = `<div class="crumbs"><a href="${pagePath(app.owner.username, app.name)}">${format_text(`${app.owner.username}/${app.name}`)}</a> / runs / ${format_text(run.pipeline.name, 200)}</div>
<h1>${format_text(run.pipeline.name, 200)} <span class="muted">run ${format_text(run.id)}</span></h1>
<div class="state" id="state">${badge(statusOf(exec.phase, state.quirks))} ${badge(exec.result)}
<progress max="100" value="${exec.progress}"></progress> <span id="progress">${exec.progress} %</span></div>
${facts(state, run, now)}
<h2>Environment variables</h2>
${envKeys(run)}
<h2>Chain</h2>
${chain(state, run, now)}
<h2>Steps</h2>
${steps.html}`;
    return {
        title: `${run.pipeline.name} run ${run.id} · ${app.owner.username}/${app.name}`,
        body,
        ...(exec.phase !== 'finished' ? { refreshSeconds: REFRESH_SECONDS } : {}),
        ...(steps.selected ? { script: scrollScript(steps.selected) } : {}),
    };
}

;// CONCATENATED MODULE: ./src/emulator/pages/routes.ts





const OWNER = '/:owner(^(?!api$|_emulator$)[^/]+$)';
/**
 * What `respond` answers for the application in the path, for whoever may read it (with the headers the
 * access check set); a 404 or token page otherwise.
 */
function answer(state, request, reply, respond) {
    const redirect = tokenRedirect(state, request);
    if (redirect) {
        return reply
            .code(303)
            .header('location', redirect.location)
            .header('set-cookie', redirect.cookie)
            .header('cache-control', 'no-store')
            .header('referrer-policy', 'no-referrer')
            .send();
    }
    const { owner, application } = request.params;
    state.world.sync();
    const app = state.world.app(owner, application);
    if (!app)
        return sendPage(reply, notFoundPage(`There is no application ${owner}/${application}.`));
    const access = pageAccess(state, request, app);
    if (!access.allowed)
        return sendPage(reply, access.page);
    return respond(app, access.headers);
}
/** `answer` for a page: `render` gives it, sent with the access check's headers. */
function answerPage(state, request, reply, render) {
    return answer(state, request, reply, (app, headers) => {
        const page = render(app);
        return sendPage(reply, { ...page, headers: { ...page.headers, ...headers } });
    });
}
function queryString(request, name) {
    const value = request.query?.[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
}
/** The run the path names, when it is a run of that application's pipeline. */
function runIn(state, app, { pipeline, runId }) {
    const run = state.world.run(runId);
    return run?.app === app && run.pipeline.name === pipeline ? run : undefined;
}
function registerPageRoutes(app, state) {
    registerLoginRoute(app, state);
    app.get(`${OWNER}/:application`, async (request, reply) => answerPage(state, request, reply, (found) => appPage(state, found)));
    app.get(`${OWNER}/:application/runs/:pipeline/:runId`, async (request, reply) => answerPage(state, request, reply, (found) => {
        const { pipeline, runId } = request.params;
        const run = runIn(state, found, request.params);
        if (!run) {
            return notFoundPage(`There is no run ${runId} of pipeline ${pipeline} in ${found.owner.username}/${found.name}.`);
        }
        return runPage(state, run, queryString(request, 'step'));
    }));
    app.get(`${OWNER}/:application/runs/:pipeline/:runId/artifacts/:archive`, async (request, reply) => answer(state, request, reply, (found) => {
        const { runId, archive } = request.params;
        const run = runIn(state, found, request.params);
        const stepId = /^(.+)\.tar\.gz$/.exec(archive)?.[1];
        if (!run || stepId === undefined) {
            return sendPage(reply, notFoundPage(`There is no archive ${archive} of run ${runId}.`));
        }
        return serveStepArchive(state, request, reply, run, stepId);
    }));
}

;// CONCATENATED MODULE: ./src/emulator/request-log.ts
const DEFAULT_MAX_REQUESTS = 10_000;
const REDACTED = '[redacted]';
class RequestLog {
    #capacity;
    #entries = [];
    /** Index of the oldest entry once the buffer is full. */
    #start = 0;
    constructor(capacity = DEFAULT_MAX_REQUESTS) {
        if (!Number.isSafeInteger(capacity) || capacity < 1)
            throw new RangeError(`the request log needs room for at least 1 request, got ${capacity}`);
        this.#capacity = capacity;
    }
    add(entry) {
        if (this.#entries.length < this.#capacity) {
            this.#entries.push(entry);
        }
        else {
            this.#entries[this.#start] = entry;
            this.#start = (this.#start + 1) % this.#capacity;
        }
        return entry;
    }
    /** Oldest first. */
    list() {
        const ordered = [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
        return ordered.map((entry) => structuredClone(entry));
    }
    clear() {
        this.#entries = [];
        this.#start = 0;
    }
}
/** What the log keeps of one request body at most; a longer one is cut, and says so. */
const MAX_LOGGED_BODY_BYTES = 4096;
/**
 * A copy of a request body fit for the log: environment variables are secrets, so everything under
 * `envVars` but the keys, and the `value` of anything shaped like `{key, value}`, is replaced. A body
 * whose JSON is over 4 KiB is kept as the start of that JSON, with how long it was.
 */
function loggedBody(body) {
    const redacted = redact(body, false);
    const json = JSON.stringify(redacted) ?? '';
    const bytes = Buffer.byteLength(json);
    if (bytes <= MAX_LOGGED_BODY_BYTES)
        return redacted;
    const start = Buffer.from(json)
        .subarray(0, MAX_LOGGED_BODY_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
    return `${start}… [cut: ${bytes} bytes in all]`;
}
/** Query parameters that carry credentials, by name: their values never reach the log. */
const CREDENTIAL_PARAMETER = /token|secret|passw(?:or)?d|credential|signature|api[-_]?key|^(?:auth|authorization|key|sig|session|code)$/i;
/** The query as the log keeps it: credential-looking parameters (`token`, `access_token`, ...) redacted. */
function loggedQuery(query) {
    return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, CREDENTIAL_PARAMETER.test(name) ? REDACTED : value]));
}
function redact(value, secret) {
    if (Array.isArray(value))
        return value.map((item) => redact(item, secret));
    if (value !== null && typeof value === 'object') {
        const envVarShaped = 'key' in value && 'value' in value;
        return Object.fromEntries(Object.entries(value).map(([name, child]) => {
            if (secret && name === 'key' && typeof child === 'string')
                return [name, child];
            if (envVarShaped && name === 'value')
                return [name, REDACTED];
            return [name, redact(child, secret || name === 'envVars')];
        }));
    }
    return secret && value !== null ? REDACTED : value;
}

;// CONCATENATED MODULE: ./src/emulator/response-schemas.ts
// What each response holds, per context (list item, single object, trigger...), as valibot schemas:
// the serialiser (validation.ts) sends exactly these fields, in this order, and fails on a missing one.

/** `required` fields must be there, `optional` ones may be; anything else a view holds is not sent. */
function fields(required, optional) {
    const optionalEntries = Object.fromEntries(Object.entries(optional ?? {}).map(([key, schema]) => [key, dist/* optional */.lqM(schema)]));
    return dist/* object */.Ikc({ ...required, ...optionalEntries });
}
const response_schemas_str = dist/* string */.YjP();
const response_schemas_int = dist/* number */.aig();
const bool = dist/* boolean */.zMY();
const nullableInt = dist/* nullable */.mee(dist/* number */.aig());
const timestamp = dist/* string */.YjP();
const arrayOf = (item) => dist/* array */.YOg(item);
const userSchema = fields({
    // serviceEmployee in the spec shape, werckerEmployee in the real ones; no type in 2016; neither flag on
    // whoever pushed in 2017.
    meta: fields({ username: response_schemas_str }, { type: response_schemas_str, serviceEmployee: bool, werckerEmployee: bool }),
    userId: response_schemas_str,
    avatar: fields({ gravatar: response_schemas_str }),
    name: response_schemas_str,
    type: response_schemas_str,
});
const pipelineFields = {
    id: response_schemas_str,
    url: response_schemas_str,
    createdAt: timestamp,
    name: response_schemas_str,
    pipelineName: response_schemas_str,
    permissions: response_schemas_str,
    setScmProviderStatus: bool,
    type: response_schemas_str,
};
const pipelineSchema = fields(pipelineFields);
const envVarsSchema = dist/* array */.YOg(fields({ key: response_schemas_str, value: response_schemas_str }));
const runCommon = {
    id: response_schemas_str,
    url: response_schemas_str,
    branch: response_schemas_str,
    commitHash: response_schemas_str,
    createdAt: timestamp,
    message: response_schemas_str,
    progress: nullableInt,
    result: response_schemas_str,
    status: response_schemas_str,
    user: userSchema,
    pipeline: pipelineSchema,
};
const runTimes = { startedAt: timestamp, finishedAt: timestamp };
const runListItemSchema = fields(runCommon, { ...runTimes, tag: response_schemas_str });
const runSchema = fields({
    ...runCommon,
    envVars: envVarsSchema,
    commits: dist/* array */.YOg(fields({ _id: response_schemas_str, commit: response_schemas_str, message: response_schemas_str, by: response_schemas_str })),
    pullRequest: dist/* looseObject */._H3({}),
}, { ...runTimes, tag: response_schemas_str, sourceRun: runListItemSchema });
const runTriggerSchema = fields({ ...runCommon, envVars: envVarsSchema }, { tag: response_schemas_str });
const stepSchema = fields({
    id: response_schemas_str,
    url: response_schemas_str,
    artifactsUrl: dist/* nullable */.mee(response_schemas_str),
    createdAt: timestamp,
    logUrl: response_schemas_str,
    order: response_schemas_int,
    result: response_schemas_str,
    status: response_schemas_str,
}, { startedAt: timestamp, finishedAt: timestamp, step: response_schemas_str, displayName: response_schemas_str, phase: response_schemas_str });
const response_schemas_applicationCore = {
    id: response_schemas_str,
    url: response_schemas_str,
    name: response_schemas_str,
    owner: userSchema,
    createdAt: timestamp,
    privacy: response_schemas_str,
    stack: response_schemas_int,
};
const applicationListItemSchema = fields(response_schemas_applicationCore, { updatedAt: timestamp, theme: response_schemas_str });
const applicationEmbeddedSchema = fields(response_schemas_applicationCore, { updatedAt: timestamp });
const applicationInWorkflowSchema = fields({ ...response_schemas_applicationCore, updatedAt: timestamp }, { theme: response_schemas_str });
const applicationSchema = fields({
    ...response_schemas_applicationCore,
    builds: response_schemas_str,
    deploys: response_schemas_str,
    scm: fields({ repository: response_schemas_str, owner: response_schemas_str, type: response_schemas_str, domain: response_schemas_str }),
    ignoredBranches: dist/* array */.YOg(response_schemas_str),
    // Not in the 2016 shape.
    badgeKey: dist/* optional */.lqM(response_schemas_str),
    theme: dist/* optional */.lqM(response_schemas_str),
    allowedActions: dist/* optional */.lqM(dist/* array */.YOg(response_schemas_str)),
    settings: dist/* optional */.lqM(fields({ privacy: response_schemas_str, stack: response_schemas_int, ignoredBranches: dist/* array */.YOg(response_schemas_str) })),
    updatedAt: dist/* optional */.lqM(timestamp),
});
const buildCommon = {
    id: response_schemas_str,
    url: response_schemas_str,
    branch: response_schemas_str,
    createdAt: timestamp,
    message: response_schemas_str,
    progress: nullableInt,
    result: response_schemas_str,
    status: response_schemas_str,
};
const buildListItemSchema = fields(buildCommon, { ...runTimes, commitHash: response_schemas_str });
const buildSchema = fields({ ...buildCommon, commitHash: response_schemas_str, envVars: envVarsSchema, application: applicationEmbeddedSchema }, runTimes);
const buildTriggerSchema = fields({
    ...buildCommon,
    commitHash: response_schemas_str,
    envVars: envVarsSchema,
    application: applicationEmbeddedSchema,
});
const deployCommon = { id: response_schemas_str, url: response_schemas_str, progress: response_schemas_int, createdAt: timestamp, result: response_schemas_str, status: response_schemas_str };
const deployListItemSchema = fields(deployCommon);
const deploySchema = fields({
    ...deployCommon,
    build: fields({ ...buildCommon, commitHash: response_schemas_str }, runTimes),
    application: applicationEmbeddedSchema,
});
const pipelineWithApplicationSchema = fields({
    ...pipelineFields,
    application: applicationEmbeddedSchema,
});
const workflowItemSchema = fields({
    id: response_schemas_str,
    type: response_schemas_str,
    status: response_schemas_str,
    result: response_schemas_str,
    progress: response_schemas_int,
    updatedAt: timestamp,
    data: fields({ targetName: response_schemas_str, pipelineId: response_schemas_str, restricted: bool }, { runId: dist/* nullable */.mee(response_schemas_str), currentStep: response_schemas_int, totalSteps: response_schemas_int, stepName: response_schemas_str }),
}, { parentItem: response_schemas_str });
const workflowCommon = {
    id: response_schemas_str,
    url: response_schemas_str,
    createdAt: timestamp,
    updatedAt: timestamp,
    trigger: response_schemas_str,
    data: fields({ branch: response_schemas_str, message: response_schemas_str }, {
        commitHash: response_schemas_str,
        sourceRunId: response_schemas_str,
        scm: fields({ type: response_schemas_str, owner: response_schemas_str, domain: response_schemas_str, repository: response_schemas_str }),
    }),
    items: dist/* array */.YOg(workflowItemSchema),
    user: userSchema,
};
const workflowListItemSchema = fields(workflowCommon, { startedAt: timestamp });
const workflowSchema = fields({ ...workflowCommon, application: applicationInWorkflowSchema }, { startedAt: timestamp });

;// CONCATENATED MODULE: ./src/emulator/routes/paging.ts
// Sorting and paging shared by the list endpoints.
/** Sorts by creation time then id (ids grow with creation), newest first unless asked otherwise. */
function byCreation(items, createdAt, sort) {
    const sorted = [...items].sort((a, b) => createdAt(a) - createdAt(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return sort === 'creationDateAsc' ? sorted : sorted.reverse();
}
function page(items, skip, limit) {
    const start = skip ?? 0;
    return items.slice(start, start + limit);
}

;// CONCATENATED MODULE: ./src/emulator/routes/applications.ts







function findApp(state, params) {
    const app = state.world.app(params.username, params.application);
    if (!app)
        throw notFound(`Application ${params.username}/${params.application} not found`);
    return app;
}
const READ_ACTIONS = [
    'read_project',
    'list_builds',
    'read_build',
    'list_runs',
    'read_run',
    'list_runsteps',
    'read_runstep',
    'list_workflows',
    'follow_project',
    'unfollow_project',
];
const WRITE_ACTIONS = [
    'update_project',
    'build_project',
    'rebuild_build',
    'abort_build',
    'create_run',
    'abort_run',
    'read_env_var',
    'create_env_var',
    'update_env_var',
    'delete_env_var',
    'deploy_build',
    'abort_deploy',
];
/** What the viewer may do with the application, in the real service's words: members may also write. */
function allowedActions(member) {
    return member ? [...WRITE_ACTIONS, ...READ_ACTIONS] : [...READ_ACTIONS];
}
const APPLICATION_ORDER = {
    nameAsc: (a, b) => a.name.localeCompare(b.name),
    nameDesc: (a, b) => b.name.localeCompare(a.name),
    createdAtAsc: (a, b) => a.createdAt - b.createdAt,
    createdAtDesc: (a, b) => b.createdAt - a.createdAt,
    updatedAtAsc: (a, b) => a.updatedAt - b.updatedAt,
    updatedAtDesc: (a, b) => b.updatedAt - a.updatedAt,
};
function registerApplicationRoutes(app, state) {
    app.get('/api/v3/applications/:username', {
        schema: { querystring: applicationsQuery, response: { 200: arrayOf(applicationListItemSchema) } },
    }, async (request) => {
        const owner = state.world.user(request.params.username);
        if (!owner)
            throw notFound(`User ${request.params.username} not found`);
        const { stack, limit, skip, sort } = request.query;
        const order = APPLICATION_ORDER[sort] ?? APPLICATION_ORDER.nameAsc;
        const visible = state.world.apps
            .filter((candidate) => candidate.owner === owner && canRead(state, viewer(request), candidate))
            .filter((candidate) => stack === undefined || candidate.stack === stack)
            .sort((a, b) => order?.(a, b) || a.id.localeCompare(b.id));
        const ctx = viewContext(state, request);
        return page(visible, skip, limit).map((candidate) => applicationListView(ctx, candidate));
    });
    app.get('/api/v3/applications/:username/:application', { schema: { response: { 200: applicationSchema } } }, async (request) => {
        const found = findApp(state, request.params);
        requireRead(state, request, found);
        const actions = allowedActions(state.world.isMember(viewer(request), found));
        return applicationSingleView(viewContext(state, request), found, actions);
    });
    app.patch('/api/v3/applications/:username/:application', { schema: { body: patchApplicationBody, response: { 200: applicationSchema } } }, async (request) => {
        const found = findApp(state, request.params);
        requireWrite(state, request, found);
        state.world.setIgnoredBranches(found, request.body.ignoredBranches);
        // The recorded PATCH answer leaves allowedActions out.
        return applicationSingleView(viewContext(state, request), found, undefined);
    });
    registerHistoryRoutes(app, state);
}
/** The builds, deploys and pipelines of an application. */
function registerHistoryRoutes(app, state) {
    app.get('/api/v3/applications/:username/:application/builds', {
        schema: { querystring: buildsQuery, response: { 200: arrayOf(buildListItemSchema) } },
    }, async (request) => {
        const { branch, commit } = request.query;
        return listClassic(state, request, state.world.builds, buildListView, (build) => {
            if (branch !== undefined && build.branch !== branch)
                return false;
            return commit === undefined || build.commitHash === commit;
        });
    });
    app.get('/api/v3/applications/:username/:application/deploys', {
        schema: { querystring: deploysQuery, response: { 200: arrayOf(deployListItemSchema) } },
    }, async (request) => {
        const { buildId } = request.query;
        return listClassic(state, request, state.world.deploys, deployListView, (deploy) => buildId === undefined || deploy.build.id === buildId);
    });
    app.get('/api/v3/applications/:username/:application/pipelines', {
        schema: { querystring: pipelinesQuery, response: { 200: arrayOf(pipelineSchema) } },
    }, async (request) => {
        const found = findApp(state, request.params);
        requireRead(state, request, found);
        const ctx = viewContext(state, request);
        return page(found.pipelines, request.query.skip, request.query.limit).map((pipeline) => pipelineView(ctx, pipeline));
    });
}
/**
 * One page of the builds or deploys of the application in the path that pass `keep` and the state filters,
 * newest first unless sorted otherwise.
 */
function listClassic(state, request, records, view, keep) {
    const found = findApp(state, request.params);
    requireRead(state, request, found);
    const q = request.query;
    const ctx = viewContext(state, request);
    if (!hasClassicHistory(found, q.stack))
        return [];
    const matching = records.filter((record) => record.app === found && keep(record) && matchesState(state, ctx.now, record, q));
    return page(byCreation(matching, (record) => record.plan.createdAt, q.sort), q.skip, q.limit).map((record) => view(ctx, record));
}
/** Builds and deploys lists are empty for workflow-stack (6) applications, as on real servers. */
function hasClassicHistory(app, stack) {
    if (app.stack === 6)
        return false;
    return stack === undefined || stack === app.stack;
}
function matchesState(state, now, exec, q) {
    if (q.status === undefined && q.result === undefined)
        return true;
    const current = state.world.stateOf(exec, now);
    if (q.status !== undefined && classicStatusOf(current.phase) !== q.status)
        return false;
    return q.result === undefined || current.result === q.result;
}

;// CONCATENATED MODULE: ./src/emulator/routes/records.ts

/**
 * Registers `method` on the route: the record is found, its application checked with `allowed`,
 * then changed (when `change` is given) at the time of the request, and shown.
 */
function registerRecordRoute(app, state, method, route, allowed, change) {
    app.route({
        method,
        url: route.url,
        schema: { response: { 200: route.schema } },
        handler: async (request) => {
            // fastify's params type stays unresolved for a generic P; the route's own P is what it holds.
            const record = route.find(request.params);
            allowed(state, request, record.app);
            const ctx = viewContext(state, request);
            change?.(record, ctx.now);
            return route.view(ctx, record);
        },
    });
}
/** GET the record of the path, for whoever may read its application. */
function getRecord(app, state, route) {
    registerRecordRoute(app, state, 'GET', route, requireRead);
}

;// CONCATENATED MODULE: ./src/emulator/routes/executions.ts



/** The options every trigger takes; a commit without its branch is refused before anything is looked up. */
function triggerOptions(body) {
    if (body.commitHash !== undefined && body.branch === undefined)
        throw badRequest('commitHash requires branch');
    return {
        ...(body.branch !== undefined ? { branch: body.branch } : {}),
        ...(body.commitHash !== undefined ? { commitHash: body.commitHash } : {}),
        ...(body.message !== undefined ? { message: body.message } : {}),
        envVars: (body.envVars ?? []).map(({ key, value }) => ({ key, value })),
    };
}
/** PUT the route: aborts the run or build of the path, for a caller who may write to its application. */
function abortRecord(app, state, route) {
    registerRecordRoute(app, state, 'PUT', route, requireWrite, (exec, now) => abortRunning(state, exec, now));
}
/** Aborts a running run or build at `now`; one still queued or already finished is refused. */
function abortRunning(state, exec, now) {
    const noun = exec.kind === 'run' ? 'Run' : 'Build';
    const phase = state.world.stateOf(exec, now).phase;
    if (phase === 'queued')
        throw badRequest(`${noun} ${exec.id} has not started yet and cannot be aborted`);
    if (phase === 'finished')
        throw badRequest(`${noun} ${exec.id} is already finished`);
    state.world.abort(exec, now);
}

;// CONCATENATED MODULE: ./src/emulator/routes/builds.ts







function registerBuildRoutes(app, state) {
    const findBuild = ({ buildId }) => found(state.world.build(buildId), `Build ${buildId}`);
    getRecord(app, state, {
        url: '/api/v3/builds/:buildId',
        schema: buildSchema,
        find: findBuild,
        view: (ctx, build) => buildView(ctx, build, 'single'),
    });
    app.post('/api/v3/builds', { schema: { body: buildTriggerBody, response: { 200: buildTriggerSchema } } }, async (request) => {
        const body = request.body;
        const options = triggerOptions(body);
        const application = found(state.world.appById(body.applicationId), `Application ${body.applicationId}`);
        requireWrite(state, request, application);
        const build = state.world.triggerBuild({
            app: application,
            user: requireViewer(request),
            ...options,
        });
        return buildView(viewContext(state, request), build, 'trigger');
    });
    abortRecord(app, state, {
        url: '/api/v3/builds/:buildId/abort',
        schema: buildSchema,
        find: findBuild,
        view: (ctx, build) => buildView(ctx, build, 'abort'),
    });
    getRecord(app, state, {
        url: '/api/v3/deploys/:deployId',
        schema: deploySchema,
        find: ({ deployId }) => found(state.world.deploy(deployId), `Deploy ${deployId}`),
        view: deployView,
    });
}

;// CONCATENATED MODULE: ./src/emulator/routes/pipelines.ts




function registerPipelineRoutes(app, state) {
    getRecord(app, state, {
        url: '/api/v3/pipelines/:pipelineId',
        schema: pipelineWithApplicationSchema,
        find: ({ pipelineId }) => found(state.world.pipelines.get(pipelineId), `Pipeline ${pipelineId}`),
        view: pipelineSingleView,
    });
}

;// CONCATENATED MODULE: ./src/emulator/routes/runs.ts









function findRun(state, id) {
    return found(state.world.run(id), `Run ${id}`);
}
/** Whether `run` passes the filters of GET /runs other than its application or pipeline. */
function matchesFilters(ctx, run, q) {
    if (q.branch !== undefined && run.branch !== q.branch)
        return false;
    if (q.tag !== undefined && run.tag !== q.tag)
        return false;
    if (q.commit !== undefined && run.commitHash !== q.commit)
        return false;
    if (q.sourceRun !== undefined && run.sourceRun?.id !== q.sourceRun)
        return false;
    if (q.author !== undefined && run.user.username.toLowerCase() !== q.author.toLowerCase())
        return false;
    if (q.status === undefined && q.result === undefined)
        return true;
    const runState = ctx.world.stateOf(run, ctx.now);
    if (q.status !== undefined && statusOf(runState.phase, ctx.quirks) !== q.status)
        return false;
    return q.result === undefined || runState.result === q.result;
}
/**
 * The body without the keys POST /runs does not know: real clients sent `sourceRun` (the PHP SDK) and
 * `targetId` (an early werckerclient), which the real endpoint most likely ignored.
 */
function knownKeysOnly(body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        return body;
    return Object.fromEntries(Object.entries(body).filter(([key]) => RUN_TRIGGER_KEYS.includes(key)));
}
/** Triggers the run a POST /runs asks for, once the pipeline, the source run and the caller are checked. */
function trigger(state, request) {
    const body = request.body;
    const options = triggerOptions(body);
    const pipeline = found(state.world.pipelines.get(body.pipelineId), `Pipeline ${body.pipelineId}`);
    requireWrite(state, request, pipeline.app);
    const sourceRun = body.sourceRunId !== undefined ? state.world.run(body.sourceRunId) : undefined;
    if (body.sourceRunId !== undefined) {
        if (!sourceRun)
            throw notFound(`Source run ${body.sourceRunId} not found`);
        requireRead(state, request, sourceRun.app);
    }
    return state.world.triggerRun({
        pipeline,
        user: requireViewer(request),
        ...options,
        ...(body.tag !== undefined ? { tag: body.tag } : {}),
        ...(sourceRun ? { sourceRun } : {}),
    });
}
function registerRunRoutes(app, state) {
    app.get('/api/v3/runs', { schema: { querystring: runsQuery, response: { 200: arrayOf(runListItemSchema) } } }, async (request) => {
        const q = request.query;
        if (q.applicationId === undefined && q.pipelineId === undefined) {
            throw badRequest('applicationId or pipelineId is required');
        }
        const { world } = state;
        const application = q.applicationId !== undefined ? world.appById(q.applicationId) : undefined;
        if (q.applicationId !== undefined && !application)
            throw notFound(`Application ${q.applicationId} not found`);
        const pipeline = q.pipelineId !== undefined ? world.pipelines.get(q.pipelineId) : undefined;
        if (q.pipelineId !== undefined && !pipeline)
            throw notFound(`Pipeline ${q.pipelineId} not found`);
        if (application)
            requireRead(state, request, application);
        if (pipeline)
            requireRead(state, request, pipeline.app);
        const ctx = viewContext(state, request);
        const matching = world.runs.filter((run) => {
            if (application && run.app !== application)
                return false;
            if (pipeline && run.pipeline !== pipeline)
                return false;
            return matchesFilters(ctx, run, q);
        });
        const limit = q.limit ?? (state.quirks.runsDefaultLimit10 ? 10 : 20);
        const sorted = byCreation(matching, (run) => run.plan.createdAt, q.sort);
        return page(sorted, q.skip, limit).map((run) => runView(ctx, run, 'list'));
    });
    const find = ({ runId }) => findRun(state, runId);
    getRecord(app, state, {
        url: '/api/v3/runs/:runId',
        schema: runSchema,
        find,
        view: (ctx, run) => runView(ctx, run, 'single'),
    });
    app.post('/api/v3/runs', {
        schema: { body: runTriggerBody, response: { 200: runTriggerSchema } },
        preValidation: async (request) => {
            if (state.quirks.lenientTriggerBody)
                request.body = knownKeysOnly(request.body);
        },
    }, async (request, reply) => {
        const run = trigger(state, request);
        const ctx = viewContext(state, request);
        if (state.quirks.goTriggerResponse) {
            // Sent as bytes: fastify then neither serialises nor adds a charset, as the Go backend did not.
            return reply
                .header('content-type', 'application/json')
                .header('x-wercker-trace-id', digest(`trace:${run.id}`, 16))
                .send(Buffer.from(JSON.stringify(goTriggerRunView(ctx, run))));
        }
        return runView(ctx, run, 'trigger');
    });
    abortRecord(app, state, {
        url: '/api/v3/runs/:runId/abort',
        schema: runSchema,
        find,
        view: (ctx, run) => runView(ctx, run, 'abort'),
    });
}

;// CONCATENATED MODULE: ./src/emulator/routes/steps.ts








/**
 * A step of a run that has started, whether the step itself has started or not: its run lists every
 * step from then on, and each one's `url` and `logUrl` answer. A queued run lists none, so its steps are 404.
 */
function findStep(state, ctx, id) {
    const ref = state.world.step(id);
    if (ref?.owner.kind === 'run') {
        const exec = state.world.stateOf(ref.owner, ctx.now);
        if (exec.phase !== 'queued') {
            const started = exec.steps.find((candidate) => candidate.step.id === id);
            return { run: ref.owner, step: ref.step, state: started };
        }
    }
    throw notFound(`Step ${id} not found`);
}
function registerStepRoutes(app, state) {
    app.get('/api/v3/runs/:runId/steps', {
        schema: { response: { 200: arrayOf(stepSchema) } },
    }, async (request) => {
        const run = findRun(state, request.params.runId);
        requireRead(state, request, run.app);
        const ctx = viewContext(state, request);
        const exec = state.world.stateOf(run, ctx.now);
        if (exec.phase === 'queued')
            return [];
        const started = exec.steps.map((step) => stepView(ctx, run, step));
        const pending = run.plan.steps.slice(exec.steps.length).map((step) => pendingStepView(ctx, run, step));
        return [...started, ...pending];
    });
    app.get('/api/v3/runsteps/:stepId', { schema: { response: { 200: stepSchema } } }, async (request) => {
        const ctx = viewContext(state, request);
        const found = findStep(state, ctx, request.params.stepId);
        requireRead(state, request, found.run.app);
        return found.state
            ? stepView(ctx, found.run, found.state)
            : pendingStepView(ctx, found.run, found.step);
    });
    app.get('/api/v3/runsteps/:stepId/log', async (request, reply) => {
        const ctx = viewContext(state, request);
        const found = findStep(state, ctx, request.params.stepId);
        requireRead(state, request, found.run.app);
        if (state.quirks.logsWhenFinished && !found.state?.finished) {
            // What a server that stores a log only once its step has ended answers before then.
            throw notFound(`Step ${found.step.id} has no log yet: its log is kept once the step has finished`);
        }
        const log = stepLog({ step: found.step, state: found.state, now: ctx.now, plan: found.run.plan });
        return sendLog(request, reply, log, !state.quirks.ignoreRange);
    });
}
/** The log as far as it has been written, or the part of it a `Range: bytes=N-` asks for. */
function sendLog(request, reply, log, honourRange) {
    const stream = (start, end) => external_node_stream_.Readable.from(log.bytes(start, end), { objectMode: false });
    void reply.type('text/plain; charset=utf-8');
    if (!honourRange)
        return reply.send(stream());
    void reply.header('accept-ranges', 'bytes');
    const range = rangeOf(request.headers.range, log.byteLength);
    if (range.kind === 'whole')
        return reply.send(stream());
    if (range.kind === 'unsatisfiable') {
        return reply
            .code(416)
            .header('content-range', `bytes */${log.byteLength}`)
            .type('application/json; charset=utf-8')
            .send(boom(416, `The log has ${log.byteLength} bytes so far`));
    }
    return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end - 1}/${log.byteLength}`)
        .send(stream(range.start, range.end));
}

;// CONCATENATED MODULE: ./src/emulator/routes/workflows.ts







function registerWorkflowRoutes(app, state) {
    app.get('/api/v3/workflows', { schema: { querystring: workflowsQuery, response: { 200: arrayOf(workflowListItemSchema) } } }, async (request) => {
        const { applicationId, limit, skip, sort } = request.query;
        const application = found(state.world.appById(applicationId), `Application ${applicationId}`);
        requireRead(state, request, application);
        const ctx = viewContext(state, request);
        const workflows = state.world.workflows.filter((workflow) => workflow.app === application);
        return page(byCreation(workflows, (workflow) => workflow.createdAt, sort), skip, limit).map((workflow) => workflowView(ctx, workflow, false));
    });
    getRecord(app, state, {
        url: '/api/v3/workflows/:workflowId',
        schema: workflowSchema,
        find: ({ workflowId }) => found(state.world.workflow(workflowId), `Workflow ${workflowId}`),
        view: (ctx, workflow) => workflowView(ctx, workflow, true),
    });
}

;// CONCATENATED MODULE: ./src/emulator/validation.ts


const validatorCompiler = ({ schema, httpPart }) => {
    return (data) => {
        const parsed = dist/* safeParse */.xLC(schema, data, { abortEarly: false });
        if (parsed.success)
            return { value: parsed.output };
        return { error: validationError(parsed.issues, httpPart ?? 'value') };
    };
};
/** A view that misses a field of its schema is a bug: the serialiser throws, and the answer is a 500. */
const serializerCompiler = ({ schema }) => (data) => JSON.stringify(dist/* parse */.qgA(schema, data));
function validationError(issues, context) {
    const detail = detailOf(firstIssue(issues), context);
    return badRequest(detail.message, [detail]);
}
/** How an issue sits in its object: a missing key, an unknown key, or a problem of a value. */
function rankAt(issue, level) {
    const item = issue.path?.[level];
    if (!item || level < (issue.path?.length ?? 0) - 1 || item.origin !== 'key')
        return 2;
    return issue.expected === 'never' ? 1 : 0;
}
/**
 * The issue reported, as a depth-first check reports it: at each object, missing keys first, then
 * unknown keys, then the values in the schema's order (which is valibot's order of issues).
 */
function firstIssue(issues) {
    const before = (a, b) => {
        const depth = Math.min(a.path?.length ?? 0, b.path?.length ?? 0);
        for (let level = 0; level < depth; level++) {
            const rankA = rankAt(a, level);
            const rankB = rankAt(b, level);
            if (rankA !== rankB)
                return rankA < rankB;
            if (a.path?.[level]?.key !== b.path?.[level]?.key)
                return false;
        }
        return (a.path?.length ?? 0) < (b.path?.length ?? 0);
    };
    return issues.reduce((first, issue) => (before(issue, first) ? issue : first));
}
function detailOf(issue, context) {
    const segments = (issue.path ?? []).map((item) => String(item.key));
    const path = segments.join('.') || context;
    const key = segments[segments.length - 1] ?? context;
    const label = segments.reduce((text, segment) => /^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment, '');
    const described = describe(issue, label || key);
    return { message: described.message, path, type: described.type, context: { key, ...described.context } };
}
function describe(issue, label) {
    const limit = issue.requirement;
    const sized = (kind, text) => ({
        message: `${label} ${text}`,
        type: `${kind}.${issue.type.startsWith('min') ? 'min' : 'max'}`,
        context: { limit },
    });
    switch (issue.type) {
        case 'picklist':
            return {
                message: `${label} must be one of ${issue.message}`,
                type: 'any.allowOnly',
                context: { valids: issue.message },
            };
        case 'strict_object':
        case 'loose_object':
            if (issue.expected === 'never')
                return { message: `${label} is not allowed`, type: 'object.allowUnknown' };
            return { message: `${label} is required`, type: 'any.required' };
        case 'min_value':
            return sized('number', `must be larger than or equal to ${String(limit)}`);
        case 'max_value':
            return sized('number', `must be less than or equal to ${String(limit)}`);
        case 'max_length':
            if (Array.isArray(issue.input))
                return sized('array', `must contain less than or equal to ${String(limit)} items`);
            return sized('string', `length must be less than or equal to ${String(limit)} characters long`);
        case 'min_length':
            if (limit === 1)
                return { message: `${label} is not allowed to be empty`, type: 'any.empty' };
            return sized('string', `length must be at least ${String(limit)} characters long`);
        case 'custom':
            return typeIssue(label, issue.message);
        default:
            return typeIssue(label, issue.type);
    }
}
function typeIssue(label, type) {
    const article = /^[aeiou]/.test(type) ? 'an' : 'a';
    return { message: `${label} must be ${article} ${type}`, type: `${type}.base` };
}

;// CONCATENATED MODULE: ./src/emulator/server.ts
// The fastify application: the Host check, hooks for the request log, faults and authentication,
// Boom-shaped errors, and the route modules.




















const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
function buildServer(state, options) {
    const app = fastify_default()({
        logger: options.logger,
        routerOptions: { ignoreTrailingSlash: true },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    acceptEmptyJson(app);
    refuseForeignHosts(app, hostCheck(options.hosts));
    requireControlToken(app, options.controlToken);
    registerApiHooks(app, state);
    registerErrorHandlers(app);
    registerRunRoutes(app, state);
    registerStepRoutes(app, state);
    registerArtifactRoutes(app, state);
    registerApplicationRoutes(app, state);
    registerBuildRoutes(app, state);
    registerWorkflowRoutes(app, state);
    registerPipelineRoutes(app, state);
    registerControlRoutes(app, state);
    registerPageRoutes(app, state);
    return app;
}
/** Clients sent `{}`, nothing, or an empty body with a JSON content type to abort; all are fine. */
function acceptEmptyJson(app) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        const text = String(body);
        if (text.trim() === '') {
            done(null, undefined);
            return;
        }
        try {
            done(null, JSON.parse(text));
        }
        catch {
            done(new ApiError(400, 'Invalid request payload JSON format'), undefined);
        }
    });
}
/** Registered before every other hook, so that a refused request is neither logged nor faulted. */
function refuseForeignHosts(app, served) {
    app.addHook('onRequest', async (request, reply) => {
        const host = request.headers.host;
        if (served(host))
            return;
        const shown = host === undefined ? 'no Host header' : `host ${JSON.stringify(host)}`;
        return reply.code(421).send(boom(421, `This emulator does not serve ${shown}`));
    });
}
function registerApiHooks(app, state) {
    // The fault is taken (and its delay served) on arrival; it answers once the body has been read,
    // so that the request log holds the body of a request that got a fault. A body is logged only when
    // the request carries a known token: nobody else can fill the log with what they send.
    app.addHook('onRequest', async (request) => {
        if (!isApiPath(request))
            return;
        const info = requestInfo(request);
        info.log = state.log.add({
            at: Date.now(),
            method: request.method,
            path: pathOf(request),
            ...(request.routeOptions.url !== undefined ? { route: request.routeOptions.url } : {}),
            query: loggedQuery(stringQuery(request.query)),
            hasAuthorization: request.headers.authorization !== undefined,
        });
        state.stats.request(request.method, request.routeOptions.url);
        const fault = state.faults.take(request.method, pathOf(request), request.routeOptions.url);
        if (!fault)
            return;
        state.stats.fault(fault);
        if (fault.delayMs !== undefined && fault.delayMs > 0)
            await (0,external_node_timers_promises_.setTimeout)(fault.delayMs);
        if (fault.holdMs !== undefined && fault.holdMs > 0)
            info.holdMs = fault.holdMs;
        if (fault.dropAfterBytes !== undefined) {
            info.failResponse = { dropAfterBytes: fault.dropAfterBytes };
        }
        else if (fault.afterApply) {
            info.failResponse = {
                ...(fault.status !== undefined ? { status: fault.status } : {}),
                ...(fault.retryAfter !== undefined ? { retryAfter: fault.retryAfter } : {}),
            };
        }
        else if (fault.destroySocket || fault.status !== undefined) {
            info.failRequest = fault;
        }
    });
    app.addHook('preValidation', async (request, reply) => {
        const info = requestInfo(request);
        if (!info.log)
            return;
        if (request.body !== undefined && knownViewer(state, request))
            info.log.body = loggedBody(request.body);
        const fault = info.failRequest;
        if (fault?.destroySocket) {
            destroy(request, reply);
            return reply;
        }
        if (fault?.status !== undefined) {
            if (fault.retryAfter !== undefined)
                void reply.header('retry-after', fault.retryAfter);
            return reply.code(fault.status).send(boom(fault.status, 'Injected fault'));
        }
        state.world.sync();
        info.viewer = authenticate(state, request);
        if (!info.viewer && WRITE_METHODS.has(request.method) && request.routeOptions.url !== undefined) {
            throw authenticationRequired();
        }
    });
    app.addHook('onSend', async (request, reply, payload) => {
        const { holdMs } = requestInfo(request);
        if (holdMs !== undefined)
            await (0,external_node_timers_promises_.setTimeout)(holdMs);
        const failure = requestInfo(request).failResponse;
        if (!failure)
            return payload;
        if (failure.dropAfterBytes !== undefined) {
            requestInfo(request).destroyed = true;
            void reply.removeHeader('content-length');
            return cutShort(payload, failure.dropAfterBytes, request.raw.socket);
        }
        if (failure.status === undefined) {
            destroy(request, reply);
            return payload;
        }
        if (failure.retryAfter !== undefined)
            void reply.header('retry-after', failure.retryAfter);
        void reply.code(failure.status).header('content-type', 'application/json; charset=utf-8');
        return JSON.stringify(boom(failure.status, 'Injected fault'));
    });
    app.addHook('onResponse', async (request, reply) => {
        const info = requestInfo(request);
        if (info.log && !info.destroyed)
            info.log.status = reply.statusCode;
    });
}
function registerErrorHandlers(app) {
    app.setErrorHandler((error, request, reply) => {
        const failure = toApiError(error);
        if (failure.statusCode >= 500)
            request.log.error(error);
        const body = boom(failure.statusCode, failure.message, failure.details);
        return reply.code(failure.statusCode).send(body);
    });
    app.setNotFoundHandler((request, reply) => reply.code(404).send(boom(404, `Not Found: ${request.method} ${pathOf(request)}`)));
}
function toApiError(error) {
    if (error instanceof ApiError)
        return error;
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    return new ApiError(status, status === 500 ? 'An internal server error occurred' : error.message);
}
function destroy(request, reply) {
    requestInfo(request).destroyed = true;
    if (!reply.sent)
        reply.hijack();
    request.raw.socket.destroy();
}
/** The API and the archives on storage: what is logged, counted and faulted. */
function isApiPath(request) {
    const path = pathOf(request);
    return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${STORAGE_PREFIX}/`);
}
function stringQuery(query) {
    const out = {};
    if (query && typeof query === 'object') {
        for (const [key, value] of Object.entries(query))
            out[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
    return out;
}
/** The body's first `bytes` bytes, then the connection dropped: an answer lost halfway. */
function cutShort(payload, bytes, socket) {
    async function* parts() {
        let sent = 0;
        const source = payload instanceof external_node_stream_.Readable ? payload : [payload ?? ''];
        for await (const chunk of source) {
            const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
            const take = buffer.subarray(0, Math.max(0, bytes - sent));
            sent += take.length;
            if (take.length > 0)
                yield take;
            if (sent >= bytes)
                break;
        }
        // Let the bytes reach the wire before the connection goes.
        await (0,external_node_timers_promises_.setTimeout)(20);
        socket.destroy();
    }
    return external_node_stream_.Readable.from(parts(), { objectMode: false });
}

;// CONCATENATED MODULE: ./src/emulator/artifacts/storage-server.ts
// The storage origin: a second listener, on another port, that serves nothing but signed archive URLs, as
// the object store of a real service did. A request that carries an API token (an Authorization header or
// `?token=`) is refused with 400, as object stores refuse two kinds of credentials at once: a client that
// sends its token to another origin fails here, visibly.





function buildStorageServer(state, hosts) {
    const app = fastify_default()({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    refuseForeignHosts(app, hostCheck(hosts));
    // Before the API hooks, which would take the token for a user's.
    app.addHook('preValidation', async (request) => {
        const query = request.query;
        if (request.headers.authorization !== undefined || query?.token !== undefined) {
            throw new ApiError(400, 'Storage takes a signed URL only: this request also carries a token');
        }
    });
    registerApiHooks(app, state);
    registerErrorHandlers(app);
    registerStorageRoute(app, state);
    return app;
}

;// CONCATENATED MODULE: ./src/emulator/served-stats.ts
/** A request that matched no route is counted under this name instead of its path. */
const UNMATCHED_ROUTE = '(no route)';
class ServedStats {
    #since = Date.now();
    #loadedRuns;
    #requests = new Map();
    #faults = new Map();
    #requestTotal = 0;
    #faultTotal = 0;
    /** `world` as loaded: its runs are the past, not something served. */
    constructor(world) {
        world.sync();
        this.#loadedRuns = new Set(world.runs.map((run) => run.id));
    }
    request(method, route) {
        this.#requestTotal += 1;
        const item = { method: method.toUpperCase(), route: route ?? UNMATCHED_ROUTE };
        bump(this.#requests, `${item.method} ${item.route}`, item);
    }
    fault(spec) {
        this.#faultTotal += 1;
        const method = spec.method?.toUpperCase();
        bump(this.#faults, `${method ?? '*'} ${spec.route}`, {
            ...(method !== undefined ? { method } : {}),
            route: spec.route,
        });
    }
    /** Whether a run was created after the world was loaded. */
    isNew(runId) {
        return !this.#loadedRuns.has(runId);
    }
    counts() {
        return {
            since: new Date(this.#since).toISOString(),
            requests: { total: this.#requestTotal, byEndpoint: sorted(this.#requests) },
            faults: { injected: this.#faultTotal, byRoute: sorted(this.#faults) },
        };
    }
}
function bump(map, key, item) {
    const found = map.get(key);
    if (found)
        found.count += 1;
    else
        map.set(key, { item, count: 1 });
}
/** Most requested first; ties in the order first seen. */
function sorted(map) {
    return [...map.values()].sort((a, b) => b.count - a.count).map(({ item, count }) => ({ ...item, count }));
}

;// CONCATENATED MODULE: ./src/emulator/outcome-switches.ts
// Outcome switches: envVars of a trigger whose key starts with EMULATOR_ steer the run or build.


const MAX_GENERATED_STEPS = 10_000;
/** As the world file's generated files: 4 GiB. */
const MAX_GENERATED_ARTIFACT_BYTES = 4 * 1024 ** 3;
/** Lines are counted, never held: a billion is a log of some tens of gigabytes. */
const MAX_LOG_LINES = 1_000_000_000;
function wholeNumber(key, min, max) {
    const message = `${key} must be a whole number from ${min} to ${max}`;
    return dist/* pipe */.FsL(dist/* string */.YjP(), dist/* trim */.Bqr(), dist/* regex */.yGV(/^\d+$/, message), dist/* transform */.pdi(Number), dist/* safeInteger */.Y2b(message), dist/* minValue */.Wwf(min, message), dist/* maxValue */.cGV(max, message));
}
const stepNamesMessage = `EMULATOR_STEP_NAMES must list 1 to ${MAX_GENERATED_STEPS} comma-separated names`;
/** Each switch: its variable, and how its value is read (a refused value is a 400 with the message). */
const SWITCHES = {
    result: ['EMULATOR_RESULT', dist/* picklist */.KIO(['passed', 'failed'], 'EMULATOR_RESULT must be passed or failed')],
    failStep: ['EMULATOR_FAIL_STEP', dist/* string */.YjP()],
    failedSteps: ['EMULATOR_FAILED_STEPS', wholeNumber('EMULATOR_FAILED_STEPS', 1, MAX_GENERATED_STEPS)],
    stepMs: ['EMULATOR_STEP_MS', wholeNumber('EMULATOR_STEP_MS', 0, 86_400_000)],
    queueMs: ['EMULATOR_QUEUE_MS', wholeNumber('EMULATOR_QUEUE_MS', 0, 86_400_000)],
    steps: ['EMULATOR_STEPS', wholeNumber('EMULATOR_STEPS', 1, MAX_GENERATED_STEPS)],
    stepNames: [
        'EMULATOR_STEP_NAMES',
        dist/* pipe */.FsL(dist/* string */.YjP(), dist/* transform */.pdi((value) => value.split(',').filter((name) => name !== '')), dist/* minLength */.BpQ(1, stepNamesMessage), dist/* maxLength */.Ru6(MAX_GENERATED_STEPS, stepNamesMessage)),
    ],
    logBytes: ['EMULATOR_LOG_BYTES', wholeNumber('EMULATOR_LOG_BYTES', 0, Number.MAX_SAFE_INTEGER)],
    logLines: ['EMULATOR_LOG_LINES', wholeNumber('EMULATOR_LOG_LINES', 0, MAX_LOG_LINES)],
    failTimes: ['EMULATOR_FAIL_TIMES', wholeNumber('EMULATOR_FAIL_TIMES', 0, 1000)],
    artifactBytes: [
        'EMULATOR_ARTIFACT_BYTES',
        wholeNumber('EMULATOR_ARTIFACT_BYTES', 2, MAX_GENERATED_ARTIFACT_BYTES),
    ],
};
const BY_VARIABLE = new Map(Object.entries(SWITCHES).map(([name, [variable, schema]]) => [variable, { name, schema }]));
/** The switches after it, up to the next one, steer only the runs of the pipeline it names. */
const FOR_PIPELINE = 'EMULATOR_FOR_PIPELINE';
/**
 * Reads the EMULATOR_* variables (a later entry overrides an earlier one); a bad value is a 400, whichever
 * pipeline it is for. `pipeline` is the name of the run's pipeline; a build or deploy has none, so the
 * switches after a non-empty EMULATOR_FOR_PIPELINE do not steer it.
 */
function readOutcomeSwitches(envVars, pipeline) {
    const switches = {};
    let scope = '';
    for (const { key, value } of envVars) {
        if (key === FOR_PIPELINE) {
            scope = value;
            continue;
        }
        const known = BY_VARIABLE.get(key);
        if (!known)
            continue;
        const parsed = dist/* safeParse */.xLC(known.schema, value);
        if (!parsed.success)
            throw badRequest(parsed.issues[0].message);
        if (scope === '' || scope === pipeline)
            switches[known.name] = parsed.output;
    }
    return switches;
}
/**
 * EMULATOR_FAIL_TIMES, a flaky run: while fewer than that many runs with the same envVars came before
 * it, it fails (at EMULATOR_FAIL_STEP, or as EMULATOR_RESULT=failed would); after them, it passes.
 */
function flaky(switches, earlier) {
    if (switches.failTimes === undefined)
        return switches;
    const { failStep, result: _result, ...rest } = switches;
    if (earlier >= switches.failTimes)
        return { ...rest, result: 'passed' };
    return failStep !== undefined ? { ...rest, failStep } : { ...rest, result: 'failed' };
}
/** Whether two lists of envVars are the same, in the same order. */
function sameEnvVars(a, b) {
    return (a.length === b.length && a.every((entry, i) => entry.key === b[i]?.key && entry.value === b[i]?.value));
}

;// CONCATENATED MODULE: ./src/emulator/timeline.ts
/**
 * The four recorded runs started 23–98 ms after their trigger; the one of the recorded trigger-then-abort
 * sequence 30 ms after, so that an abort sent soon after the trigger finds the run started, as it did.
 */
const DEFAULT_QUEUE_MS = 30;
const DEFAULT_STEP_MS = 1500;
function makePlan({ createdAt, queueMs, script, switches, nextId }) {
    const source = stepsFromSwitches(script, switches);
    const failIndex = chooseFailingStep(source, switches);
    const failingFrom = switches.failedSteps === undefined ? Infinity : source.length - switches.failedSteps;
    const startAt = createdAt + (switches.queueMs ?? queueMs);
    let cursor = startAt;
    const steps = source.map((step, index) => {
        const ms = switches.stepMs ?? step.ms ?? DEFAULT_STEP_MS;
        const planned = {
            id: nextId(),
            order: index + 1,
            name: step.name,
            startAt: cursor,
            endAt: cursor + ms,
            fails: index === failIndex || index >= failingFrom,
            ...storesOf(switches.artifactBytes !== undefined ? generatedStore(step, switches.artifactBytes) : step),
            ...(step.logLines !== undefined ? { logLines: step.logLines } : {}),
            ...(step.logBytes !== undefined ? { logBytes: step.logBytes } : {}),
        };
        cursor += ms;
        return planned;
    });
    const lastRun = failIndex >= 0 ? steps[failIndex] : steps[steps.length - 1];
    return {
        createdAt,
        startAt,
        steps,
        failIndex,
        endAt: lastRun?.endAt ?? startAt,
        ...(switches.logBytes !== undefined ? { logBytes: switches.logBytes } : {}),
        ...(switches.logLines !== undefined ? { logLines: switches.logLines } : {}),
    };
}
function storesOf(step) {
    const files = step.artifacts === true ? 'default' : step.artifacts || [];
    if (files !== 'default' && files.length === 0 && !step.testReport)
        return { artifacts: false };
    return { artifacts: true, stores: { files, ...(step.testReport ? { testReport: step.testReport } : {}) } };
}
/**
 * EMULATOR_ARTIFACT_BYTES: the step stores two generated files (one in a folder) of `bytes` in all, so that
 * a run of generated steps has archives of a chosen size that do not compress.
 */
function generatedStore(step, bytes) {
    const first = Math.floor(bytes / 2);
    return {
        ...step,
        artifacts: [
            { path: 'part-1.bin', bytes: first },
            { path: 'nested/part-2.bin', bytes: bytes - first },
        ],
    };
}
function stepsFromSwitches(script, switches) {
    if (switches.stepNames)
        return switches.stepNames.map((name) => ({ name }));
    if (switches.steps !== undefined)
        return Array.from({ length: switches.steps }, (_, i) => ({ name: `step ${i + 1}` }));
    if (script.length > 0)
        return script;
    return [{ name: 'get code' }, { name: 'setup environment' }, { name: 'build' }];
}
/**
 * EMULATOR_FAILED_STEPS wins (the run goes on to its last step), then EMULATOR_FAIL_STEP, then
 * EMULATOR_RESULT, then the script's own failing step.
 */
function chooseFailingStep(steps, switches) {
    if (switches.failedSteps !== undefined)
        return steps.length - 1;
    if (switches.failStep !== undefined)
        return steps.findIndex((step) => step.name === switches.failStep);
    const scripted = steps.findIndex((step) => step.fails === true);
    if (switches.result === 'passed')
        return -1;
    if (switches.result === 'failed')
        return scripted >= 0 ? scripted : steps.length - 1;
    return scripted;
}
function stateAt(plan, abortedAt, t) {
    const cutoff = abortedAt !== undefined && abortedAt <= t ? abortedAt : Number.POSITIVE_INFINITY;
    const aborted = cutoff !== Number.POSITIVE_INFINITY;
    if (t < plan.startAt && !aborted) {
        return { phase: 'queued', result: 'unknown', progress: 0, steps: [], changedAt: plan.createdAt };
    }
    const lastIndex = plan.failIndex >= 0 ? plan.failIndex : plan.steps.length - 1;
    const steps = [];
    let passed = 0;
    let changedAt = plan.startAt;
    for (const step of plan.steps.slice(0, lastIndex + 1)) {
        if (step.startAt > t || step.startAt > cutoff)
            break;
        changedAt = Math.max(changedAt, step.startAt);
        if (step.endAt <= t && step.endAt <= cutoff) {
            steps.push({ step, finished: true, result: step.fails ? 'failed' : 'passed', finishedAt: step.endAt });
            changedAt = Math.max(changedAt, step.endAt);
            if (!step.fails)
                passed++;
        }
        else if (aborted) {
            steps.push({ step, finished: true, result: 'aborted', finishedAt: cutoff });
        }
        else {
            steps.push({ step, finished: false, result: 'unknown' });
        }
    }
    const total = plan.steps.length;
    const progress = total === 0 ? 100 : Math.round((100 * passed) / total);
    const endAt = Math.min(plan.endAt, cutoff);
    if (t >= endAt) {
        const result = endAt === cutoff && cutoff < plan.endAt ? 'aborted' : plan.failIndex >= 0 ? 'failed' : 'passed';
        return {
            phase: 'finished',
            result,
            progress,
            startedAt: Math.min(plan.startAt, endAt),
            finishedAt: endAt,
            steps,
            changedAt: endAt,
        };
    }
    return { phase: 'running', result: 'unknown', progress, startedAt: plan.startAt, steps, changedAt };
}

;// CONCATENATED MODULE: ./src/emulator/world-loader.ts
// Builds a world from a world file: users, organisations and applications first, then the past
// activity, replayed in time order.

const DEFAULT_BUILD_STEPS = [
    { name: 'get code' },
    { name: 'setup environment' },
    { name: 'build' },
    { name: 'test' },
];
const DEFAULT_DEPLOY_STEPS = [
    { name: 'get code' },
    { name: 'setup environment' },
    { name: 'deploy' },
];
function loadWorld(world, file, startAt) {
    reserveIds(world, file);
    loadUsers(world, file);
    for (const app of file.applications)
        world.addApplication(loadApplication(world, app, startAt));
}
/** Reserves every explicit id first so that generated ids never take one of them. */
function reserveIds(world, file) {
    for (const user of [...file.users, ...(file.organizations ?? [])])
        if (user.id)
            world.ids.reserve(user.id);
    for (const app of file.applications) {
        if (app.id)
            world.ids.reserve(app.id);
        for (const pipeline of app.pipelines ?? [])
            if (pipeline.id)
                world.ids.reserve(pipeline.id);
    }
}
function idOrNext(world, id) {
    return id ?? world.ids.next();
}
function ensureNewName(world, username) {
    if (world.users.has(username.toLowerCase()))
        throw new Error(`world: user or organization "${username}" is defined twice`);
}
function loadUsers(world, file) {
    for (const user of file.users) {
        ensureNewName(world, user.username);
        const record = {
            id: idOrNext(world, user.id),
            username: user.username,
            name: user.name ?? user.username,
            serviceEmployee: user.serviceEmployee ?? false,
            ...(user.token !== undefined ? { token: user.token } : {}),
        };
        if (user.token !== undefined) {
            if (world.tokens.has(user.token))
                throw new Error(`world: token of "${user.username}" is used twice`);
            world.tokens.set(user.token, record);
        }
        world.users.set(user.username.toLowerCase(), record);
    }
    for (const org of file.organizations ?? []) {
        ensureNewName(world, org.username);
        for (const member of org.members) {
            if (!world.user(member))
                throw new Error(`world: member "${member}" of "${org.username}" is not a user`);
        }
        world.users.set(org.username.toLowerCase(), {
            id: idOrNext(world, org.id),
            username: org.username,
            name: org.name ?? org.username,
            serviceEmployee: false,
            members: new Set(org.members.map((member) => world.user(member)?.username ?? member)),
        });
    }
}
function loadApplication(world, app, startAt) {
    const owner = world.user(app.owner);
    if (!owner)
        throw new Error(`world: owner "${app.owner}" of application "${app.name}" is not defined`);
    if (world.app(app.owner, app.name))
        throw new Error(`world: application ${app.owner}/${app.name} is defined twice`);
    const createdAt = app.createdAt !== undefined ? Date.parse(app.createdAt) : startAt;
    const record = {
        id: idOrNext(world, app.id),
        owner,
        name: app.name,
        stack: app.stack,
        privacy: app.privacy,
        createdAt,
        updatedAt: app.updatedAt !== undefined ? Date.parse(app.updatedAt) : createdAt,
        defaultBranch: app.defaultBranch ?? 'master',
        ignoredBranches: [...(app.ignoredBranches ?? [])],
        branches: { ...(app.branches ?? {}) },
        pipelines: [],
        buildSteps: app.buildSteps ?? DEFAULT_BUILD_STEPS,
        queueMs: app.queueMs ?? DEFAULT_QUEUE_MS,
        autoDeploy: app.autoDeploy ?? false,
        deploySteps: app.deploySteps ?? DEFAULT_DEPLOY_STEPS,
    };
    record.pipelines = loadPipelines(world, record, app);
    return record;
}
function loadPipelines(world, record, app) {
    const pipelines = [];
    for (const pipeline of app.pipelines ?? []) {
        if (pipelines.some((other) => other.name === pipeline.name)) {
            throw new Error(`world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} is defined twice`);
        }
        pipelines.push({
            id: idOrNext(world, pipeline.id),
            app: record,
            name: pipeline.name,
            type: pipeline.type ?? 'git',
            permissions: pipeline.permissions ?? 'public',
            setScmProviderStatus: pipeline.setScmProviderStatus ?? true,
            createdAt: pipeline.createdAt !== undefined ? Date.parse(pipeline.createdAt) : record.createdAt,
            queueMs: pipeline.queueMs ?? DEFAULT_QUEUE_MS,
            steps: pipeline.steps ?? [],
            chains: pipeline.chains ?? [],
        });
    }
    for (const pipeline of pipelines) {
        for (const chained of pipeline.chains) {
            if (!pipelines.some((other) => other.name === chained)) {
                throw new Error(`world: pipeline "${pipeline.name}" of ${app.owner}/${app.name} chains unknown pipeline "${chained}"`);
            }
        }
    }
    return pipelines;
}
/** Triggers the history's runs and builds at their past times, oldest first, then brings the world to `startAt`. */
function replayHistory(world, file, startAt) {
    const entries = [...(file.history ?? [])].sort((a, b) => b.agoMs - a.agoMs);
    for (const entry of entries) {
        const at = startAt - entry.agoMs;
        const [owner = '', name = ''] = entry.application.split('/');
        const app = world.app(owner, name);
        if (!app)
            throw new Error(`world: history names unknown application ${entry.application}`);
        const user = entry.user !== undefined ? world.user(entry.user) : someMember(world, app);
        if (!user)
            throw new Error(`world: history of ${entry.application} names unknown user "${entry.user ?? ''}"`);
        world.sync(at);
        const common = {
            user,
            ...(entry.branch !== undefined ? { branch: entry.branch } : {}),
            ...(entry.commitHash !== undefined ? { commitHash: entry.commitHash } : {}),
            ...(entry.message !== undefined ? { message: entry.message } : {}),
            envVars: entry.envVars ?? [],
        };
        let exec;
        if (entry.pipeline !== undefined) {
            const pipeline = app.pipelines.find((candidate) => candidate.name === entry.pipeline);
            if (!pipeline)
                throw new Error(`world: history names unknown pipeline ${entry.application}/${entry.pipeline}`);
            exec = world.triggerRun({ pipeline, pushed: true, ...common }, at);
        }
        else {
            if (app.stack === 6)
                throw new Error(`world: history of ${entry.application} needs a pipeline (stack 6 has no builds)`);
            exec = world.triggerBuild({ app, ...common }, at);
        }
        if (entry.abortAfterMs !== undefined) {
            const abortAt = Math.max(at + entry.abortAfterMs, exec.plan.startAt);
            if (abortAt < exec.plan.endAt)
                exec.abortedAt = abortAt;
        }
    }
    world.sync(startAt);
}
function someMember(world, app) {
    if (!app.owner.members)
        return app.owner;
    const [first] = app.owner.members;
    return first !== undefined ? world.user(first) : undefined;
}

;// CONCATENATED MODULE: ./src/emulator/world.ts
// The state of the emulated service and how it moves through time. Time is lazy: executions follow
// fixed timelines (timeline.ts), and `sync()` applies what their ends cause (chained runs, deploys)
// in time order whenever the world is looked at.






const DEPLOY_QUEUE_MS = 500;
const DEFAULT_LIMITS = { maxRuns: 1000, maxBuilds: 1000 };
class World {
    clock;
    ids = new IdGenerator();
    users = new Map();
    tokens = new Map();
    apps = [];
    pipelines = new Map();
    runs = [];
    builds = [];
    deploys = [];
    workflows = [];
    #byId = new Map();
    #steps = new Map();
    #unsettled = new Set();
    #limits;
    constructor(file, speed, limits = {}, realNow = Date.now) {
        this.#limits = { ...DEFAULT_LIMITS, ...limits };
        for (const [name, max] of Object.entries(this.#limits)) {
            if (!Number.isSafeInteger(max) || max < 1)
                throw new RangeError(`${name} must be a whole number >= 1`);
        }
        const startAt = file.startAt !== undefined ? Date.parse(file.startAt) : realNow();
        this.clock = new WorldClock(startAt, speed, realNow);
        loadWorld(this, file, startAt);
        replayHistory(this, file, startAt);
    }
    now() {
        return this.clock.now();
    }
    /** Brings the world up to the clock: applies every execution end that has happened, in time order. */
    sync(t = this.now()) {
        for (;;) {
            let next;
            for (const exec of this.#unsettled) {
                const state = this.stateOf(exec, t);
                if (state.finishedAt === undefined)
                    continue;
                if (!next || state.finishedAt < (next.state.finishedAt ?? 0))
                    next = { exec, state };
            }
            if (!next)
                return;
            this.#settle(next.exec, next.state);
        }
    }
    stateOf(exec, t = this.now()) {
        return stateAt(exec.plan, exec.abortedAt, t);
    }
    // ---- lookups ----
    user(username) {
        return this.users.get(username.toLowerCase());
    }
    app(owner, name) {
        const o = owner.toLowerCase();
        const n = name.toLowerCase();
        return this.apps.find((app) => app.owner.username.toLowerCase() === o && app.name.toLowerCase() === n);
    }
    appById(id) {
        const found = this.#byId.get(id);
        return found && 'pipelines' in found ? found : undefined;
    }
    run(id) {
        const found = this.#byId.get(id);
        return found && 'kind' in found && found.kind === 'run' ? found : undefined;
    }
    build(id) {
        const found = this.#byId.get(id);
        return found && 'kind' in found && found.kind === 'build' ? found : undefined;
    }
    deploy(id) {
        const found = this.#byId.get(id);
        return found && 'kind' in found && found.kind === 'deploy' ? found : undefined;
    }
    workflow(id) {
        const found = this.#byId.get(id);
        return found && 'trigger' in found ? found : undefined;
    }
    step(id) {
        return this.#steps.get(id);
    }
    /** Whether `user` owns the application or belongs to the organisation that does. */
    isMember(user, app) {
        if (!user)
            return false;
        return app.owner === user || (app.owner.members?.has(user.username) ?? false);
    }
    resolveCommit(app, branch, commitHash, message) {
        const chosenBranch = branch ?? app.defaultBranch;
        const head = app.branches[chosenBranch];
        const hash = commitHash ?? head?.commitHash ?? digest(`${app.owner.username}/${app.name}@${chosenBranch}`);
        const defaultMessage = head && head.commitHash === hash
            ? head.message
            : commitHash
                ? `Commit ${hash.slice(0, 7)} on ${chosenBranch}`
                : `Latest commit on ${chosenBranch}`;
        return { branch: chosenBranch, commitHash: hash, message: message ?? defaultMessage };
    }
    // ---- changes ----
    addApplication(app) {
        this.apps.push(app);
        this.#byId.set(app.id, app);
        for (const pipeline of app.pipelines)
            this.pipelines.set(pipeline.id, pipeline);
    }
    triggerRun(input, at = this.now()) {
        const envVars = input.envVars ?? [];
        const switchEnv = [...(input.sourceRun?.switchEnv ?? []), ...envVars];
        const before = this.runs.filter((run) => run.pipeline === input.pipeline && sameEnvVars(run.envVars, envVars));
        const switches = flaky(readOutcomeSwitches(switchEnv, input.pipeline.name), before.length);
        const commit = this.resolveCommit(input.pipeline.app, input.branch, input.commitHash, input.message);
        const workflowId = this.ids.next();
        const workflow = {
            id: workflowId,
            app: input.pipeline.app,
            user: input.user,
            createdAt: at,
            trigger: input.sourceRun ? 'workflow' : 'git',
            data: input.sourceRun
                ? { branch: commit.branch, message: commit.message, sourceRunId: input.sourceRun.id }
                : { branch: commit.branch, commitHash: commit.commitHash, message: commit.message },
            items: [],
        };
        this.#addItems(workflow, input.pipeline, undefined, new Set());
        const run = this.#createRun(input, commit, envVars, switchEnv, switches, workflow, at);
        this.workflows.push(workflow);
        this.#byId.set(workflow.id, workflow);
        return run;
    }
    triggerBuild(input, at = this.now()) {
        if (input.app.stack !== 1 && input.app.stack !== 5) {
            throw badRequest('Invalid stack, only stack 1 and 5 are supported for builds.');
        }
        const envVars = input.envVars ?? [];
        const before = this.builds.filter((build) => build.app === input.app && sameEnvVars(build.envVars, envVars));
        const switches = flaky(readOutcomeSwitches(envVars), before.length);
        const commit = this.resolveCommit(input.app, input.branch, input.commitHash, input.message);
        const build = {
            kind: 'build',
            id: this.ids.next(),
            app: input.app,
            user: input.user,
            ...commit,
            envVars,
            plan: this.#plan(at, input.app.queueMs, input.app.buildSteps, switches),
            settled: false,
        };
        this.#register(build);
        this.builds.push(build);
        this.#forgetOldest(this.builds, this.#limits.maxBuilds);
        return build;
    }
    /** Aborts a running execution at `at`; the caller checks that it is running. */
    abort(exec, at = this.now()) {
        exec.abortedAt = at;
    }
    setIgnoredBranches(app, branches, at = this.now()) {
        app.ignoredBranches = [...branches];
        app.updatedAt = at;
    }
    // ---- internals ----
    #createRun(input, commit, envVars, switchEnv, switches, workflow, at) {
        const run = {
            kind: 'run',
            id: this.ids.next(),
            pipeline: input.pipeline,
            app: input.pipeline.app,
            user: input.user,
            ...commit,
            envVars,
            switchEnv,
            ...(input.tag !== undefined ? { tag: input.tag } : {}),
            ...(input.sourceRun ? { sourceRun: input.sourceRun } : {}),
            ...pushedCommits(input, commit),
            workflow,
            plan: this.#plan(at, input.pipeline.queueMs, input.pipeline.steps, switches),
            settled: false,
        };
        const item = workflow.items.find((candidate) => candidate.pipeline === input.pipeline && !candidate.run);
        if (item)
            item.run = run;
        this.#register(run);
        this.runs.push(run);
        this.#forgetOldest(this.runs, this.#limits.maxRuns);
        return run;
    }
    #plan(at, queueMs, script, switches) {
        return makePlan({ createdAt: at, queueMs, script, switches, nextId: () => this.ids.next() });
    }
    #register(exec) {
        this.#byId.set(exec.id, exec);
        for (const step of exec.plan.steps)
            this.#steps.set(step.id, { owner: exec, step });
        this.#unsettled.add(exec);
    }
    /** Adds the item of `pipeline` and, depth first, those of the pipelines it chains (each pipeline once). */
    #addItems(workflow, pipeline, parentItemId, seen) {
        if (seen.has(pipeline))
            return;
        seen.add(pipeline);
        const item = {
            id: this.ids.next(),
            pipeline,
            ...(parentItemId ? { parentItemId } : {}),
        };
        workflow.items.push(item);
        for (const name of pipeline.chains) {
            const next = pipeline.app.pipelines.find((candidate) => candidate.name === name);
            if (next)
                this.#addItems(workflow, next, item.id, seen);
        }
    }
    #settle(exec, state) {
        exec.settled = true;
        this.#unsettled.delete(exec);
        const at = state.finishedAt ?? this.now();
        if (state.result !== 'passed')
            return;
        if (exec.kind === 'run')
            this.#startChained(exec, at);
        if (exec.kind === 'build' && exec.app.autoDeploy)
            this.#createDeploy(exec, at);
    }
    #startChained(source, at) {
        const sourceItem = source.workflow.items.find((item) => item.run === source);
        if (!sourceItem)
            return;
        for (const item of source.workflow.items) {
            if (item.parentItemId !== sourceItem.id || item.run)
                continue;
            const switchEnv = source.switchEnv;
            this.#createRun({
                pipeline: item.pipeline,
                user: source.user,
                sourceRun: source,
                ...(source.commits ? { inheritedCommits: source.commits } : {}),
            }, {
                branch: source.branch,
                commitHash: source.commitHash,
                message: `Auto trigger from Pipeline "${source.pipeline.name}" to Pipeline "${item.pipeline.name}"`,
            }, [], switchEnv, readOutcomeSwitches(switchEnv, item.pipeline.name), source.workflow, at);
        }
    }
    #createDeploy(build, at) {
        const deploy = {
            kind: 'deploy',
            id: this.ids.next(),
            app: build.app,
            build,
            plan: this.#plan(at, DEPLOY_QUEUE_MS, build.app.deploySteps, readOutcomeSwitches(build.envVars)),
            settled: false,
        };
        this.#register(deploy);
        this.deploys.push(deploy);
        this.#forgetOldest(this.deploys, this.#limits.maxBuilds);
    }
    /**
     * Forgets the oldest finished (settled) executions of `list` while it holds more than `max`; one
     * still queued or running is never forgotten, so the list may stay over `max` for a while.
     */
    #forgetOldest(list, max) {
        let excess = list.length - max;
        for (let i = 0; excess > 0 && i < list.length;) {
            const exec = list[i];
            if (!exec?.settled) {
                i++;
                continue;
            }
            list.splice(i, 1);
            excess--;
            this.#byId.delete(exec.id);
            for (const step of exec.plan.steps)
                this.#steps.delete(step.id);
            if (exec.kind === 'run')
                this.#forgetWorkflowOf(exec);
        }
    }
    /** A workflow goes once all of its runs are forgotten (its items without a run will never start). */
    #forgetWorkflowOf(run) {
        const { workflow } = run;
        if (workflow.items.some((item) => item.run && this.#byId.has(item.run.id)))
            return;
        this.#byId.delete(workflow.id);
        const index = this.workflows.indexOf(workflow);
        if (index >= 0)
            this.workflows.splice(index, 1);
    }
}
/** A run started by a push lists the pushed commit; a chained run, those of its source run. */
function pushedCommits(input, commit) {
    if (input.inheritedCommits)
        return { commits: input.inheritedCommits };
    if (!input.pushed)
        return {};
    const by = input.user.name;
    return {
        commits: [
            {
                _id: digest(`commit:${commit.commitHash}`, 24),
                commit: commit.commitHash,
                message: commit.message,
                by,
            },
        ],
    };
}

;// CONCATENATED MODULE: ./src/emulator/state.ts
// Everything the emulator holds, and how to get back to where it started.






class EmulatorState {
    world;
    quirks;
    faults = new FaultStore();
    log;
    /** Kept across resets: archives already built stay valid, and the storage origin keeps its port. */
    artifacts = new ArtifactService();
    stats;
    #initial;
    constructor(initial) {
        // The start time is fixed once, so that a reset brings the clock back to it.
        const world = { ...initial.world, startAt: initial.world.startAt ?? new Date().toISOString() };
        this.#initial = { ...initial, world, quirks: { ...NO_QUIRKS, ...initial.quirks } };
        this.log = new RequestLog(initial.maxRequests);
        this.world = new World(this.#initial.world, this.#initial.speed, this.#initial.limits);
        this.quirks = { ...this.#initial.quirks };
        this.stats = new ServedStats(this.world);
    }
    reset() {
        this.world = new World(this.#initial.world, this.#initial.speed, this.#initial.limits);
        this.quirks = { ...this.#initial.quirks };
        this.faults.clear();
        this.log.clear();
        this.stats = new ServedStats(this.world);
    }
}

;// CONCATENATED MODULE: ./src/emulator/world-file.ts
// The world file: the users, organisations, applications, pipelines and past activity the emulator
// starts with. `--world` loads one from JSON; `parseWorldFile` checks it and names what is wrong.


const hexId = dist/* pipe */.FsL(dist/* string */.YjP(), dist/* regex */.yGV(/^[0-9a-f]{24}$/, 'must be 24 lowercase hex characters'));
const world_file_timestamp = dist/* pipe */.FsL(dist/* string */.YjP(), dist/* isoTimestamp */.yhX('must be an ISO 8601 timestamp'));
const world_file_name = dist/* pipe */.FsL(dist/* string */.YjP(), dist/* minLength */.BpQ(1, 'must not be empty'));
const ms = dist/* pipe */.FsL(dist/* number */.aig(), dist/* integer */.ndf(), dist/* minValue */.Wwf(0));
/** A path inside a step's archive: relative, `/`-separated, no empty, `.` or `..` segment. */
const storedPath = dist/* pipe */.FsL(dist/* string */.YjP(), dist/* maxLength */.Ru6(1024), dist/* check */.z6Y((path) => path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), 'must be a relative path of non-empty segments, without . or ..'), dist/* regex */.yGV(/^[^\\\0]+$/, 'must not hold a backslash or NUL'));
/** One file a step stores: its text, its bytes in base64, or this many generated bytes. */
const StoredFileSchema = dist/* pipe */.FsL(dist/* strictObject */.rej({
    path: storedPath,
    text: dist/* optional */.lqM(dist/* string */.YjP()),
    base64: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), dist/* base64 */.K39())),
    bytes: dist/* optional */.lqM(dist/* pipe */.FsL(ms, dist/* maxValue */.cGV(4 * 1024 ** 3))),
    executable: dist/* optional */.lqM(dist/* boolean */.zMY()),
}), dist/* check */.z6Y((file) => [file.text, file.base64, file.bytes].filter((given) => given !== undefined).length === 1, 'give exactly one of text, base64 or bytes'));
const TestCaseSchema = dist/* strictObject */.rej({
    name: world_file_name,
    /** The suite or class it belongs to; default the report's suite. */
    suite: dist/* optional */.lqM(world_file_name),
    file: world_file_name,
    line: dist/* pipe */.FsL(ms, dist/* minValue */.Wwf(1)),
    /** The test fails when its step fails (and passes when the step passes). */
    failsWithStep: dist/* optional */.lqM(dist/* boolean */.zMY()),
    skipped: dist/* optional */.lqM(dist/* boolean */.zMY()),
});
const TestReportSchema = dist/* strictObject */.rej({
    path: storedPath,
    /** jest: jest-junit's (Surefire-like) dialect with stack frames; pytest: pytest's, with `file` and `line`. */
    dialect: dist/* picklist */.KIO(['jest', 'pytest']),
    suite: world_file_name,
    tests: dist/* pipe */.FsL(dist/* array */.YOg(TestCaseSchema), dist/* minLength */.BpQ(1), dist/* maxLength */.Ru6(10_000)),
});
const StepSchema = dist/* strictObject */.rej({
    name: world_file_name,
    ms: dist/* optional */.lqM(ms),
    fails: dist/* optional */.lqM(dist/* boolean */.zMY()),
    /** `true` stores a small text file; a list stores those files. */
    artifacts: dist/* optional */.lqM(dist/* union */.KCZ([dist/* boolean */.zMY(), dist/* pipe */.FsL(dist/* array */.YOg(StoredFileSchema), dist/* maxLength */.Ru6(10_000))])),
    /** A JUnit XML report the step stores among its artifacts, whose failures follow the step's. */
    testReport: dist/* optional */.lqM(TestReportSchema),
    logLines: dist/* optional */.lqM(dist/* pipe */.FsL(ms, dist/* maxValue */.cGV(1_000_000_000))),
    logBytes: dist/* optional */.lqM(dist/* pipe */.FsL(ms, dist/* maxValue */.cGV(Number.MAX_SAFE_INTEGER))),
});
const PipelineSchema = dist/* strictObject */.rej({
    id: dist/* optional */.lqM(hexId),
    name: world_file_name,
    type: dist/* optional */.lqM(dist/* string */.YjP()),
    permissions: dist/* optional */.lqM(dist/* string */.YjP()),
    setScmProviderStatus: dist/* optional */.lqM(dist/* boolean */.zMY()),
    createdAt: dist/* optional */.lqM(world_file_timestamp),
    queueMs: dist/* optional */.lqM(ms),
    steps: dist/* optional */.lqM(dist/* array */.YOg(StepSchema)),
    chains: dist/* optional */.lqM(dist/* array */.YOg(world_file_name)),
});
const CommitSchema = dist/* strictObject */.rej({
    commitHash: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* regex */.yGV(/^[0-9a-f]{40}$/, 'must be 40 lowercase hex characters')),
    message: dist/* string */.YjP(),
});
const ApplicationSchema = dist/* strictObject */.rej({
    id: dist/* optional */.lqM(hexId),
    owner: world_file_name,
    name: world_file_name,
    stack: dist/* picklist */.KIO([1, 5, 6]),
    privacy: dist/* picklist */.KIO(['public', 'private']),
    createdAt: dist/* optional */.lqM(world_file_timestamp),
    updatedAt: dist/* optional */.lqM(world_file_timestamp),
    defaultBranch: dist/* optional */.lqM(world_file_name),
    ignoredBranches: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* array */.YOg(dist/* string */.YjP()), dist/* maxLength */.Ru6(10))),
    branches: dist/* optional */.lqM(dist/* record */.g1P(dist/* string */.YjP(), CommitSchema)),
    pipelines: dist/* optional */.lqM(dist/* array */.YOg(PipelineSchema)),
    buildSteps: dist/* optional */.lqM(dist/* array */.YOg(StepSchema)),
    queueMs: dist/* optional */.lqM(ms),
    autoDeploy: dist/* optional */.lqM(dist/* boolean */.zMY()),
    deploySteps: dist/* optional */.lqM(dist/* array */.YOg(StepSchema)),
});
const EnvVarSchema = dist/* strictObject */.rej({ key: world_file_name, value: dist/* string */.YjP() });
const HistoryEntrySchema = dist/* strictObject */.rej({
    application: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* regex */.yGV(/^[^/]+\/[^/]+$/, 'must be "owner/name"')),
    pipeline: dist/* optional */.lqM(world_file_name),
    agoMs: ms,
    user: dist/* optional */.lqM(world_file_name),
    branch: dist/* optional */.lqM(world_file_name),
    commitHash: dist/* optional */.lqM(dist/* pipe */.FsL(dist/* string */.YjP(), dist/* regex */.yGV(/^[0-9a-f]{40}$/))),
    message: dist/* optional */.lqM(dist/* string */.YjP()),
    envVars: dist/* optional */.lqM(dist/* array */.YOg(EnvVarSchema)),
    abortAfterMs: dist/* optional */.lqM(ms),
});
const WorldFileSchema = dist/* strictObject */.rej({
    startAt: dist/* optional */.lqM(world_file_timestamp),
    users: dist/* array */.YOg(dist/* strictObject */.rej({
        id: dist/* optional */.lqM(hexId),
        username: world_file_name,
        name: dist/* optional */.lqM(dist/* string */.YjP()),
        token: dist/* optional */.lqM(world_file_name),
        serviceEmployee: dist/* optional */.lqM(dist/* boolean */.zMY()),
    })),
    organizations: dist/* optional */.lqM(dist/* array */.YOg(dist/* strictObject */.rej({
        id: dist/* optional */.lqM(hexId),
        username: world_file_name,
        name: dist/* optional */.lqM(dist/* string */.YjP()),
        members: dist/* array */.YOg(world_file_name),
    }))),
    applications: dist/* array */.YOg(ApplicationSchema),
    history: dist/* optional */.lqM(dist/* array */.YOg(HistoryEntrySchema)),
});
/** Checks the shape of a world; throws an Error listing every problem with its path. */
function parseWorldFile(input) {
    const parsed = dist/* safeParse */.xLC(WorldFileSchema, input);
    if (parsed.success)
        return parsed.output;
    const problems = parsed.issues.map((issue) => `${dist/* getDotPath */.BuJ(issue) ?? '(root)'}: ${issue.message}`);
    throw new Error(`invalid world file:\n  ${problems.join('\n  ')}`);
}
async function loadWorldFile(path) {
    const text = await readFile(path, 'utf8');
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        throw new Error(`${path} is not valid JSON: ${error.message}`, { cause: error });
    }
    return parseWorldFile(json);
}

;// CONCATENATED MODULE: ./src/emulator/index.ts
// The CI Service API v3 emulator: a living, deterministic stand-in for a real server.











async function startEmulator(opts = {}) {
    const world = parseWorldFile(structuredClone(opts.world ?? defaultWorld));
    const state = new EmulatorState({
        world,
        speed: opts.speed ?? 1,
        quirks: initialQuirks(opts.quirks),
        ...(opts.maxRequests !== undefined ? { maxRequests: opts.maxRequests } : {}),
        limits: {
            ...(opts.maxRuns !== undefined ? { maxRuns: opts.maxRuns } : {}),
            ...(opts.maxBuilds !== undefined ? { maxBuilds: opts.maxBuilds } : {}),
        },
    });
    const hosts = [...(opts.host !== undefined ? [opts.host] : []), ...(opts.allowedHosts ?? [])];
    const controlToken = opts.controlToken !== undefined ? checkControlToken(opts.controlToken) : newControlToken();
    const server = buildServer(state, { logger: opts.logger ?? false, hosts, controlToken });
    const storage = buildStorageServer(state, hosts);
    const host = opts.host ?? '127.0.0.1';
    const shownHost = host.includes(':') ? `[${host}]` : host;
    const portOf = (listening) => {
        const address = listening.server.address();
        return typeof address === 'object' && address ? address.port : 0;
    };
    await server.listen({ port: opts.port ?? 0, host });
    try {
        await storage.listen({ port: opts.storagePort ?? 0, host });
    }
    catch (error) {
        await server.close();
        throw error;
    }
    state.artifacts.storageBase = `http://${shownHost}:${portOf(storage)}`;
    return {
        url: `http://${shownHost}:${portOf(server) || (opts.port ?? 0)}`,
        storageUrl: state.artifacts.storageBase,
        controlToken,
        close: async () => {
            await Promise.all([server.close(), storage.close()]);
            await state.artifacts.close();
        },
        control: createControl(state),
    };
}

// EXTERNAL MODULE: ./src/text/message.ts
var message = __webpack_require__(6400);
;// CONCATENATED MODULE: ./src/emulator/serve.ts
// The emulator as a tool runs it, shared by the sub-action (emulator/action.yml) and `ci-run emulator`:
// the options a user gives (port, host, world file, speed, quirks) checked with messages that name them, the world
// loaded and tried before anything listens, and the API token the world's default user holds.









const DEFAULT_PORT = 8080;
/** Where the emulator listens: this machine only. */
const EMULATOR_HOST = '127.0.0.1';
/**
 * An option the user gave that cannot be used: `option` is its name ('port', 'world', 'speed') and
 * `detail` what is wrong, for each tool to show as its own input or flag.
 */
class EmulatorOptionError extends Error {
    name = 'EmulatorOptionError';
    option;
    detail;
    constructor(option, detail) {
        super(`${option}: ${detail}`);
        this.option = option;
        this.detail = detail;
    }
}
/** A TCP port to listen on, 1–65535. */
function parsePort(text) {
    const trimmed = text.trim();
    const port = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || port < 1 || port > 65535) {
        throw new EmulatorOptionError('port', `must be a TCP port from 1 to 65535, got ${JSON.stringify(text)}.`);
    }
    return port;
}
/** How fast world time runs: 1 is real time, 10 ten times faster, 0 frozen. */
function parseSpeed(text) {
    const trimmed = text.trim();
    const speed = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(speed) || speed < 0) {
        throw new EmulatorOptionError('speed', `must be a number, 1 for real time, 10 for ten times faster, 0 to freeze time; got ${JSON.stringify(text)}.`);
    }
    return speed;
}
/**
 * `all`, `none` or entries separated by commas: a known quirk's name, `shape=spec|2016|2017`, or
 * `realNames` (the earlier name of `shape=2017`). `all` is every quirk with the 2017 shape.
 */
function parseQuirks(text) {
    if (text === undefined || text.trim() === '' || text.trim() === 'none')
        return {};
    if (text.trim() === 'all') {
        const every = { shape: '2017' };
        for (const name of QUIRK_NAMES)
            every[name] = true;
        return every;
    }
    const quirks = {};
    for (const entry of text.split(',').map((name) => name.trim())) {
        const [name, value] = entry.split('=', 2);
        if (name === 'shape') {
            if (!isShape(value))
                throw new EmulatorOptionError('quirks', `shape must be ${SHAPES.join(', ')}; got "${value ?? ''}"`);
            quirks.shape = value;
            continue;
        }
        const known = QUIRK_NAMES.find((candidate) => candidate === entry);
        if (known)
            quirks[known] = true;
        else if (entry === 'realNames')
            quirks.realNames = true;
        else
            throw new EmulatorOptionError('quirks', `unknown quirk "${entry}"; known: ${QUIRK_LIST}`);
    }
    return quirks;
}
/** What `--quirks` takes, for messages and usage lines. */
const QUIRK_LIST = `${QUIRK_NAMES.join(', ')}, realNames, shape=${SHAPES.join('|')}`;
/**
 * Reads a world file and builds a world from it once, so that every problem (unreadable, not JSON, a
 * field of the wrong shape, a history naming an unknown pipeline) is reported before anything listens.
 */
async function loadCheckedWorld(path) {
    const problem = (detail) => new EmulatorOptionError('world', `${JSON.stringify(path)}: ${detail}`);
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        throw problem(`cannot read it (${String(error.code ?? (0,message/* messageOf */.b)(error))})`);
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        throw problem(`not JSON: ${(0,message/* messageOf */.b)(error)}`);
    }
    try {
        const world = parseWorldFile(json);
        new EmulatorState({ world, speed: 0, quirks: NO_QUIRKS });
        return world;
    }
    catch (error) {
        throw problem((0,message/* messageOf */.b)(error));
    }
}
function defaultUserToken(world) {
    return world.users.find((user) => user.token !== undefined)?.token;
}
async function serveEmulator(options) {
    if (options.controlToken !== undefined) {
        try {
            checkControlToken(options.controlToken);
        }
        catch (error) {
            throw new EmulatorOptionError('control-token', `${(0,message/* messageOf */.b)(error)}.`);
        }
    }
    const loaded = options.worldPath !== undefined ? await loadCheckedWorld(options.worldPath) : defaultWorld;
    const host = options.host ?? EMULATOR_HOST;
    const emulator = await startEmulator({
        port: options.port,
        host,
        speed: options.speed,
        world: loaded,
        ...(options.quirks !== undefined ? { quirks: options.quirks } : {}),
        ...(options.controlToken !== undefined ? { controlToken: options.controlToken } : {}),
        ...(options.storagePort !== undefined ? { storagePort: options.storagePort } : {}),
    }).catch((error) => {
        const code = error.code;
        if (code === 'EADDRINUSE')
            throw portTaken(options.port, host);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
            throw new EmulatorOptionError('host', `cannot listen on ${JSON.stringify(host)} (${String(code)}).`);
        throw error;
    });
    return { emulator, token: defaultUserToken(loaded) };
}
function portTaken(port, host = EMULATOR_HOST) {
    return new EmulatorOptionError('port', `${port} is taken: something already listens on ${host}:${port}; choose another port.`);
}


/***/ })

};
