export const id = 883;
export const ids = [883];
export const modules = {

/***/ 9883:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gitHubSink: () => (/* binding */ gitHubSink)
});

// EXTERNAL MODULE: ./src/core/report/summary-html.ts + 1 modules
var summary_html = __webpack_require__(6896);
// EXTERNAL MODULE: ./src/core/report/target-summary.ts
var target_summary = __webpack_require__(6772);
// EXTERNAL MODULE: ./src/core/sinks/deferred.ts
var deferred = __webpack_require__(449);
// EXTERNAL MODULE: ./src/time.ts
var time = __webpack_require__(9834);
// EXTERNAL MODULE: ./src/core/flow/target-label.ts
var target_label = __webpack_require__(4956);
// EXTERNAL MODULE: ./src/github/settings.ts
var settings = __webpack_require__(9518);
;// CONCATENATED MODULE: ./src/action/github-names.ts
// A target's GitHub reports: each report's name as the target names it (among several, holding its label).


function namedFor(github, target) {
    const name = typeof target === 'string' ? (each) => (0,target_label/* nameForTarget */.S)(each, target) : target;
    const named = { ...github };
    for (const field of settings/* REPORT_FIELDS */.r$) {
        const given = github[field];
        if (given !== undefined)
            named[field] = name(given);
    }
    return named;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/core/report-paths.ts
const MAX_PATH = 1024;
const MAX_LINE = 10_000_000;
/** Folders whose frames are never the test's own. */
const LIBRARY_FOLDERS = new Set(['node_modules', 'vendor']);
// `at fn (path:12:3)`, `at path:12:3`, `path:12: message`, `File "path", line 12`: a path holds no space,
// quote or parenthesis, and ends in a file name with an extension.
const FRAME = /File "([^"\n]{1,1024})", line (\d{1,8})|(?:^|[\s(])((?:[A-Za-z]:)?[^\s"'()<>:]{0,1020}\.[A-Za-z0-9]{1,12}):(\d{1,8})\b/gm;
/** The path and line of the first stack frame of a failure text that is not a library's, if any. */
function firstFrame(text) {
    for (const match of text.matchAll(FRAME)) {
        const path = match[1] ?? match[3];
        const line = Number(match[2] ?? match[4]);
        if (segmentsOf(path).some((segment) => LIBRARY_FOLDERS.has(segment)))
            continue;
        if (path.startsWith('node:') || path.startsWith('internal/'))
            continue;
        return { path, ...(validLine(line) ? { line } : {}) };
    }
    return undefined;
}
function validLine(line) {
    return line !== undefined && Number.isInteger(line) && line >= 1 && line <= MAX_LINE;
}
/** A remote path as `/`-separated segments (backslashes too), without empty and `.` ones. */
function segmentsOf(path) {
    return path
        .replace(/\\/g, '/')
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.');
}
function isAbsolute(path) {
    return /^(?:[/\\]|[A-Za-z]:)/.test(path);
}
/** Segments that make a path inside the repository: none `..` or a drive, nor holding a control. */
function isClean(segments) {
    return (segments.length > 0 &&
        segments.join('/').length <= MAX_PATH &&
        segments.every((segment) => segment !== '..' && !/^[A-Za-z]:$/.test(segment) && !/[\p{Cc}\p{Cf}]/u.test(segment)));
}
/** A remote path made repository-relative, or undefined when it cannot be without leaving the repository. */
function repositoryPath(remote, options = {}) {
    if (remote.length > MAX_PATH * 4)
        return undefined;
    const segments = segmentsOf(remote);
    const root = options.root === undefined ? [] : segmentsOf(options.root);
    if (root.length > 0 && isAbsolute(remote) === isAbsolute(options.root)) {
        const under = root.every((segment, i) => segments[i] === segment);
        if (under) {
            const rest = segments.slice(root.length);
            return isClean(rest) ? rest.join('/') : undefined;
        }
    }
    if (options.exists !== undefined)
        return existingSuffix(segments, options.exists);
    if (isAbsolute(remote))
        return undefined;
    return isClean(segments) ? segments.join('/') : undefined;
}
/**
 * The longest clean suffix of the segments that exists in the workspace: the shortest prefix stripped, so
 * `/build/repo/src/a.ts` is `src/a.ts` rather than an `a.ts` that happens to exist at the top as well.
 */
