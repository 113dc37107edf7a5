export const id = 175;
export const ids = [175,790];
export const modules = {

/***/ 790:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  stepGitHubSink: () => (/* binding */ stepGitHubSink),
  targetGitHubSink: () => (/* binding */ targetGitHubSink)
});

// EXTERNAL MODULE: ./src/core/report/summary-html.ts
var summary_html = __webpack_require__(7482);
// EXTERNAL MODULE: ./src/core/sinks/deferred.ts
var deferred = __webpack_require__(449);
// EXTERNAL MODULE: ./src/core/sinks/summary-sink.ts
var summary_sink = __webpack_require__(2086);
// EXTERNAL MODULE: ./src/time.ts
var time = __webpack_require__(9834);
// EXTERNAL MODULE: ./src/core/flow/target-label.ts
var target_label = __webpack_require__(4956);
;// CONCATENATED MODULE: ./src/action/github-names.ts
// One target's GitHub reports among several: each report's name holds the target's label.

function namedFor(github, label) {
    const { commitStatus, checkRun, deploymentEnvironment } = github;
    return {
        ...github,
        ...(commitStatus !== undefined ? { commitStatus: (0,target_label/* nameForTarget */.S)(commitStatus, label) } : {}),
        ...(checkRun !== undefined ? { checkRun: (0,target_label/* nameForTarget */.S)(checkRun, label) } : {}),
        ...(deploymentEnvironment !== undefined
            ? { deploymentEnvironment: (0,target_label/* nameForTarget */.S)(deploymentEnvironment, label) }
            : {}),
    };
}

// EXTERNAL MODULE: ./src/action/github-ports.ts
var github_ports = __webpack_require__(4342);
// EXTERNAL MODULE: ./src/action/runner-context.ts + 1 modules
var runner_context = __webpack_require__(5373);
// EXTERNAL MODULE: ./src/action/user-agent.ts
var user_agent = __webpack_require__(5791);
;// CONCATENATED MODULE: ./src/action/github-sink.ts








function gitHubSink(loading, github, ports) {
    const { settings, tails } = ports;
    return (0,deferred/* deferred */.y)(loading.then(({ createGitHubSink }) => createGitHubSink(github, {
        outputs: ports.outputs,
        state: ports.state,
        log: ports.log,
        clock: time/* systemClock */.m,
        sleep: time/* realSleep */.u,
        cancel: ports.cancel,
        wait: settings.wait,
        userAgent: user_agent/* USER_AGENT */._,
        annotationPath: (0,runner_context/* workflowPath */.R)(),
        failedLogs: tails,
        summary: (conclusion, info, maxBytes) => (0,summary_html/* renderSummary */.B)((0,summary_sink.summaryDoc)(settings, info, conclusion, { tails }), { maxBytes }),
    })));
}
/** The step's reports, with its outputs and state. */
function stepGitHubSink(loading, github, settings, cancel, tails) {
    return gitHubSink(loading, github, {
        settings,
        outputs: github_ports/* githubOutputs */.mw,
        state: github_ports/* githubState */.Fz,
        log: github_ports/* githubLog */.QL,
        cancel,
        tails,
    });
}
/** One target's reports among several: named for it, its ids kept out of the step's outputs. */
function targetGitHubSink(loading, github, run) {
    return gitHubSink(loading, namedFor(github, run.label), {
        settings: run.settings,
        outputs: { set: () => undefined },
        state: run.state,
        log: run.log,
        cancel: run.cancel,
        tails: run.tails,
    });
}


/***/ }),

/***/ 9175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runSeveral: () => (/* binding */ runSeveral)
});

// EXTERNAL MODULE: ./src/text/message.ts
var message = __webpack_require__(6400);
// EXTERNAL MODULE: ./src/core/contract.ts
var contract = __webpack_require__(2013);
;// CONCATENATED MODULE: ./src/core/rate-limit.ts
/**
 * The most requests a step sends to the CI service per second, all targets together. The window is a
 * little longer than a second because the server counts arrivals: a request on a new connection arrives
 * tens of milliseconds later than one on a warm connection started after it.
 */
