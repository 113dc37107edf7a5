export const id = 892;
export const ids = [892];
export const modules = {

/***/ 892:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  finishOpenReports: () => (/* binding */ finishOpenReports)
});

// UNUSED EXPORTS: createGitHubSink

;// CONCATENATED MODULE: ./src/core/flow/events.ts
/**
 * Every event, with how it is told: `now` to each sink in turn without waiting, `awaited` to each sink in
 * turn, waiting for each, `once` like `awaited` and never a second time. The combinators (fan-out.ts,
 * sinks/deferred.ts, sinks/together.ts) forward every event from this list, so a new event is a method
 * of FlowSink and a line here.
 */
const events_FLOW_EVENTS = {
    triggering: 'now',
    identified: 'now',
    triggered: 'now',
    update: 'now',
    stepFinished: 'awaited',
    workflowChanged: 'now',
    stopping: 'awaited',
    settling: 'once',
    concluded: 'once',
    stepEnded: 'once',
};
const events_EVENT_NAMES = Object.keys(events_FLOW_EVENTS);
/** Tells one sink one event, as a method call; nothing when the sink does not hear it. */
function events_tell(sink, event, args) {
    const method = sink[event];
    return method?.apply(sink, args);
}

;// CONCATENATED MODULE: ./src/core/sinks/together.ts
// Several sinks as one: each hears every event in turn, and their endings run at the same time, so
// reports that each wait on a remote service share one time budget instead of queueing for it.

function together_together(sinks) {
    const sink = {};
    for (const event of EVENT_NAMES) {
        const hearing = () => sinks.filter((each) => each[event] !== undefined);
        sink[event] =
            FLOW_EVENTS[event] === 'now'
                ? // One sink that throws does not keep the event from the others; the first error is passed on.
                    (...args) => {
                        const errors = [];
                        for (const each of hearing()) {
                            try {
                                tell(each, event, args);
                            }
                            catch (error) {
                                errors.push(error);
                            }
                        }
                        if (errors.length > 0)
                            throw errors[0];
                    }
                : async (...args) => {
                    const results = await Promise.allSettled(hearing().map(async (each) => tell(each, event, args)));
                    const failed = results.find((result) => result.status === 'rejected');
                    if (failed)
                        throw failed.reason;
                };
    }
    return sink;
}

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
;// CONCATENATED MODULE: ./src/github/octokit-api.ts
// The GitHub port with @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise
// Server) and the runner's proxy settings. Each request ends when the writer's signal says so; retries are the report
// writer's, not Octokit's, so that a create whose answer was lost is looked up before it is sent again.

