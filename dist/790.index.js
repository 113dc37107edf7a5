export const id = 790;
export const ids = [790];
export const modules = {

/***/ 790:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gitHubSink: () => (/* binding */ gitHubSink)
});

// EXTERNAL MODULE: ./src/core/report/summary-html.ts
var summary_html = __webpack_require__(7482);
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
        summary: (conclusion, info, maxBytes) => (0,summary_html/* renderSummary */.B)((0,target_summary/* targetSummaryDoc */.E)(settings, info, conclusion, { tails: facts.tails, artifacts: facts.artifacts }), { maxBytes }),
    })));
}


/***/ })

};
