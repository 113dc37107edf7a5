export const id = 521;
export const ids = [521];
export const modules = {

/***/ 6521:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  stepSummaryData: () => (/* binding */ stepSummaryData),
  stepSummaryHtml: () => (/* binding */ stepSummaryHtml),
  stepSummaryText: () => (/* binding */ stepSummaryText)
});

// EXTERNAL MODULE: ./src/text/safety.ts + 1 modules
var safety = __webpack_require__(8419);
// EXTERNAL MODULE: ./src/core/report/target-summary.ts
var target_summary = __webpack_require__(6772);
// EXTERNAL MODULE: ./src/core/report/format.ts
var format = __webpack_require__(7375);
// EXTERNAL MODULE: ./src/core/report/summary-html.ts + 1 modules
var summary_html = __webpack_require__(6896);
// EXTERNAL MODULE: ./src/core/report/summary-tests.ts
var summary_tests = __webpack_require__(4918);
// EXTERNAL MODULE: ./src/core/report/failures.ts
var failures = __webpack_require__(3315);
// EXTERNAL MODULE: ./src/core/report/summary-model.ts + 2 modules
var summary_model = __webpack_require__(7618);
;// CONCATENATED MODULE: ./src/core/report/summary-text.ts
// The summary document as plain text for a terminal. Every remote or user string goes through sanitizeLine,
// so none can carry an escape sequence or start a workflow command.




// The title is coloured by our outcome kind; a step by its result, which is remote text (hence a Map).
const OUTCOME_COLOURS = {
    passed: '32',
    failed: '31',
    aborted: '33',
    'timed-out': '33',
    cancelled: undefined,
    unknown: undefined,
    triggered: undefined,
};
const RESULT_COLOURS = new Map([
    ['passed', '32'],
    ['failed', '31'],
    ['aborted', '33'],
]);
const LABEL_WIDTH = 18;
function one(value, max = summary_model/* SUMMARY_LIMITS */.QF.name) {
    return (0,safety/* sanitizeLine */.g$)(value, { maxLength: max });
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
            return `${part.label === undefined ? '' : `${part.label}: `}${one(part.url, summary_model/* SUMMARY_LIMITS */.QF.url)}`;
    }
}
function renderSummaryText(doc, options = {}) {
    const paint = (value, colour) => options.color && colour ? `\u001b[${colour}m${value}\u001b[0m` : value;
    const lines = [paint(`${doc.title.icon} ${doc.title.word}`, OUTCOME_COLOURS[doc.title.tone]), ''];
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
        return (0,safety/* clip */.$Q)(first.text, first.max)
            .split(safety/* LINE_BREAKS */.Cm)
            .map((line, index) => `${(index === 0 ? `${label}:` : '').padEnd(LABEL_WIDTH)}${one(line)}`);
    }
    return [`${`${label}:`.padEnd(LABEL_WIDTH)}${value.map(inline).join('  ')}`];
}
function mark(state, paint) {
    return paint(state.icon, RESULT_COLOURS.get(state.tone));
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
        case 'tests':
            return [
                section.title,
                ...section.steps.flatMap((step) => [
                    `  ${one(step.step)}: ${(0,summary_tests/* countsLine */.J)(step.counts)}`,
                    ...step.failed.map((test) => `    ✖ ${one(test.suite)} › ${one(test.name)}${test.message === undefined ? '' : `: ${one(test.message, summary_model/* SUMMARY_LIMITS */.QF.message)}`}`),
                    ...(step.more > 0 ? [`    …and ${step.more} more`] : []),
                ]),
            ];
        case 'artifacts':
            return [
                section.title,
                ...section.rows.map((row) => {
                    const where = row.folder === undefined ? '' : `  ${one(row.folder)}`;
                    const why = row.reason === undefined ? '' : `: ${one(row.reason, summary_model/* SUMMARY_LIMITS */.QF.message)}`;
                    return `  ${mark(row.state, paint)} ${row.order} ${one(row.step)} ${one(row.state.word)}${why}, ${row.files} files, ${row.size}${where}`;
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
                    : `${section.title} (keys only): ${section.keys.map((key) => one(key, summary_model/* SUMMARY_LIMITS */.QF.envKey)).join(', ')}`,
            ];
        case 'notes':
            return [section.title, ...section.items.map((note) => `  - ${one(note, summary_model/* SUMMARY_LIMITS */.QF.note)}`)];
    }
}
/** Each failed step: its name and error line, its link, and how its log ends, indented under it. */
function failureLines(section) {
    const lines = [section.title];
    for (const item of section.items) {
        const why = item.firstError === undefined ? (0,failures/* missingErrorLine */.BU)(item) : one(item.firstError, summary_model/* SUMMARY_LIMITS */.QF.message);
        lines.push(`  ${item.icon} Step ${item.order} ${one(item.name)} ${item.verb}: ${why}`);
        if (item.link)
            lines.push(`    ${inline(item.link)}`);
        if (item.lastLines.length > 0) {
            lines.push(`    ${(0,failures/* linesNote */.Iz)(item, item.lastLines.length)}`);
            lines.push(...item.lastLines.map((line) => `    │ ${one(line, failures/* FAILURE_LIMITS */.IC.lineLength)}`));
        }
    }
    if (section.more > 0)
        lines.push(`  ${(0,failures/* moreFailedLine */.zs)(section.more)}`);
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
        const doc = (0,target_summary/* targetSummaryDoc */.E)(target.settings, target.info, target.conclusion, {
            tails: target.facts.tails,
            artifacts: target.facts.artifacts,
            tests: target.facts.tests,
        });
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
    return [...parts, `${(0,format/* outcomeIcon */.sE)(end.outcome.kind)} ${end.outcome.message}\n`].join('\n');
}

;// CONCATENATED MODULE: ./src/core/report/step-summary.ts




function docOf({ settings, info, conclusion, tails, artifacts, tests, stepUrl, }) {
    return (0,target_summary/* targetSummaryDoc */.E)(settings, info, conclusion, { tails, artifacts, tests, stepUrl });
}
function stepSummaryHtml(summary) {
    return summary.kind === 'target' ? (0,summary_html/* renderSummary */.B)(docOf(summary.facts)) : renderSeveralSummary(summary.end);
}
function stepSummaryText(summary, options = {}) {
    return summary.kind === 'target'
        ? renderSummaryText(docOf(summary.facts), options)
        : renderSeveralSummaryText(summary.end, options);
}
/** The summary's facts for `ci-run run --json`: one target's; several are in the `runs` output. */
function stepSummaryData(summary) {
    return summary?.kind === 'target' ? docOf(summary.facts).data : undefined;
}


/***/ })

};