function existingSuffix(segments, exists) {
    // Nothing before the last `..` can be part of a clean suffix.
    const start = segments.lastIndexOf('..') + 1;
    for (let i = start; i < segments.length; i++) {
        const suffix = segments.slice(i);
        if (!isClean(suffix))
            continue;
        const path = suffix.join('/');
        if (exists(path))
            return path;
    }
    return undefined;
}
/**
 * Where a test's annotation points: its report's `file` when it can be placed, else the first stack frame
 * of its failure text that is not under `node_modules/` or `vendor/`. A frame in the test's own file says
 * the line that failed, better than the test's own `line` (where it starts).
 */
function annotationPlace(test, options = {}) {
    const frame = test.text === undefined ? undefined : firstFrame(test.text);
    const framePath = frame === undefined ? undefined : repositoryPath(frame.path, options);
    const filePath = test.file === undefined ? undefined : repositoryPath(test.file, options);
    if (filePath !== undefined) {
        const line = framePath === filePath ? (frame?.line ?? test.line) : test.line;
        return validLine(line) ? { path: filePath, line } : { path: filePath };
    }
    if (framePath === undefined)
        return undefined;
    return validLine(frame?.line) ? { path: framePath, line: frame.line } : { path: framePath };
}

;// CONCATENATED MODULE: ./src/action/test-places.ts
// Where a failed test's annotation points on the pull request: its remote path made repository-relative
// (core/report-paths.ts), by `test-reports-root` or by which suffix exists in the workspace. The workspace is
// asked only when it is a git checkout, and only about files inside it: a link out of it is not followed.



function testPlacer(settings, workspace = process.env.GITHUB_WORKSPACE) {
    const exists = workspace && (0,external_node_fs_.existsSync)((0,external_node_path_.join)(workspace, '.git')) ? existsIn(workspace) : undefined;
    return (test) => annotationPlace(test, {
        ...(settings.testReportsRoot !== undefined ? { root: settings.testReportsRoot } : {}),
        ...(exists ? { exists } : {}),
    });
}
function existsIn(workspace) {
    const base = (0,external_node_fs_.realpathSync)(workspace);
    return (relativePath) => {
        try {
            const real = (0,external_node_fs_.realpathSync)((0,external_node_path_.join)(base, relativePath));
            return real.startsWith(base + external_node_path_.sep) && (0,external_node_fs_.statSync)(real).isFile();
        }
        catch {
            return false;
        }
    };
}

// EXTERNAL MODULE: ./src/action/runner-context.ts
var runner_context = __webpack_require__(6860);
// EXTERNAL MODULE: ./src/action/user-agent.ts
var user_agent = __webpack_require__(5791);
;// CONCATENATED MODULE: ./src/action/github-sink.ts








function gitHubSink(loading, github, run) {
    const { settings } = run;
    const { facts } = run;
    return (0,deferred/* deferred */.y)(loading.then(({ createGitHubSink }) => createGitHubSink(namedFor(github, run.nameFor), {
        outputs: run.outputs,
        openReports: run.openReports,
        log: run.log,
        clock: time/* systemClock */.m,
        sleep: time/* realSleep */.u,
        cancel: run.cancel,
        wait: settings.wait,
        userAgent: user_agent/* USER_AGENT */._,
        annotationPath: (0,runner_context/* workflowPath */.R)(),
        failedLogs: facts.tails,
        tests: () => facts.tests,
        ...(settings.artifacts.testReports.length > 0 ? { placeTest: testPlacer(settings.artifacts) } : {}),
        summary: (conclusion, info, maxBytes) => (0,summary_html/* renderSummary */.B)((0,target_summary/* targetSummaryDoc */.E)(settings, info, conclusion, {
            tails: facts.tails,
            artifacts: facts.artifacts,
            tests: facts.tests,
        }), { maxBytes }),
    })));
}


/***/ })

};
