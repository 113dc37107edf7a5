export const id = 790;
export const ids = [790];
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
