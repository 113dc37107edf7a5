export const id = 654;
export const ids = [654];
export const modules = {

/***/ 2654:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createGitHubSink: () => (/* binding */ createGitHubSink),
  finishOpenReports: () => (/* binding */ finishOpenReports)
});

// EXTERNAL MODULE: ./src/core/flow/events.ts
var events = __webpack_require__(7363);
;// CONCATENATED MODULE: ./src/core/sinks/together.ts
// Several sinks as one: each hears every event in turn, and their endings run at the same time, so
// reports that each wait on a remote service share one time budget instead of queueing for it.

function together(sinks) {
    const sink = {};
    for (const event of events/* EVENT_NAMES */.MN) {
        const hearing = () => sinks.filter((each) => each[event] !== undefined);
        sink[event] =
            events/* FLOW_EVENTS */.bi[event] === 'now'
                ? // One sink that throws does not keep the event from the others; the first error is passed on.
                    (...args) => {
                        const errors = [];
                        for (const each of hearing()) {
                            try {
                                (0,events/* tell */.qz)(each, event, args);
                            }
                            catch (error) {
                                errors.push(error);
                            }
                        }
                        if (errors.length > 0)
                            throw errors[0];
                    }
                : async (...args) => {
                    const results = await Promise.allSettled(hearing().map(async (each) => (0,events/* tell */.qz)(each, event, args)));
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
function createOctokitApi(options) {
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

// EXTERNAL MODULE: ./src/core/contract.ts
var contract = __webpack_require__(2013);
;// CONCATENATED MODULE: ./src/github/open-reports.ts
// Which GitHub reports main opened and has not finished yet, kept in the post entry's state: after a
// SIGKILL, post finishes them. A report left open on purpose (`wait: false`) is not listed.

class OpenReports {
    current = {};
    store;
    constructor(store) {
        this.store = store;
    }
    mark(change) {
        this.current = { ...this.current, ...change };
        this.save();
    }
    close(part) {
        if (this.current[part] === undefined)
            return;
        const rest = { ...this.current };
        delete rest[part];
        this.current = rest;
        this.save();
    }
    save() {
        const { status, checkRunId, deploymentId } = this.current;
        const anyOpen = status === true || checkRunId !== undefined || deploymentId !== undefined;
        (0,contract/* saveState */.LZ)(this.store, 'githubReports', anyOpen ? this.current : undefined);
    }
}

// EXTERNAL MODULE: ./src/text/message.ts
var message = __webpack_require__(6400);
// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
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

;// CONCATENATED MODULE: ./src/github/permissions.ts
// What to tell a user whose token may not write a report: which permission, and the block to add.
const PERMISSION = {
    'commit status': { scope: 'statuses', input: 'commit-status' },
    'check run': { scope: 'checks', input: 'check-run' },
    deployment: { scope: 'deployments', input: 'deployment-environment' },
};
function permissionHelp(kind, status, detail) {
    const { scope, input } = PERMISSION[kind];
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

// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
;// CONCATENATED MODULE: ./src/github/report-text.ts


/** GitHub refuses a longer commit status description. */
const STATUS_DESCRIPTION_LIMIT = 140;
const TITLE_LIMIT = 200;
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
    return (0,safety/* clip */.$Q)(line, TITLE_LIMIT);
}
function commitState(outcome) {
    if (outcome === 'passed')
        return 'success';
    if (outcome === 'failed')
        return 'failure';
    return 'error';
}
function checkConclusion(outcome) {
    if (outcome === 'passed')
        return 'success';
    if (outcome === 'aborted' || outcome === 'cancelled')
        return 'cancelled';
    if (outcome === 'timed-out')
        return 'timed_out';
    return 'failure';
}
function deploymentState(outcome) {
    if (outcome === 'passed')
        return 'success';
    if (outcome === 'failed')
        return 'failure';
    return 'error';
}
function label(ref) {
    const id = (0,safety/* sanitizeLine */.g$)(ref.id);
    return `${ref.kind === 'build' ? 'Build' : 'Run'} ${id.length > 8 ? `${id.slice(0, 7)}…` : id}`;
}

// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
;// CONCATENATED MODULE: ./src/github/check-annotations.ts


/** GitHub takes at most this many annotations in one create or update request. */
const ANNOTATIONS_PER_REQUEST = 50;
/** Beyond this, failed steps are not annotated one by one (ten requests' worth). */
const MAX_ANNOTATIONS = 500;
const check_annotations_TITLE_LIMIT = 255;
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
            title: (0,safety/* clip */.$Q)((0,format/* stepHeading */.J9)(step, total), check_annotations_TITLE_LIMIT),
            message: (0,safety/* clip */.$Q)(message, MESSAGE_LIMIT),
        };
    });
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

;// CONCATENATED MODULE: ./src/github/sinks/shared.ts
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

;// CONCATENATED MODULE: ./src/github/sinks/check-run.ts
// The check run sink: one check run per action run, created `in_progress` right after the trigger and
// updated in place until its conclusion, with the summary and an annotation per failed step. A create
// whose answer was lost is looked up by `external_id` before it is sent again, so there is never a
// second check run; an update whose answer was lost is sent again with only the annotations GitHub does not
// hold, since it appends them. A step that attaches to a run finds the check run an earlier step left open.
// With `retries` it stays one check run: its external_id is the first attempt's run id, and its title and
// details_url follow the newest attempt.








/** GitHub refuses a longer `output.summary` (characters); UTF-8 bytes are never fewer. */
const CHECK_SUMMARY_MAX_BYTES = 65_000;
function createCheckRunSink(name, deps) {
    const writer = new ReportWriter('check run', deps, () => deps.open.close('checkRunId'));
    const cancelledAt = watchCancel(deps);
    let info;
    let id;
    let lastTitle = '';
    const adopt = (found) => {
        id = found;
        deps.outputs.set('check-run-id', String(found));
        deps.open.mark({ checkRunId: found, targetUrl: info.web.url });
    };
    // The first attempt names the check run (its external_id) for good, even if a retry comes while
    // the create is still being sent.
    const createOnce = (first) => async (retry, signal) => {
        if (first.attached || retry) {
            const found = await deps.api.findCheckRun(name, first.ref.id, signal);
            if (found !== undefined)
                return adopt(found);
        }
        lastTitle = checkTitle(runningLine(info.ref, info.resource, [], info));
        adopt(await deps.api.createCheckRun(newCheckRun(name, first, info, lastTitle, deps.clock.now()), signal));
    };
    const progress = (resource, steps) => {
        if (!info || (0,types/* isFinished */.$g)(resource))
            return;
        const title = checkTitle(runningLine(info.ref, resource, steps, info));
        if (title === lastTitle)
            return;
        lastTitle = title;
        const output = { title, summary: `Following ${title}.` };
        // Only the newest state is sent, so each one carries the newest attempt's page.
        const fields = info.attempt > 1 ? { details_url: info.web.url, output } : { output };
        writer.enqueue('state', async (_retry, signal) => {
            if (id !== undefined)
                await deps.api.updateCheckRun(id, fields, signal);
        });
    };
    return {
        // Once per attempt: the first creates the check run, a retry points it at the newest run.
        triggered(triggered) {
            const retry = info !== undefined;
            info = triggered;
            if (!retry)
                return writer.enqueue('create', createOnce(triggered));
            if (id !== undefined)
                deps.open.mark({ targetUrl: triggered.web.url });
            progress(triggered.resource, []);
        },
        update: progress,
        async concluded(conclusion) {
            if (!info)
                return;
            const deadline = () => finishDeadline(deps, cancelledAt());
            if (conclusion.outcome.kind === 'triggered') {
                deps.log.info(`The check run "${name}" is left in progress for a later step to finish (wait: false).`);
                await writer.drain(deadline(), deps.cancel.hurry);
                if (id !== undefined)
                    deps.open.close('checkRunId');
                return;
            }
            finish(conclusion);
            await writer.drain(deadline(), deps.cancel.hurry);
            // Finished once the completing update landed; a later annotation batch that did not is a warning
            // only, since post's ending would replace the summary. Otherwise it stays open for post.
            if (writer.written('state'))
                deps.open.close('checkRunId');
        },
    };
    function finish(conclusion) {
        finalWrites(conclusion, info, deps).forEach((write, index) => {
            writer.enqueue(index === 0 ? 'state' : `annotations ${index}`, async (retry, signal) => {
                if (id !== undefined)
                    await writeFinal(deps, id, write, retry, signal);
            });
        });
    }
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
    const title = checkTitle(finalLine(info.ref, outcome.kind, final.resource, final.steps, info));
    const output = { title, summary: deps.summary(conclusion, info, CHECK_SUMMARY_MAX_BYTES) };
    const annotations = failedStepAnnotations(final, deps.annotationPath, deps.failedLogs);
    const completing = {
        status: 'completed',
        conclusion: checkConclusion(outcome.kind),
        completed_at: new Date(deps.clock.now()).toISOString(),
        details_url: info.web.url,
        output,
    };
    // GitHub takes at most 50 annotations a request and adds those of later updates to the earlier ones.
    const writes = [];
    for (let from = 0; from === 0 || from < annotations.length; from += ANNOTATIONS_PER_REQUEST) {
        writes.push({
            fields: from === 0 ? completing : { output },
            earlier: annotations.slice(0, from),
            batch: annotations.slice(from, from + ANNOTATIONS_PER_REQUEST),
        });
    }
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

;// CONCATENATED MODULE: ./src/github/sinks/commit-status.ts
// The commit status sink: one context on the commit, `pending` while the remote work goes (the newest
// attempt's, with `retries`), then `success`, `failure` or `error`. Statuses are idempotent per
// context, so neither a write sent again nor a retried run duplicates it.




function createCommitStatusSink(context, deps) {
    const writer = new ReportWriter('commit status', deps, () => deps.open.close('status'));
    const cancelledAt = watchCancel(deps);
    let info;
    let targetUrl;
    let lastSent = '';
    const send = (state, line) => {
        const description = statusDescription(line);
        if (state === 'pending' && description === lastSent)
            return;
        lastSent = description;
        writer.enqueue('state', (_retry, signal) => deps.api.createStatus({ state, context, description, ...(targetUrl ? { target_url: targetUrl } : {}) }, signal));
    };
    const progress = (resource, steps) => {
        // A finished run's last word is the conclusion's, not a pending state.
        if (info && !(0,types/* isFinished */.$g)(resource))
            send('pending', runningLine(info.ref, resource, steps, info));
    };
    return {
        // Once per attempt: the status follows the newest run.
        triggered(triggered) {
            info = triggered;
            targetUrl = triggered.web.url;
            if (!writer.stopped)
                deps.open.mark({ status: true, targetUrl });
            progress(triggered.resource, []);
        },
        update: progress,
        async concluded({ outcome, final }) {
            if (!info)
                return;
            if (outcome.kind === 'triggered') {
                deps.log.info(`The commit status "${context}" is left pending for a later step to finish (wait: false).`);
                deps.open.close('status');
                await writer.drain(finishDeadline(deps, cancelledAt()), deps.cancel.hurry);
                return;
            }
            send(commitState(outcome.kind), finalLine(info.ref, outcome.kind, final.resource, final.steps, info));
            if (await writer.drain(finishDeadline(deps, cancelledAt()), deps.cancel.hurry))
                deps.open.close('status');
        },
    };
}

;// CONCATENATED MODULE: ./src/github/sinks/deployment.ts




function createDeploymentSink(environment, deps) {
    const writer = new ReportWriter('deployment', deps, () => deps.open.close('deploymentId'));
    const cancelledAt = watchCancel(deps);
    let info;
    let id;
    const adopt = (found) => {
        id = found;
        deps.outputs.set('deployment-id', String(found));
        deps.open.mark({ deploymentId: found, targetUrl: info.web.url });
    };
    // The first attempt's run is the deployment's for good, even if a retry comes during the create.
    const createOnce = (first) => async (retry, signal) => {
        const { ref } = first;
        if (first.attached || retry) {
            const found = await deps.api.findDeployment(environment, ref.id, signal);
            if (found !== undefined)
                return adopt(found);
        }
        adopt(await deps.api.createDeployment({ environment, description: deploymentDescription(first), runId: ref.id }, signal));
    };
    const status = (state, description) => writer.enqueue('state', async (_retry, signal) => {
        if (id === undefined)
            return;
        await deps.api.createDeploymentStatus(id, { state, description: statusDescription(description), log_url: info.web.url }, signal);
    });
    return {
        // Once per attempt: the first creates the deployment, each one says it is running.
        triggered(triggered) {
            const retry = info !== undefined;
            info = triggered;
            if (!retry)
                writer.enqueue('create', createOnce(triggered));
            else if (id !== undefined)
                deps.open.mark({ targetUrl: triggered.web.url });
            status('in_progress', `${deploymentDescription(triggered)} is running`);
        },
        async concluded({ outcome, final }) {
            if (!info)
                return;
            const deadline = () => finishDeadline(deps, cancelledAt());
            if (outcome.kind === 'triggered') {
                deps.log.info(`The deployment to "${environment}" is left in progress for a later step to finish (wait: false).`);
                await writer.drain(deadline(), deps.cancel.hurry);
                if (id !== undefined)
                    deps.open.close('deploymentId');
                return;
            }
            status(deploymentState(outcome.kind), finalLine(info.ref, outcome.kind, final.resource, final.steps, info));
            if (await writer.drain(deadline(), deps.cancel.hurry))
                deps.open.close('deploymentId');
        },
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








/** The GitHub reports as one sink: they hear the flow together and finish within one time budget. */
function createGitHubSink(reporting, deps) {
    const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
    const shared = { ...deps, api, open: new OpenReports(deps.state) };
    const sinks = [];
    if (reporting.commitStatus)
        sinks.push(createCommitStatusSink(reporting.commitStatus, shared));
    if (reporting.checkRun)
        sinks.push(createCheckRunSink(reporting.checkRun, shared));
    if (reporting.deploymentEnvironment) {
        sinks.push(createDeploymentSink(reporting.deploymentEnvironment, shared));
    }
    return together(sinks);
}
const BACKSTOP_PATIENCE_MS = 20_000;
/**
 * Post's backstop after a main that was killed: every report main opened and did not finish gets the
 * given ending. Failures are warnings.
 */
async function finishOpenReports(reporting, open, ending, deps) {
    const api = deps.api ?? createOctokitApi({ ...reporting, userAgent: deps.userAgent });
    const description = statusDescription(ending.line);
    const target = open.targetUrl ? { target_url: open.targetUrl } : {};
    const writers = [];
    const write = (kind, call) => {
        const writer = new ReportWriter(kind, deps);
        writer.enqueue('state', (_retry, signal) => call(signal));
        writers.push(writer.drain(Math.min(deps.clock.now() + BACKSTOP_PATIENCE_MS, deps.deadline ?? Infinity)));
    };
    if (open.status && reporting.commitStatus) {
        const context = reporting.commitStatus;
        write('commit status', (signal) => api.createStatus({ state: commitState(ending.outcome), context, description, ...target }, signal));
    }
    if (open.checkRunId !== undefined) {
        const id = open.checkRunId;
        const title = checkTitle(ending.line);
        write('check run', (signal) => api.updateCheckRun(id, {
            status: 'completed',
            conclusion: checkConclusion(ending.outcome),
            completed_at: new Date(deps.clock.now()).toISOString(),
            output: { title, summary: `${title}. The action's main step could not finish this report.` },
        }, signal));
    }
    if (open.deploymentId !== undefined) {
        const id = open.deploymentId;
        write('deployment', (signal) => api.createDeploymentStatus(id, {
            state: deploymentState(ending.outcome),
            description,
            ...(open.targetUrl ? { log_url: open.targetUrl } : {}),
        }, signal));
    }
    const done = await Promise.all(writers);
    if (done.every(Boolean))
        deps.log.info('Finished the GitHub reports the main step left open.');
}


/***/ })

};