const SHARED_RATE = { max: 10, windowMs: 1100 };
class RateLimiter {
    #limit;
    #clock;
    #sleep;
    #started = [];
    #queue = [];
    #pumping = false;
    #lifted = false;
    /** `liftOn`: when it aborts, every waiting call starts and later ones no longer wait. */
    constructor(limit, time, liftOn) {
        this.#limit = limit;
        this.#clock = time.clock;
        this.#sleep = time.sleep;
        if (liftOn?.aborted)
            this.#lifted = true;
        else
            liftOn?.addEventListener('abort', () => this.#lift(), { once: true });
    }
    /** Resolves when a call may start; rejects with the signal's reason if it aborts first. */
    take(urgent, signal) {
        if (signal?.aborted)
            return Promise.reject(signal.reason);
        if (this.#lifted)
            return Promise.resolve();
        return new Promise((resolve, reject) => {
            const onAbort = () => {
                const index = this.#queue.indexOf(ticket);
                if (index >= 0)
                    this.#queue.splice(index, 1);
                reject(signal?.reason);
            };
            const ticket = {
                urgent,
                signal,
                start: () => {
                    signal?.removeEventListener('abort', onAbort);
                    resolve();
                },
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            const firstCalm = urgent ? this.#queue.findIndex((queued) => !queued.urgent) : -1;
            if (firstCalm >= 0)
                this.#queue.splice(firstCalm, 0, ticket);
            else
                this.#queue.push(ticket);
            void this.#pump();
        });
    }
    #lift() {
        this.#lifted = true;
        for (const ticket of this.#queue.splice(0)) {
            if (!ticket.signal?.aborted)
                ticket.start();
        }
    }
    async #pump() {
        if (this.#pumping)
            return;
        this.#pumping = true;
        try {
            while (this.#queue.length > 0 && !this.#lifted) {
                const now = this.#clock.now();
                while (this.#started.length > 0 && this.#started[0] <= now - this.#limit.windowMs) {
                    this.#started.shift();
                }
                if (this.#started.length < this.#limit.max) {
                    this.#started.push(now);
                    this.#queue.shift().start();
                    continue;
                }
                await this.#sleep(this.#started[0] + this.#limit.windowMs - now);
            }
        }
        finally {
            this.#pumping = false;
        }
    }
}
const URGENT = new Set(['abortRun', 'abortBuild']);
/** The API port with every call waiting its turn at `limiter`. */
function rateLimited(client, limiter) {
    const wrap = (method, call, optionsAt) => async (...args) => {
        const options = args[optionsAt];
        await limiter.take(URGENT.has(method), options?.signal);
        return call(...args);
    };
    return {
        apiUrl: client.apiUrl,
        getApplication: wrap('getApplication', client.getApplication.bind(client), 2),
        listPipelines: wrap('listPipelines', client.listPipelines.bind(client), 3),
        listRuns: wrap('listRuns', client.listRuns.bind(client), 1),
        getRun: wrap('getRun', client.getRun.bind(client), 1),
        getRunSteps: wrap('getRunSteps', client.getRunSteps.bind(client), 1),
        triggerRun: wrap('triggerRun', client.triggerRun.bind(client), 1),
        abortRun: wrap('abortRun', client.abortRun.bind(client), 1),
        listBuilds: wrap('listBuilds', client.listBuilds.bind(client), 3),
        getBuild: wrap('getBuild', client.getBuild.bind(client), 1),
        triggerBuild: wrap('triggerBuild', client.triggerBuild.bind(client), 1),
        abortBuild: wrap('abortBuild', client.abortBuild.bind(client), 1),
        listWorkflows: wrap('listWorkflows', client.listWorkflows.bind(client), 1),
        getWorkflow: wrap('getWorkflow', client.getWorkflow.bind(client), 1),
        openStepLog: wrap('openStepLog', client.openStepLog.bind(client), 1),
        readStepLog: wrap('readStepLog', client.readStepLog.bind(client), 2),
    };
}

;// CONCATENATED MODULE: ./src/core/shared-reads.ts
function sharedReads(client) {
    const kept = new Map();
    const once = (key, read) => {
        const known = kept.get(key);
        if (known)
            return known;
        const reading = read();
        kept.set(key, reading);
        reading.catch(() => kept.delete(key));
        return reading;
    };
    const overrides = {
        getApplication: (owner, name, call) => once(JSON.stringify(['application', owner, name]), () => client.getApplication(owner, name, call)),
        listPipelines: (owner, name, page, call) => once(JSON.stringify(['pipelines', owner, name, page ?? null]), () => client.listPipelines(owner, name, page, call)),
    };
    return new Proxy(client, {
        get: (target, key) => {
            const value = overrides[key] ?? target[key];
            return typeof value === 'function' ? value.bind(target) : value;
        },
    });
}

// EXTERNAL MODULE: ./src/core/sinks/failed-logs.ts
var failed_logs = __webpack_require__(807);
// EXTERNAL MODULE: ./src/core/sinks/log-sink.ts + 4 modules
var log_sink = __webpack_require__(6562);
;// CONCATENATED MODULE: ./src/core/sinks/prefixed-log.ts
function prefixedLog(log, label) {
    const prefix = `[${label}] `;
    const titled = (props) => props?.title !== undefined ? { ...props, title: prefix + props.title } : { ...props, title: label };
    return {
        info: (line) => log.info(prefix + line),
        debug: (line) => log.debug(prefix + line),
        warning: (message, props) => log.warning(prefix + message, titled(props)),
        error: (message, props) => log.error(prefix + message, titled(props)),
        remote: (lines) => log.remote(lines),
        startGroup: (title) => log.startGroup(prefix + title),
        endGroup: () => log.endGroup(),
    };
}

// EXTERNAL MODULE: ./src/core/report/annotations.ts
var annotations = __webpack_require__(7516);
// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
;// CONCATENATED MODULE: ./src/core/sinks/target-errors.ts



/**
 * Why a target ended in an error (a trigger that could not be made sure of, reads that kept failing, a
 * result that is not known); undefined for every other end, which the run's failed steps, or the
 * step's failure, already tell.
 */
function errorCause(outcome) {
    return outcome.kind === 'unknown' && !outcome.success
        ? (0,safety/* sanitizeLine */.g$)(outcome.message, { maxLength: 2000 })
        : undefined;
}
class TargetErrors {
    budget = new annotations/* AnnotationBudget */.TL({
        noun: { one: 'failed step or target error', many: 'failed steps or target errors' },
    });
    /** One target's: put it after its log sink, so the cause follows the target's last line. */
    sink(log) {
        return {
            concluded: ({ outcome }) => {
                const cause = errorCause(outcome);
                if (cause !== undefined && this.budget.take('error'))
                    log.error(cause);
            },
        };
    }
    /** Once every target has ended: one annotation for those left out, if any, of each kind. */
    finish(log) {
        (0,log_sink/* writeOverflow */.S)(this.budget, log);
    }
}

// EXTERNAL MODULE: ./src/core/flow/execute.ts + 23 modules
var execute = __webpack_require__(3109);
// EXTERNAL MODULE: ./src/core/outcome.ts
var core_outcome = __webpack_require__(9411);
;// CONCATENATED MODULE: ./src/core/flow/several-outcome.ts

/** Worst first: the kind the step reports is the worst of its targets'. */
const SEVERITY = [
    'failed',
    'timed-out',
    'cancelled',
    'aborted',
    'unknown',
    'triggered',
    'passed',
];
/** A target that ended this way stops the others under `fail-fast`. */
function stopsOthers(outcome) {
    return outcome.kind === 'failed' || outcome.kind === 'aborted' || outcome.kind === 'unknown';
}
/**
 * A target cancelled because another failed first: aborted, or when it had finished just before the
 * abort, gated on its own result.
 */
function failFastOutcome({ outcome, final }, failedFirst, settings) {
    const finished = final.abort?.alreadyFinished ? final.abort.resource : undefined;
    if (finished) {
        const what = final.ref?.kind === 'build' ? 'build' : 'run';
        return (0,core_outcome/* decideOutcome */.d)({ finished: true, result: finished.result, steps: final.steps }, settings, what);
    }
    const rest = outcome.message.replace(/^Cancelled/, '');
    return {
        kind: 'aborted',
        success: false,
        message: `Aborted because ${failedFirst} failed (fail-fast: true)${rest}`,
    };
}
function combinedOutcome(targets, failedFirst) {
    const kinds = targets.map((target) => target.conclusion.outcome.kind);
    const kind = SEVERITY.find((severity) => kinds.includes(severity)) ?? 'unknown';
    const counts = SEVERITY.flatMap((severity) => {
        const count = kinds.filter((each) => each === severity).length;
        return count > 0 ? [`${count} ${severity}`] : [];
    });
    const notPassed = targets
        .filter((target) => !['passed', 'triggered'].includes(target.conclusion.outcome.kind))
        .map((target) => `${target.label} ${target.conclusion.outcome.kind}`);
    const why = failedFirst !== undefined ? `; ${failedFirst} failed first (fail-fast: true)` : '';
    const which = notPassed.length > 0
        ? ` (${notPassed.slice(0, 10).join(', ')}${notPassed.length > 10 ? ', …' : ''})`
        : '';
    return {
        kind,
        success: targets.every((target) => target.conclusion.outcome.success),
        message: `${targets.length} targets: ${counts.join(', ')}${which}${why}.`,
    };
}
/** The worst result: failed before aborted before unknown before passed. */
function worstOf(results) {
    for (const result of ['failed', 'aborted', 'unknown']) {
        if (results.includes(result))
            return result;
    }
    return results.length > 0 ? 'passed' : 'unknown';
}

;// CONCATENATED MODULE: ./src/core/flow/resolution-gate.ts
class ResolutionGate {
    #labels;
    #joined;
    #all;
    #everyone;
    constructor(labels) {
        this.#labels = labels;
        this.#joined = labels.map(() => undefined);
        const everyone = new Promise((resolve) => (this.#everyone = resolve));
        this.#all = everyone.then(() => Promise.allSettled(this.#joined));
    }
    /** Waits for every target; throws when this one must not be triggered because of another. */
    async join(index, resolving) {
        // Its failure is the target's own error, thrown where it resolves; here it is only looked at.
        resolving.catch(() => undefined);
        this.#joined[index] = resolving;
        if (this.#joined.every((joined) => joined !== undefined))
            this.#everyone();
        const results = await this.#all;
        const own = results[index];
        if (own.status === 'rejected')
            return;
        const failed = results.findIndex((result) => result.status === 'rejected');
        if (failed >= 0) {
            throw new Error(`Not triggered: ${this.#labels[failed]} could not be resolved (its error says why), and the ` +
                'targets of a step are triggered all together or not at all.');
        }
        const twice = this.#samePipeline(results);
        if (twice)
            throw new Error(twice);
    }
    #samePipeline(results) {
        const first = new Map();
        for (const [index, { value }] of results.entries()) {
            if (value.kind !== 'run')
                continue;
            const earlier = first.get(value.pipelineId);
            if (earlier !== undefined) {
                return (`Inputs \`pipeline\` and \`pipeline-id\`: ${this.#labels[earlier]} and ${this.#labels[index]} are the same ` +
                    `pipeline (${value.pipelineId}); nothing was triggered. List each pipeline once.`);
            }
            first.set(value.pipelineId, index);
        }
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/core/flow/target-label.ts
var target_label = __webpack_require__(4956);
;// CONCATENATED MODULE: ./src/core/flow/targets-state.ts
// With several targets, what post needs of each is kept in one state entry, `targets`, rewritten as any
// target's part changes: the trigger in flight, the run's id, whether it settled, its open GitHub reports.

class TargetsState {
    #store;
    #entries;
    constructor(store, count) {
        this.#store = store;
        this.#entries = Array.from({ length: count }, () => ({ settled: false }));
    }
    update(index, change) {
        const next = { ...this.#entries[index], ...change };
        for (const key of Object.keys(next)) {
            if (next[key] === undefined)
                delete next[key];
        }
        this.#entries[index] = next;
        (0,contract/* saveState */.LZ)(this.#store, 'targets', this.#entries);
    }
    /** A state store for one target's GitHub reports: what they save lands in its entry. */
    storeFor(index) {
        return {
            save: (key, value) => {
                if (key === 'githubReports') {
                    this.update(index, value
                        ? { githubReports: JSON.parse(value) }
                        : {
                            githubReports: undefined,
                        });
                }
            },
            get: () => '',
        };
    }
    get allSettled() {
        return this.#entries.every((entry) => entry.settled);
    }
}

;// CONCATENATED MODULE: ./src/core/flow/with-conclusion.ts
function withConclusion(sink, rewrite) {
    return {
        triggering: (fingerprint) => sink.triggering?.(fingerprint),
        identified: (ref) => sink.identified?.(ref),
        triggered: (info) => sink.triggered?.(info),
        update: (resource, steps) => sink.update?.(resource, steps),
        workflowChanged: (workflow) => sink.workflowChanged?.(workflow),
        stepFinished: async (step, steps, runFinished, signal) => sink.stepFinished?.(step, steps, runFinished, signal),
        concluded: (conclusion) => sink.concluded?.(rewrite(conclusion)),
    };
}

;// CONCATENATED MODULE: ./src/core/flow/several.ts
// Several targets in one step: the single-target flow runs once per target, all at the same time, on
// one rate-limited client and the same cancel signals (plus fail-fast's), each with sinks of its own
// (its prefixed log, its failed logs, its GitHub reports). Then ONE exit: every target's end is handed
// to the step's sinks (outputs and state, summary) once, and the gate is the combined outcome.














async function executeSeveral(settings, deps) {
    const labels = (0,target_label/* targetLabels */.L)(settings.targets);
    const client = sharedReads(rateLimited(deps.client, new RateLimiter(SHARED_RATE, deps, deps.cancel.signal)));
    const failFast = new AbortController();
    const targetsState = new TargetsState(deps.state, settings.targets.length);
    const gate = new ResolutionGate(labels);
    let failedFirst;
    const stopOthers = (label) => {
        if (!settings.failFast || failFast.signal.aborted)
            return;
        failedFirst = label;
        deps.log.info(`${label} failed; aborting the other targets (fail-fast: true).`);
        failFast.abort(new Error(`${label} failed`));
    };
    const cancel = settings.failFast ? withFailFast(deps.cancel, failFast.signal) : deps.cancel;
    const errors = new TargetErrors();
    const runOne = async (target, index) => {
        const label = labels[index];
        const log = prefixedLog(deps.log, label);
        const failedLogs = (0,failed_logs/* collectFailedLogs */.j)({ client, cancel: cancel.signal, log });
        const run = {
            index,
            target,
            label,
            settings: { ...settings, target, targets: [target] },
            log,
            state: targetsState.storeFor(index),
            tails: failedLogs.tails,
            cancel,
        };
        let info;
        let conclusion;
        const record = recordOf(targetsState, index, {
            triggered: (triggered) => void (info = triggered),
            concluded: (ended) => {
                conclusion = ended;
                if (stopsOthers(ended.outcome))
                    stopOthers(label);
            },
        });
        const sinks = [
            record,
            failedLogs.sink,
            (0,log_sink/* createLogSink */.Y)({
                ...deps, // its clock and sleep
                log,
                client,
                settings: run.settings,
                label,
                cancel: cancel.signal,
                annotations: errors.budget,
            }),
            errors.sink(log),
            ...(deps.targetSinks?.(run) ?? []),
        ];
        // A target stopped by another's failure was aborted, not cancelled: every sink hears it so.
        const rewrite = (ended) => failedFirst !== undefined && !deps.cancel.signal.aborted && ended.outcome.kind === 'cancelled'
            ? { ...ended, outcome: failFastOutcome(ended, failedFirst, run.settings) }
            : ended;
        await (0,execute/* execute */.g)(run.settings, {
            ...deps,
            client,
            log,
            cancel,
            sinks: sinks.map((sink) => withConclusion(sink, rewrite)),
            resolved: (resolving) => gate.join(index, resolving),
        });
        return { ...run, conclusion: conclusion, info };
    };
    const targets = await Promise.all(settings.targets.map(runOne));
    errors.finish(deps.log);
    const outcome = combinedOutcome(targets, failedFirst);
    if (targetsState.allSettled)
        (0,contract/* saveState */.LZ)(deps.state, 'settled', true);
    const end = { outcome, targets, ...(failedFirst !== undefined ? { failedFirst } : {}) };
    await tellEnds(deps, end);
    return outcome;
}
/** Keeps one target's part of the post entry's state, and tells `also` of its trigger and its end. */
function recordOf(state, index, also) {
    return {
        triggering: (pendingTrigger) => state.update(index, { pendingTrigger }),
        identified: (ref) => state.update(index, { kind: ref.kind, id: ref.id, pendingTrigger: undefined }),
        triggered: also.triggered,
        concluded: (ended) => {
            state.update(index, { settled: ended.settled });
            return also.concluded(ended);
        },
    };
}
function withFailFast(cancel, failFast) {
    return { signal: AbortSignal.any([cancel.signal, failFast]), hurry: cancel.hurry, failFast };
}
/** Each of the step's sinks hears the end once; one that fails is a warning, never the outcome. */
async function tellEnds(deps, end) {
    for (const tell of deps.ends) {
        try {
            await tell(end);
        }
        catch (error) {
            deps.log.warning(`A report failed (concluded): ${(0,message/* messageOf */.b)(error)}`);
        }
    }
}

// EXTERNAL MODULE: ./src/core/sinks/summary-sink.ts
var summary_sink = __webpack_require__(2086);
// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
// EXTERNAL MODULE: ./src/core/report/summary-html.ts
var summary_html = __webpack_require__(7482);
// EXTERNAL MODULE: ./src/core/report/failures.ts
var failures = __webpack_require__(3315);
// EXTERNAL MODULE: ./src/core/report/summary-model.ts + 2 modules
var summary_model = __webpack_require__(1568);
;// CONCATENATED MODULE: ./src/core/report/summary-text.ts
// The summary document as plain text for a terminal. Every remote or user string goes through sanitizeLine,
// so none can carry an escape sequence or start a workflow command.



const ANSI_COLOURS = { passed: '32', failed: '31', aborted: '33', 'timed-out': '33' };
const LABEL_WIDTH = 18;
function one(value, max = SUMMARY_LIMITS.name) {
    return sanitizeLine(value, { maxLength: max });
}
function inline(part) {
    switch (part.kind) {
        case 'words':
            return part.text;
        case 'text':
        case 'code':
            return one(part.text, part.max);
        case 'commit':
            return one(part.hash);
        case 'link':
            return `${part.label === undefined ? '' : `${part.label}: `}${one(part.url, SUMMARY_LIMITS.url)}`;
    }
}
function summary_text_renderSummaryText(doc, options = {}) {
    const paint = (value, tone) => {
        const colour = ANSI_COLOURS[tone];
        return options.color && colour ? `\u001b[${colour}m${value}\u001b[0m` : value;
    };
    const lines = [paint(`${doc.title.icon} ${doc.title.word}`, doc.title.tone), ''];
    for (const field of doc.fields)
        lines.push(...fieldLines(field));
    for (const section of doc.sections)
        lines.push('', ...sectionLines(section, paint));
    return `${lines.join('\n')}\n`;
}
function fieldLines({ label, value }) {
    const [first] = value;
    if (value.length === 1 && first?.kind === 'text' && first.multiline) {
        // Each line of a multi-line value is sanitised on its own and indented under the first.
        return clip(first.text, first.max)
            .split(LINE_BREAKS)
            .map((line, index) => `${(index === 0 ? `${label}:` : '').padEnd(LABEL_WIDTH)}${one(line)}`);
    }
    return [`${`${label}:`.padEnd(LABEL_WIDTH)}${value.map(inline).join('  ')}`];
}
function mark(state, paint) {
    return paint(state.icon, state.tone);
}
function sectionLines(section, paint) {
    switch (section.kind) {
        case 'steps': {
            if (section.rows.length === 0)
                return [section.title, '  No steps were reported.'];
            return [
                section.title,
                ...section.rows.map((row) => {
                    const duration = row.duration === undefined ? '' : ` (${row.duration})`;
                    // A step's page is for people; its log URL, an API address, only when there is no page.
                    const links = [row.page ?? row.log, row.artifacts].filter((link) => link !== undefined).map(inline);
                    return (`  ${mark(row.state, paint)} ${row.order} ${one(row.name)}${duration} ${one(row.state.word)}` +
                        (links.length > 0 ? `  ${links.join('  ')}` : ''));
                }),
            ];
        }
        case 'failures':
            return failureLines(section);
        case 'attempts':
            return [
                section.title,
                ...section.rows.map((row) => {
                    const duration = row.duration === undefined ? '' : ` (${row.duration})`;
                    const at = row.failedAt === undefined ? '' : ` at step ${one(row.failedAt)}`;
                    return `  ${mark(row.state, paint)} ${row.attempt} ${one(row.id)} ${one(row.state.word)}${at}${duration}  ${inline(row.page)}`;
                }),
            ];
        case 'workflow':
            return [
                `${section.title} ${one(section.id)}`,
                ...section.rows.map((row) => {
                    const run = row.runId === undefined ? '' : `  run ${one(row.runId)}`;
                    return `  ${mark(row.state, paint)} ${one(row.name)}: ${one(row.status)}, ${one(row.state.word)}${run}`;
                }),
            ];
        case 'env':
            return [
                section.keys.length === 0
                    ? `${section.title}: none were sent.`
                    : `${section.title} (keys only): ${section.keys.map((key) => one(key, SUMMARY_LIMITS.envKey)).join(', ')}`,
            ];
        case 'notes':
            return [section.title, ...section.items.map((note) => `  - ${one(note, SUMMARY_LIMITS.note)}`)];
    }
}
/** Each failed step: its name and error line, its link, and how its log ends, indented under it. */
function failureLines(section) {
    const lines = [section.title];
    for (const item of section.items) {
        const why = item.firstError === undefined ? missingErrorLine(item) : one(item.firstError, SUMMARY_LIMITS.message);
        lines.push(`  ${item.icon} Step ${item.order} ${one(item.name)} ${item.verb}: ${why}`);
        if (item.link)
            lines.push(`    ${inline(item.link)}`);
        if (item.lastLines.length > 0) {
            lines.push(`    ${linesNote(item, item.lastLines.length)}`);
            lines.push(...item.lastLines.map((line) => `    │ ${one(line, FAILURE_LIMITS.lineLength)}`));
        }
    }
    if (section.more > 0)
        lines.push(`  ${moreFailedLine(section.more)}`);
    return lines;
}

;// CONCATENATED MODULE: ./src/core/report/several-summary.ts
// The job summary with several targets: an overview first, one row per target (its result, duration and
// page), then each target's own summary, the failed ones first and open, a passed one collapsed in
// <details>. The runner's 1 MiB holds for all of them together: each target's part is drawn within what
// the parts before it left, keeping a little room for each one still to come.





const SUMMARY_MAX_BYTES = 1_000_000;
/** Room kept for each target whose part is still to be drawn. */
const ROOM_PER_TARGET = 2048;
const bytes = (value) => Buffer.byteLength(value, 'utf8');
/** Each target's summary document, labelled with the target. */
function targetDocs(end) {
    return end.targets.map((target) => {
        const doc = (0,summary_sink.summaryDoc)(target.settings, target.info, target.conclusion, { tails: target.tails });
        return { target, doc: { ...doc, title: { ...doc.title, word: `${target.label}: ${doc.title.word}` } } };
    });
}
/** Failed targets first (the worst first), then the others, each group in input order. */
function displayOrder(end) {
    const passed = (target) => ['passed', 'triggered'].includes(target.conclusion.outcome.kind);
    return [...end.targets.filter((target) => !passed(target)), ...end.targets.filter(passed)];
}
/** `3 targets passed`, or `1 of 3 targets failed`: how many ended the way the step did. */
function headline(end) {
    const { kind } = end.outcome;
    const total = end.targets.length;
    const alike = end.targets.filter((target) => target.conclusion.outcome.kind === kind).length;
    const count = alike === 0 || alike === total ? `${total}` : `${alike} of ${total}`;
    return `${count} targets ${(0,format/* outcomeWord */.nG)(kind)}`;
}
function renderSeveralSummary(end, options = {}) {
    const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES;
    const docs = new Map(targetDocs(end).map(({ target, doc }) => [target.index, doc]));
    const top = [
        `<h2>${(0,format/* outcomeIcon */.sE)(end.outcome.kind)} ${(0,safety/* escapeHtml */.ZD)(headline(end))}</h2>`,
        `<p>${(0,safety/* htmlText */.js)(end.outcome.message)}</p>`,
        ...overview(end),
    ].join('\n');
    let left = maxBytes - bytes(top) - 1;
    const parts = [];
    const order = displayOrder(end);
    order.forEach((target, position) => {
        const room = left - ROOM_PER_TARGET * (order.length - position - 1);
        const part = targetPart(target, docs.get(target.index), room);
        if (part === '' || bytes(part) + 1 > left)
            return;
        parts.push(part);
        left -= bytes(part) + 1;
    });
    return `${[top, ...parts].join('\n')}\n`;
}
function overview(end) {
    const rows = end.targets.map((target) => {
        const { outcome, final } = target.conclusion;
        const resource = final.resource ?? target.info?.resource;
        const duration = (0,format/* elapsedMs */.d5)(resource?.startedAt, resource?.finishedAt);
        const web = final.web ?? target.info?.web;
        const href = web ? safeHref(web.url) : undefined;
        const id = final.ref?.id;
        const link = id === undefined ? '—' : href ? `<a href="${(0,safety/* escapeHtml */.ZD)(href)}">${(0,safety/* htmlText */.js)(id)}</a>` : (0,safety/* htmlText */.js)(id);
        return (`<tr><td>${(0,safety/* htmlText */.js)(target.label)}</td><td>${(0,format/* outcomeIcon */.sE)(outcome.kind)} ${(0,safety/* escapeHtml */.ZD)((0,format/* outcomeWord */.nG)(outcome.kind))}</td>` +
            `<td>${duration === undefined ? '—' : (0,safety/* escapeHtml */.ZD)((0,format/* formatDuration */.a3)(duration))}</td><td>${link}</td></tr>`);
    });
    return [
        '<table>',
        '<thead><tr><th>Target</th><th>Result</th><th>Duration</th><th>Run</th></tr></thead>',
        '<tbody>',
        ...rows,
        '</tbody>',
        '</table>',
    ];
}
/** One target's summary, its headings one level down; a passed one collapsed. */
function targetPart(target, doc, maxBytes) {
    const passed = ['passed', 'triggered'].includes(target.conclusion.outcome.kind);
    const open = passed ? '<details><summary>' : '';
    const title = `${doc.title.icon} ${(0,safety/* htmlText */.js)(doc.title.word)}`;
    const wrapper = passed ? bytes(`${open}${title}</summary>\n</details>`) + 2 : 0;
    const html = (0,summary_html/* renderSummary */.B)(doc, { maxBytes: Math.max(0, maxBytes - wrapper) })
        .trimEnd()
        .replaceAll('<h3>', '<h4>')
        .replaceAll('</h3>', '</h4>')
        .replaceAll('<h2>', '<h3>')
        .replaceAll('</h2>', '</h3>');
    if (html === '')
        return '';
    return passed ? `${open}${title}</summary>\n${html}\n</details>` : html;
}
function safeHref(url) {
    try {
        const parsed = new URL(url);
        return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
    }
    catch {
        return undefined;
    }
}
/** For a terminal: the outcome line, then each target's own text summary in the same order. */
function renderSeveralSummaryText(end, options = {}) {
    const docs = new Map(targetDocs(end).map(({ target, doc }) => [target.index, doc]));
    const parts = displayOrder(end).map((target) => renderSummaryText(docs.get(target.index), options));
    return [...parts, `${outcomeIcon(end.outcome.kind)} ${end.outcome.message}\n`].join('\n');
}

// EXTERNAL MODULE: ./src/core/report/runs-output.ts
var runs_output = __webpack_require__(5094);
;// CONCATENATED MODULE: ./src/core/sinks/several-outputs.ts


const EMPTY = [
    'id',
    'run-id',
    'build-id',
    'url',
    'web-url',
    'run-result',
    'progress',
    'attempts',
    'workflow-id',
    'steps',
];
function writeSeveralOutputs(outputs, { targets }) {
    outputs.set('type', targets.some((target) => target.info?.ref.kind === 'build') ? 'build' : 'run');
    for (const name of EMPTY)
        outputs.set(name, '');
    const resources = targets.map((target) => target.conclusion.final.resource);
    outputs.set('status', combinedStatus(resources.map((resource) => resource?.status)));
    outputs.set('result', worstOf(resources.map((resource) => resource?.result ?? 'unknown')));
    const starts = resources.flatMap((resource) => (resource?.startedAt ? [resource.startedAt] : []));
    const ends = resources.flatMap((resource) => (resource?.finishedAt ? [resource.finishedAt] : []));
    const allEnded = ends.length === targets.length;
    const first = starts.length > 0 ? new Date(Math.min(...starts.map(Number))) : undefined;
    const last = allEnded && ends.length > 0 ? new Date(Math.max(...ends.map(Number))) : undefined;
    outputs.set('started-at', first?.toISOString() ?? '');
    outputs.set('finished-at', last?.toISOString() ?? '');
    outputs.set('duration', first && last ? String(Math.round((last.getTime() - first.getTime()) / 1000)) : '');
    outputs.set('runs', (0,runs_output/* runsOutput */.wc)(targets.map(entryOf)));
}
/** `finished` once all finished; else `running` while any runs; else the first one's that did not finish. */
function combinedStatus(statuses) {
    if (statuses.every((status) => status === 'finished'))
        return 'finished';
    if (statuses.includes('running'))
        return 'running';
    return statuses.find((status) => status !== undefined && status !== 'finished') ?? 'unknown';
}
/** A target that never got a run still has its place, with what its input said. */
function entryOf(target) {
    const pipelineId = target.info?.pipelineId ?? (target.target.kind === 'pipeline-id' ? target.target.pipelineId : undefined);
    return ((0,runs_output/* runsEntry */.LF)(target.conclusion.final, pipelineId) ?? {
        pipeline: pipelineId ?? '',
        id: '',
        url: '',
        'web-url': '',
        status: '',
        result: '',
        attempts: '',
        'started-at': '',
        'finished-at': '',
        duration: '',
    });
}

// EXTERNAL MODULE: ./src/action/github-ports.ts
var github_ports = __webpack_require__(4342);
// EXTERNAL MODULE: ./src/action/github-sink.ts + 1 modules
var github_sink = __webpack_require__(790);
;// CONCATENATED MODULE: ./src/action/several.ts






function runSeveral(settings, deps, github, loading) {
    return executeSeveral(settings, {
        ...deps,
        outputs: github_ports/* githubOutputs */.mw,
        state: github_ports/* githubState */.Fz,
        ...(github && loading ? { targetSinks: (run) => [(0,github_sink.targetGitHubSink)(loading, github, run)] } : {}),
        ends: [
            (end) => writeSeveralOutputs(github_ports/* githubOutputs */.mw, end),
            ...(settings.summary
                ? [
                    async (end) => {
                        try {
                            await github_ports/* githubSummary */.s0.write(renderSeveralSummary(end));
                        }
                        catch (error) {
                            deps.log.warning(`Could not write the job summary: ${(0,message/* messageOf */.b)(error)}`);
                        }
                    },
                ]
                : []),
        ],
    });
}


/***/ }),

/***/ 4956:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ targetLabels),
/* harmony export */   S: () => (/* binding */ nameForTarget)
/* harmony export */ });
/* harmony import */ var _text_safety_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8419);
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
        return (0,_text_safety_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitizeLine */ .g$)(unique ?? names.at(-1), { maxLength: 100 });
    });
}
/** A GitHub report's name for one target: `{pipeline}` replaced, or ` (label)` appended. */
function nameForTarget(name, label) {
    return name.includes('{pipeline}') ? name.replaceAll('{pipeline}', label) : `${name} (${label})`;
}


/***/ })

};