/** The deployment's payload key that names the remote run it was made for. */
const RUN_KEY = 'ci_run_id';
function octokit_api_createOctokitApi(options) {
    const { owner, repo, sha } = options;
    const octokit = (0,github/* getOctokit */.Q)(options.token, {
        userAgent: options.userAgent,
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    });
    const request = (signal) => (signal ? { request: { signal } } : {});
    const rest = octokit.rest;
    return {
        async createStatus(status, signal) {
            await rest.repos.createCommitStatus({ owner, repo, sha, ...status, ...request(signal) });
        },
        async createCheckRun(fields, signal) {
            const { data } = await rest.checks.create({
                owner,
                repo,
                head_sha: sha,
                ...fields,
                ...request(signal),
            });
            return data.id;
        },
        async updateCheckRun(id, fields, signal) {
            await rest.checks.update({ owner, repo, check_run_id: id, ...fields, ...request(signal) });
        },
        listCheckRunAnnotations: (id, signal) => listAnnotations(rest, { owner, repo, check_run_id: id, ...request(signal) }),
        async findCheckRun(name, externalId, signal) {
            const { data } = await rest.checks.listForRef({
                owner,
                repo,
                ref: sha,
                check_name: name,
                filter: 'all',
                per_page: 100,
                ...request(signal),
            });
            return data.check_runs.find((run) => run.external_id === externalId)?.id;
        },
        async createDeployment({ environment, description, runId }, signal) {
            const { data } = await rest.repos.createDeployment({
                owner,
                repo,
                ref: sha,
                environment,
                description,
                auto_merge: false,
                required_contexts: [],
                payload: { [RUN_KEY]: runId },
                ...request(signal),
            });
            if (!('id' in data))
                throw Object.assign(new Error(data.message ?? 'No deployment was created.'), { status: 409 });
            return data.id;
        },
        async findDeployment(environment, runId, signal) {
            const { data } = await rest.repos.listDeployments({
                owner,
                repo,
                sha,
                environment,
                per_page: 100,
                ...request(signal),
            });
            return data.find((deployment) => {
                const payload = deployment.payload;
                return typeof payload === 'object' && payload?.[RUN_KEY] === runId;
            })?.id;
        },
        async createDeploymentStatus(id, status, signal) {
            await rest.repos.createDeploymentStatus({
                owner,
                repo,
                deployment_id: id,
                ...status,
                ...request(signal),
            });
        },
    };
}
/** Page by page rather than with octokit.paginate, which drops the request's signal after the first page. */
async function listAnnotations(rest, parameters) {
    const held = [];
    for (let page = 1;; page += 1) {
        const { data, headers } = await rest.checks.listAnnotations({ ...parameters, per_page: 100, page });
        held.push(...data);
        if (!/rel="next"/.test(headers.link ?? ''))
            return held;
    }
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/text/message.ts
var message = __webpack_require__(6400);
// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
;// CONCATENATED MODULE: ./src/github/check-annotations.ts


/** GitHub takes at most this many annotations in one create or update request. */
const ANNOTATIONS_PER_REQUEST = 50;
/** Beyond this, failed steps are not annotated one by one (ten requests' worth). */
const MAX_ANNOTATIONS = 500;
const TITLE_LIMIT = 255;
const MESSAGE_LIMIT = 2000;
function failedStepAnnotations(final, path, tails) {
    const total = final.steps.length;
    return final.steps
        .filter((step) => step.result === 'failed')
        .slice(0, MAX_ANNOTATIONS)
        .map((step) => {
        const errorLine = tails?.get(step.id)?.firstError;
        const stepUrl = final.web?.step(step.id);
        const message = [
            errorLine ?? `The step ${(0,safety/* sanitizeLine */.g$)(step.name)} failed.`,
            ...(stepUrl ? [`Log: ${stepUrl}`] : []),
        ].join('\n');
        return {
            path,
            start_line: 1,
            end_line: 1,
            annotation_level: 'failure',
            title: (0,safety/* clip */.$Q)((0,format/* stepHeading */.J9)(step, total), TITLE_LIMIT),
            message: (0,safety/* clip */.$Q)(message, MESSAGE_LIMIT),
        };
    });
}
/** The failed tests' annotations: at most 50, each at its file and line, for those that can be placed. */
function failedTestAnnotations(tests, place) {
    if (tests === undefined || place === undefined)
        return [];
    const annotations = [];
    for (const { failed } of tests.steps) {
        for (const test of failed) {
            if (annotations.length >= ANNOTATIONS_PER_REQUEST)
                return annotations;
            const at = place(test);
            if (at === undefined)
                continue;
            const message = [test.message, test.text].filter((part) => part !== undefined).join('\n');
            annotations.push({
                path: at.path,
                start_line: at.line ?? 1,
                end_line: at.line ?? 1,
                annotation_level: 'failure',
                title: (0,safety/* clip */.$Q)((0,safety/* sanitizeLine */.g$)(`${test.suite} › ${test.name}`), TITLE_LIMIT),
                message: (0,safety/* clip */.$Q)((0,safety/* stripControls */.$Y)(message || `${test.name} failed.`), MESSAGE_LIMIT),
            });
        }
    }
    return annotations;
}
/** `12 tests, 2 failed` over every step's reports. */
function testsCountLine(tests) {
    let total = 0;
    let failed = 0;
    for (const { counts } of tests.steps) {
        total += counts.total;
        failed += counts.failed + counts.errored;
    }
    return `${total} test${total === 1 ? '' : 's'}${failed > 0 ? `, ${failed} failed` : ''}`;
}
/**
 * The annotations of `batch` that GitHub does not hold, `earlier` having been sent before it. Each one GitHub
 * holds is matched once, by every field sent, the earlier annotations first: an annotation that two batches
 * both carry counts as held only as many times as GitHub holds it.
 */
function notHeld(earlier, batch, held) {
    const copies = new Map();
    for (const annotation of held)
        copies.set(keyOf(annotation), (copies.get(keyOf(annotation)) ?? 0) + 1);
    const takeCopy = (annotation) => {
        const left = copies.get(keyOf(annotation)) ?? 0;
        if (left > 0)
            copies.set(keyOf(annotation), left - 1);
        return left > 0;
    };
    earlier.forEach(takeCopy);
    return batch.filter((annotation) => !takeCopy(annotation));
}
function keyOf(annotation) {
    const { path, start_line, end_line, annotation_level, title, message } = annotation;
    return JSON.stringify([path, start_line, end_line, annotation_level, title, message]);
}

;// CONCATENATED MODULE: ./src/github/failures.ts
// What a failed GitHub request means for a report: wait and try again (5xx, rate limits, a lost
// connection), or stop that report for the run (no permission, a bad token, a request GitHub refuses).
function classify(error, now) {
    const { status, message = '', response } = (error ?? {});
    const headers = response?.headers ?? {};
    const header = (name) => {
        const value = headers[name];
        return value === undefined ? undefined : String(value);
    };
    if (status === undefined || status === 0)
        return { kind: 'transient', unknownOutcome: true };
    if (status === 429 || (status === 403 && isRateLimit(message, header))) {
        const waitMs = rateLimitWait(header, now);
        return { kind: 'transient', unknownOutcome: false, ...(waitMs !== undefined ? { waitMs } : {}) };
    }
    // Octokit reports a request that never got an answer (reset, timeout) as a 500 without headers.
    if (status >= 500)
        return { kind: 'transient', unknownOutcome: true };
    if (status === 401 || status === 403 || status === 404)
        return { kind: 'denied', status };
    return { kind: 'refused', status };
}
function isRateLimit(message, header) {
    return (header('retry-after') !== undefined ||
        header('x-ratelimit-remaining') === '0' ||
        /rate limit/i.test(message));
}
/** `Retry-After` (seconds) first, then the primary limit's reset time (epoch seconds). */
function rateLimitWait(header, now) {
    const retryAfter = Number(header('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter >= 0)
        return retryAfter * 1000;
    const reset = Number(header('x-ratelimit-reset'));
    if (header('x-ratelimit-remaining') === '0' && Number.isFinite(reset)) {
        return Math.max(0, reset * 1000 - now) + 1000;
    }
    // Secondary limits without a header: GitHub asks for at least a minute.
    return 60_000;
}

// EXTERNAL MODULE: ./src/github/open-reports.ts
var open_reports = __webpack_require__(5577);
// EXTERNAL MODULE: ./src/github/settings.ts
var settings = __webpack_require__(9518);
;// CONCATENATED MODULE: ./src/github/permissions.ts
// What to tell a user whose token may not write a report: which permission (each report's is named with its
// input, in settings.ts), and the block to add.

function permissionHelp(kind, status, detail) {
    const { scope, input } = (0,settings/* permissionOf */.Fp)(kind);
    if (status === 401) {
        return (`GitHub did not accept \`github-token\` (HTTP 401: ${detail}); the ${kind} is not reported for this run. ` +
            'Fix: remove `github-token` to use the default `${{ github.token }}`, or pass a valid token.');
    }
    return (`The ${kind} needs the \`${scope}: write\` permission, which \`github-token\` does not have ` +
        `(HTTP ${status}: ${detail}); it is not reported for this run. A pull request from a fork only ever ` +
        `gets a read-only token. Fix: add to the job (or the workflow)\n` +
        `permissions:\n  contents: read\n  ${scope}: write\n` +
        `or remove \`${input}\`.`);
}

;// CONCATENATED MODULE: ./src/github/report-writer.ts




const FIRST_BACKOFF_MS = 1000;
/** No single request waits longer than this. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 15_000;
/** While following, how long one write may keep trying. */
const WRITE_PATIENCE_MS = 120_000;
class ReportWriter {
    pending = [];
    /** Keys whose newest write has not landed: queued, in flight, given up, refused, or cut short. */
    unwritten = new Set();
    current;
    loop;
    deadline;
    wake = new AbortController();
    denied = false;
    hurry;
    kind;
    deps;
    onDenied;
    /**
     * `onDenied`: the report was stopped for the run, and is not left open for post either: post writes with
     * the same token and would only be refused again, with the same warning a second time.
     */
    constructor(kind, deps, onDenied) {
        this.kind = kind;
        this.deps = deps;
        this.onDenied = onDenied;
    }
    /** Whether the report was stopped for the run (no permission, or a token GitHub refused). */
    get stopped() {
        return this.denied;
    }
    enqueue(key, write) {
        if (this.denied)
            return;
        const job = { key, write, superseded: false };
        this.unwritten.add(key);
        const queued = this.pending.findIndex((other) => other.key === key);
        if (queued >= 0)
            this.pending[queued] = job;
        else
            this.pending.push(job);
        if (this.current?.key === key) {
            this.current.superseded = true;
            this.poke();
        }
        this.loop ??= this.work();
    }
    /** Whether the newest write of `key` landed (true for a key never written). */
    written(key) {
        return !this.unwritten.has(key);
    }
    /**
     * Waits for every queued write; from now on no retry starts, and no request lasts, past `deadline`
     * (epoch ms). `hurry` gives up at once. True when every key's newest write landed: not when one gave up
     * at the deadline, was refused, or was cut short, nor when the report was stopped.
     */
    async drain(deadline, hurry) {
        this.deadline = deadline;
        this.hurry = hurry;
        hurry?.addEventListener('abort', () => this.poke(), { once: true });
        this.poke();
        if (hurry?.aborted)
            return false;
        const gaveUp = new Promise((resolve) => hurry?.addEventListener('abort', () => resolve(), { once: true }));
        await Promise.race([this.loop ?? Promise.resolve(), gaveUp]);
        return this.unwritten.size === 0;
    }
    async work() {
        while (!this.denied) {
            const job = this.pending.shift();
            if (!job)
                break;
            this.current = job;
            await this.attempt(job);
            this.current = undefined;
        }
        this.loop = undefined;
    }
    async attempt(job) {
        const started = this.deps.clock.now();
        let backoff = FIRST_BACKOFF_MS;
        let retry = false;
        for (;;) {
            try {
                await job.write(retry, this.requestSignal(started));
                // A newer write of the key is queued: the key is written when that one lands.
                if (!job.superseded)
                    this.unwritten.delete(job.key);
                return;
            }
            catch (error) {
                if (this.hurry?.aborted)
                    return;
                const failure = classify(error, this.deps.clock.now());
                if (failure.kind === 'denied')
                    return this.deny(failure.status, error);
                if (failure.kind === 'refused')
                    return this.refused(failure.status, error);
                retry ||= failure.unknownOutcome;
                const waitMs = Math.min(failure.waitMs ?? backoff, WRITE_PATIENCE_MS);
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
                const limit = this.deadline ?? started + WRITE_PATIENCE_MS;
                if (job.superseded || this.deps.clock.now() + waitMs > limit) {
                    if (!job.superseded)
                        this.gaveUp(error);
                    return;
                }
                await this.deps.sleep(waitMs, this.wake.signal).catch(() => { });
                if (this.hurry?.aborted)
                    return;
            }
        }
    }
    requestSignal(started) {
        const left = (this.deadline ?? started + WRITE_PATIENCE_MS) - this.deps.clock.now();
        const timeout = AbortSignal.timeout(Math.max(1, Math.min(REQUEST_TIMEOUT_MS, left)));
        return this.hurry ? AbortSignal.any([timeout, this.hurry]) : timeout;
    }
    /** Sleeping retries look again at the deadline and at whether they were superseded. */
    poke() {
        this.wake.abort();
        this.wake = new AbortController();
    }
    deny(status, error) {
        this.denied = true;
        this.pending.length = 0;
        this.onDenied?.();
        this.deps.log.warning(permissionHelp(this.kind, status, detail(error)), { title: `GitHub ${this.kind}` });
    }
    /**
     * The key stays unwritten, so a report whose ending was refused is left open for post: post's ending is a
     * request of its own (a short summary, no annotations), which GitHub may well take.
     */
    refused(status, error) {
        this.deps.log.warning(`GitHub refused a ${this.kind} update (HTTP ${status}): ${detail(error)}`);
    }
    gaveUp(error) {
        this.deps.log.warning(`A ${this.kind} update could not be written to GitHub in time: ${detail(error)}`);
    }
}
function detail(error) {
    return (0,safety/* sanitizeLine */.g$)((0,message/* messageOf */.b)(error), { maxLength: 300 });
}

;// CONCATENATED MODULE: ./src/github/report-lifecycle.ts


/** How long post's ending may keep trying, at most. */
const BACKSTOP_PATIENCE_MS = 20_000;
function defineReport(spec) {
    return {
        sink: (name, deps, entry) => reportSink(spec, name, deps, entry),
        finish(name, open, ending, deps) {
            // readOpenReports let through only ids under keys ending in `Id`, and `true` under the others: what
            // `openAs` says of this report's handle.
            const handle = (0,open_reports/* handleIn */.y0)(open, spec.openAs);
            if (handle === undefined)
                return undefined;
            const { targetUrl } = open;
            const write = spec.finish({ name, ending, ...(targetUrl ? { targetUrl } : {}) }, deps);
            if (!write)
                return undefined;
            const writer = new ReportWriter(spec.kind, deps);
            writer.enqueue('state', (retry, signal) => write(handle, retry, signal));
            return writer.drain(Math.min(deps.clock.now() + BACKSTOP_PATIENCE_MS, deps.deadline ?? Infinity));
        },
    };
}
function reportSink(spec, name, deps, entry) {
    const part = entry.part(spec.openAs);
    // A report stopped for a missing permission is not left for post either: post writes with the same token
    // and would only be refused again, with the same warning a second time.
    const writer = new ReportWriter(spec.kind, deps, () => part.close());
    const cancelledAt = watchCancel(deps);
    const payloads = spec.payloads(name, deps);
    let info;
    let handle;
    const adopt = (found) => {
        handle = found;
        if (spec.output)
            deps.outputs.set(spec.output, String(found));
        part.mark(found, info.web.url);
    };
    const send = (key, write) => {
        if (!write)
            return;
        writer.enqueue(key, async (retry, signal) => {
            if (handle !== undefined)
                await write(handle, retry, signal);
        });
    };
    // The first attempt's report is the run's for good, even if a retry comes while its create is being sent.
    const open = (first) => {
        const { open } = payloads;
        if (typeof open !== 'function')
            return adopt(open);
        writer.enqueue('create', async (retry, signal) => adopt(await open(first, retry, signal)));
    };
    return {
        // Once per attempt: the first opens the report, a retry points it at the newest run.
        triggered(triggered) {
            const first = info === undefined;
            info = triggered;
            const write = payloads.attempt(triggered, first);
            if (first)
                open(triggered);
            else if (handle !== undefined)
                part.mark(handle, triggered.web.url);
            send('state', write);
        },
        update(resource, steps) {
            if (info)
                send('state', payloads.update?.(info, resource, steps));
        },
        async concluded(conclusion) {
            if (!info)
                return;
            const deadline = () => finishDeadline(deps, cancelledAt());
            if (conclusion.outcome.kind === 'triggered') {
                deps.log.info(payloads.leftOpen);
                part.close();
                await writer.drain(deadline(), deps.cancel.hurry);
                return;
            }
            payloads.ended(conclusion, info).forEach((write, index) => {
                send(index === 0 ? 'state' : `ending ${index}`, write);
            });
            await writer.drain(deadline(), deps.cancel.hurry);
            // Finished once the completing write landed (a later annotation batch that did not is a warning only,
            // since post's ending would replace the summary); an ending that gave up at the deadline, was refused or
            // was cut short by a second signal stays open for post.
            if (writer.written('state'))
                part.close();
        },
    };
}
/** After a cancel, the runner sends SIGTERM 7.5 s after SIGINT; the reports must be written by then. */
const CANCEL_WINDOW_MS = 6500;
/** Without a cancel, the last writes may keep trying this long (rate limits, 5xx). */
const FINISH_PATIENCE_MS = 60_000;
/** The time the reports' last writes must end by; measured from the first signal when cancelled. */
function finishDeadline(deps, cancelledAt) {
    if (deps.cancel.signal.aborted)
        return (cancelledAt ?? deps.clock.now()) + CANCEL_WINDOW_MS;
    return deps.clock.now() + FINISH_PATIENCE_MS;
}
/** Remembers when the first signal came. */
function watchCancel(deps) {
    let at;
    if (deps.cancel.signal.aborted)
        at = deps.clock.now();
    else
        deps.cancel.signal.addEventListener('abort', () => (at = deps.clock.now()), { once: true });
    return () => at;
}

;// CONCATENATED MODULE: ./src/github/report-text.ts


/** GitHub refuses a longer commit status description. */
const STATUS_DESCRIPTION_LIMIT = 140;
const report_text_TITLE_LIMIT = 200;
/**
 * `Run 5e1f0a… running: step 3/7 lint`. No percentage: it changes with every poll, and the reports
 * change only when the state does.
 */
function runningLine(ref, resource, steps, attempt) {
    const running = (0,format/* currentStep */.SY)(steps);
    const step = running ? `: step ${running.order}/${steps.length} ${(0,safety/* sanitizeLine */.g$)(running.name)}` : '';
    return `${label(ref)}${attemptWords(attempt)} ${(0,safety/* sanitizeLine */.g$)(resource.status || 'unknown')}${step}`;
}
function attemptWords(attempt) {
    return attempt && attempt.attempt > 1 ? ` (attempt ${attempt.attempt}/${attempt.maxAttempts})` : '';
}
/** `Run 5e1f0a… passed in 2m 3s`, `Run 5e1f0a… failed at step 4/7 e2e after 3m`. */
function finalLine(ref, outcome, resource, steps, attempt) {
    const at = outcome === 'failed' ? (0,format/* atFailedStep */.NL)(steps, { quoted: false }) : '';
    const elapsed = (0,format/* elapsedMs */.d5)(resource?.startedAt, resource?.finishedAt);
    const time = elapsed === undefined ? '' : ` ${outcome === 'passed' ? 'in' : 'after'} ${(0,format/* formatDuration */.a3)(elapsed)}`;
    const what = outcome === 'unknown' ? 'ended without a result' : (0,format/* outcomeWord */.nG)(outcome);
    return `${ref ? label(ref) : 'The remote work'}${attemptWords(attempt)} ${what}${at}${time}`;
}
function statusDescription(line) {
    return (0,safety/* clip */.$Q)(line, STATUS_DESCRIPTION_LIMIT);
}
function checkTitle(line) {
    return (0,safety/* clip */.$Q)(line, report_text_TITLE_LIMIT);
}
function label(ref) {
    const id = (0,safety/* sanitizeLine */.g$)(ref.id);
    return `${ref.kind === 'build' ? 'Build' : 'Run'} ${id.length > 8 ? `${id.slice(0, 7)}…` : id}`;
}

;// CONCATENATED MODULE: ./src/github/reports/check-run.ts
// The check run: one check run per action run, created `in_progress` right after the trigger and updated in
// place until its conclusion, with the summary and an annotation per failed step. A create whose answer was lost
// is looked up by `external_id` before it is sent again, so there is never a second check run; an update whose
// answer was lost is sent again with only the annotations GitHub does not hold, since it appends them. A step
// that attaches to a run finds the check run an earlier step left open. With `retries` it stays one check run:
// its external_id is the first attempt's run id, and its title and details_url follow the newest attempt.







/** GitHub refuses a longer `output.summary` (characters); UTF-8 bytes are never fewer. */
const CHECK_SUMMARY_MAX_BYTES = 65_000;
const checkRun = defineReport({
    kind: 'check run',
    openAs: 'checkRunId',
    output: 'check-run-id',
    payloads(name, deps) {
        let current;
        let lastTitle = '';
        const running = (info, resource, steps) => {
            if ((0,types/* isFinished */.$g)(resource))
                return undefined;
            const title = checkTitle(runningLine(info.ref, resource, steps, info));
            if (title === lastTitle)
                return undefined;
            lastTitle = title;
            const output = { title, summary: `Following ${title}.` };
            // Only the newest state is sent, so each one carries the newest attempt's page.
            const fields = info.attempt > 1 ? { details_url: info.web.url, output } : { output };
            return (id, _retry, signal) => deps.api.updateCheckRun(id, fields, signal);
        };
        return {
            leftOpen: `The check run "${name}" is left in progress for a later step to finish (wait: false).`,
            // Named for the first attempt (its external_id) for good, pointing at the current one.
            open: async (first, retry, signal) => {
                if (first.attached || retry) {
                    const found = await deps.api.findCheckRun(name, first.ref.id, signal);
                    if (found !== undefined)
                        return found;
                }
                lastTitle = checkTitle(runningLine(current.ref, current.resource, [], current));
                return deps.api.createCheckRun(newCheckRun(name, first, current, lastTitle, deps.clock.now()), signal);
            },
            // The first attempt's state goes with the create; a retry's is an update.
            attempt(info, first) {
                current = info;
                return first ? undefined : running(info, info.resource, []);
            },
            update: running,
            ended: (conclusion, info) => finalWrites(conclusion, info, deps).map((write) => (id, retry, signal) => {
                return writeFinal(deps, id, write, retry, signal);
            }),
        };
    },
    finish: ({ ending }, { api, clock }) => {
        const title = checkTitle(ending.line);
        const summary = `${title}. The action's main step could not finish this report.`;
        return (id, _retry, signal) => api.updateCheckRun(id, completing(ending.outcome, clock.now(), { title, summary }), signal);
    },
});
/** The fields that complete the check run, main's and post's alike; main's also point at the run's page. */
function completing(outcome, now, output, page = {}) {
    return {
        status: 'completed',
        conclusion: checkConclusion(outcome),
        completed_at: new Date(now).toISOString(),
        ...page,
        output,
    };
}
const CHECK_CONCLUSIONS = {
    passed: 'success',
    failed: 'failure',
    aborted: 'cancelled',
    'timed-out': 'timed_out',
    cancelled: 'cancelled',
    unknown: 'failure',
    triggered: 'failure',
};
function checkConclusion(outcome) {
    return CHECK_CONCLUSIONS[outcome];
}
/** An in-progress check run named for the first attempt's run, pointing at the current attempt. */
function newCheckRun(name, first, current, title, now) {
    return {
        name,
        external_id: first.ref.id,
        status: 'in_progress',
        started_at: new Date(now).toISOString(),
        details_url: current.web.url,
        output: { title, summary: `Following ${title}.` },
    };
}
/** The update that completes the check run, then one more per further batch of annotations. */
function finalWrites(conclusion, info, deps) {
    const { outcome, final } = conclusion;
    const tests = deps.tests?.();
    const counts = tests && tests.steps.length > 0 ? ` · ${testsCountLine(tests)}` : '';
    const title = checkTitle(`${finalLine(info.ref, outcome.kind, final.resource, final.steps, info)}${counts}`);
    const output = { title, summary: deps.summary(conclusion, info, CHECK_SUMMARY_MAX_BYTES) };
    const steps = failedStepAnnotations(final, deps.annotationPath, deps.failedLogs);
    // The failed tests' annotations, at most 50, go in one update of their own after the steps'.
    const testBatch = failedTestAnnotations(tests, deps.placeTest);
    const completes = completing(outcome.kind, deps.clock.now(), output, { details_url: info.web.url });
    // GitHub takes at most 50 annotations a request and adds those of later updates to the earlier ones.
    const writes = [];
    for (let from = 0; from === 0 || from < steps.length; from += ANNOTATIONS_PER_REQUEST) {
        writes.push({
            fields: from === 0 ? completes : { output },
            earlier: steps.slice(0, from),
            batch: steps.slice(from, from + ANNOTATIONS_PER_REQUEST),
        });
    }
    if (testBatch.length > 0)
        writes.push({ fields: { output }, earlier: steps, batch: testBatch });
    return writes;
}
/**
 * One update of the ending. After an attempt that may have taken effect, only the annotations GitHub does not
 * hold yet are sent (the state fields are safe to send again); a later batch it holds in full needs no request.
 */
async function writeFinal(deps, id, write, retry, signal) {
    const { fields, batch } = write;
    const annotations = retry && batch.length > 0 ? await missingAnnotations(deps, id, write, signal) : batch;
    if (annotations.length === 0 && fields.status === undefined)
        return;
    const output = annotations.length > 0 ? { ...fields.output, annotations } : fields.output;
    await deps.api.updateCheckRun(id, { ...fields, output }, signal);
}
/**
 * The batch's annotations that GitHub's list of the check run's lacks. A read that fails for a while fails the
 * write, which is tried again (reading again) until the writer's deadline. A read GitHub refuses for good
 * leaves the batch out, with a warning: a missing annotation rather than one shown twice, and the state fields
 * still go. A lost update that GitHub applies only after the list was read is still not seen.
 */
async function missingAnnotations(deps, id, { earlier, batch }, signal) {
    let held;
    try {
        held = await deps.api.listCheckRunAnnotations(id, signal);
    }
    catch (error) {
        const failure = classify(error, deps.clock.now());
        if (failure.kind === 'transient')
            throw error;
        const detail = (0,safety/* sanitizeLine */.g$)((0,message/* messageOf */.b)(error), { maxLength: 300 });
        deps.log.warning(`GitHub did not list the check run's annotations (HTTP ${failure.status}: ${detail}); ` +
            `${batch.length} of them, which a lost update may have written already, are not sent again, ` +
            'so that none shows twice: some may be missing.');
        return [];
    }
    return notHeld(earlier, batch, held);
}

;// CONCATENATED MODULE: ./src/github/reports/ending-state.ts
const ENDING_STATE = {
    passed: 'success',
    failed: 'failure',
    aborted: 'error',
    'timed-out': 'error',
    cancelled: 'error',
    unknown: 'error',
    triggered: 'error',
};

;// CONCATENATED MODULE: ./src/github/reports/commit-status.ts
// The commit status: one context on the commit, `pending` while the remote work goes (the newest attempt's,
// with `retries`), then `success`, `failure` or `error`. Statuses are idempotent per context, so neither a
// write sent again nor a retried run duplicates it; it has no id, and is there with its first write.




const commitStatus = defineReport({
    kind: 'commit status',
    openAs: 'status',
    payloads(context, { api }) {
        let targetUrl;
        let lastSent = '';
        const send = (status) => {
            return (_handle, _retry, signal) => api.createStatus(status(targetUrl), signal);
        };
        const running = (info, resource, steps) => {
            // A finished run's last word is the conclusion's, not a pending state.
            if ((0,types/* isFinished */.$g)(resource))
                return undefined;
            const description = statusDescription(runningLine(info.ref, resource, steps, info));
            if (description === lastSent)
                return undefined;
            lastSent = description;
            return send((url) => ({ state: 'pending', context, description, ...target(url) }));
        };
        return {
            leftOpen: `The commit status "${context}" is left pending for a later step to finish (wait: false).`,
            open: true,
            // Each attempt: the status follows the newest run.
            attempt(info) {
                targetUrl = info.web.url;
                return running(info, info.resource, []);
            },
            update: running,
            ended: ({ outcome, final }, info) => {
                const line = finalLine(info.ref, outcome.kind, final.resource, final.steps, info);
                return [send((url) => endingStatus(context, outcome.kind, line, url))];
            },
        };
    },
    finish: ({ name, ending, targetUrl }, { api }) => name === undefined
        ? undefined
        : (_handle, _retry, signal) => api.createStatus(endingStatus(name, ending.outcome, ending.line, targetUrl), signal),
});
/** The status that ends the report, main's and post's alike. */
function endingStatus(context, outcome, line, targetUrl) {
    return {
        state: ENDING_STATE[outcome],
        context,
        description: statusDescription(line),
        ...target(targetUrl),
    };
}
function target(url) {
    return url ? { target_url: url } : {};
}

;// CONCATENATED MODULE: ./src/github/reports/deployment.ts




const deployment = defineReport({
    kind: 'deployment',
    openAs: 'deploymentId',
    output: 'deployment-id',
    payloads(environment, { api }) {
        let current;
        return {
            leftOpen: `The deployment to "${environment}" is left in progress for a later step to finish (wait: false).`,
            open: async (first, retry, signal) => {
                const { ref } = first;
                if (first.attached || retry) {
                    const found = await api.findDeployment(environment, ref.id, signal);
                    if (found !== undefined)
                        return found;
                }
                const description = deploymentDescription(first);
                return api.createDeployment({ environment, description, runId: ref.id }, signal);
            },
            // Each attempt says it is running, linking to the newest run.
            attempt(info) {
                current = info;
                const description = statusDescription(`${deploymentDescription(info)} is running`);
                return (id, _retry, signal) => api.createDeploymentStatus(id, { state: 'in_progress', description, log_url: current.web.url }, signal);
            },
            ended: ({ outcome, final }, info) => {
                const line = finalLine(info.ref, outcome.kind, final.resource, final.steps, info);
                return [
                    (id, _retry, signal) => api.createDeploymentStatus(id, deployment_endingStatus(outcome.kind, line, current.web.url), signal),
                ];
            },
        };
    },
    finish: ({ ending, targetUrl }, { api }) => {
        const status = deployment_endingStatus(ending.outcome, ending.line, targetUrl);
        return (id, _retry, signal) => api.createDeploymentStatus(id, status, signal);
    },
});
/** The status that ends the deployment, main's and post's alike. */
function deployment_endingStatus(outcome, line, logUrl) {
    return {
        state: ENDING_STATE[outcome],
        description: statusDescription(line),
        ...(logUrl ? { log_url: logUrl } : {}),
    };
}
/** `Pipeline deploy, run 5e1f0a…`: what the deployment is, as GitHub lists it. */
function deploymentDescription(info) {
    const pipeline = info.pipelineName ?? ('pipeline' in info.resource ? info.resource.pipeline?.name : undefined);
    const noun = info.ref.kind === 'build' ? 'build' : 'run';
    const attempt = info.attempt > 1 ? ` (attempt ${info.attempt}/${info.maxAttempts})` : '';
    return `${pipeline ? `Pipeline ${(0,safety/* sanitizeLine */.g$)(pipeline, { maxLength: 60 })}, ` : ''}${noun} ${(0,safety/* sanitizeLine */.g$)(info.ref.id, { maxLength: 40 })}${attempt}`;
}

;// CONCATENATED MODULE: ./src/github/reporting.ts







/** Every report, by the field of `GitHubReporting` that names it. */
const REPORTS = {
    commitStatus: commitStatus,
    checkRun: checkRun,
    deploymentEnvironment: deployment,
};
/** The GitHub reports as one sink: they hear the flow together and finish within one time budget. */
function createGitHubSink(reporting, deps) {
    const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
    const entry = new OpenReportsEntry(deps.openReports);
    return together(REPORT_FIELDS.flatMap((field) => {
        const name = reporting[field];
        return name ? [REPORTS[field].sink(name, { ...deps, api }, entry)] : [];
    }));
}
/**
 * Post's backstop after a main that was killed: every report main opened and did not finish gets the
 * given ending. Failures are warnings.
 */
async function finishOpenReports(reporting, open, ending, deps) {
    const api = deps.api ?? octokit_api_createOctokitApi({ ...reporting, userAgent: deps.userAgent });
    const writes = settings/* REPORT_FIELDS */.r$.flatMap((field) => {
        const done = REPORTS[field].finish(reporting[field], open, ending, { ...deps, api });
        return done ? [done] : [];
    });
    const done = await Promise.all(writes);
    if (done.every(Boolean))
        deps.log.info('Finished the GitHub reports the main step left open.');
}


/***/ })

};
